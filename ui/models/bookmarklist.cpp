#include "ui/models/bookmarklist.h"

#include "core/capture/capturewriter.h"
#include "ui/models/sessiondocument.h"

namespace agui::ui {

BookmarkList::BookmarkList(SessionDocument *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
{
    connect(document, &SessionDocument::resetDone, this, &BookmarkList::reload);
    reload();
}

void BookmarkList::reload()
{
    m_bookmarks.clear();
    // A file naming an event twice keeps the last: the one written after the other.
    for (const Bookmark &b : m_document->capture().bookmarks)
        m_bookmarks[b.seq] = b;
    Q_EMIT reset();
}

void BookmarkList::store()
{
    QList<Bookmark> all;
    all.reserve(size());
    for (const auto &entry : m_bookmarks)
        all.append(entry.second);
    m_document->mutableCapture().bookmarks = all;
}

QString BookmarkList::note(qint64 seq) const
{
    const auto it = m_bookmarks.find(seq);
    return it == m_bookmarks.end() ? QString() : it->second.note;
}

QList<qint64> BookmarkList::seqs() const
{
    QList<qint64> out;
    out.reserve(size());
    for (const auto &entry : m_bookmarks)
        out.append(entry.first);
    return out;
}

qsizetype BookmarkList::indexOf(qint64 seq) const
{
    const auto it = m_bookmarks.find(seq);
    return it == m_bookmarks.end() ? -1 : qsizetype(std::distance(m_bookmarks.begin(), it));
}

qint64 BookmarkList::nearest(qint64 from, bool forward) const
{
    if (forward) {
        const auto it = m_bookmarks.upper_bound(from);
        return it == m_bookmarks.end() ? -1 : it->first;
    }
    auto it = m_bookmarks.lower_bound(from);
    return it == m_bookmarks.begin() ? -1 : std::prev(it)->first;
}

void BookmarkList::add(qint64 seq, const QString &note)
{
    if (seq < 0 || contains(seq))
        return;
    m_bookmarks[seq] = Bookmark {seq, note, nowUs()};
    store();
    Q_EMIT added(seq);
}

void BookmarkList::remove(qint64 seq)
{
    if (!contains(seq))
        return;
    Q_EMIT aboutToRemove(seq);
    m_bookmarks.erase(seq);
    store();
    Q_EMIT removed(seq);
}

bool BookmarkList::toggle(qint64 seq)
{
    if (contains(seq)) {
        remove(seq);
        return false;
    }
    add(seq);
    return contains(seq);
}

void BookmarkList::setNote(qint64 seq, const QString &note)
{
    if (!contains(seq))
        return add(seq, note);
    Bookmark &b = m_bookmarks[seq];
    if (b.note == note)
        return;
    b.note = note;
    store();
    Q_EMIT noteChanged(seq);
}

} // namespace agui::ui
