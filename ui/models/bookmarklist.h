#pragma once

#include "core/capture/capture.h"

#include <QObject>
#include <QPointer>

#include <map>

namespace agui::ui {

class SessionDocument;

// The window's bookmarks: at most one per event, kept by event number so the event list asks
// "is this row bookmarked?" in O(log n) while painting. The document's capture holds the same
// list (Capture::bookmarks), rewritten on every change, so Save As writes them with nothing
// else to remember; opening a capture (a document reset) reads them from it.
class BookmarkList : public QObject
{
    Q_OBJECT
public:
    explicit BookmarkList(SessionDocument *document, QObject *parent = nullptr);

    bool contains(qint64 seq) const { return m_bookmarks.count(seq) > 0; }
    QString note(qint64 seq) const;
    qsizetype size() const { return qsizetype(m_bookmarks.size()); }
    QList<qint64> seqs() const; // ascending
    qsizetype indexOf(qint64 seq) const; // position in seqs(), -1 when absent
    // The nearest bookmark after (forward) or before `from`; -1 when there is none.
    qint64 nearest(qint64 from, bool forward) const;

    void add(qint64 seq, const QString &note = {});
    void remove(qint64 seq);
    bool toggle(qint64 seq); // true: the event is bookmarked now
    void setNote(qint64 seq, const QString &note); // bookmarks the event if it was not

Q_SIGNALS:
    void added(qint64 seq);
    void aboutToRemove(qint64 seq);
    void removed(qint64 seq);
    void noteChanged(qint64 seq);
    void reset(); // replaced by the bookmarks of a newly opened capture

private:
    void reload();
    void store(); // into the document's capture, for Save As

    QPointer<SessionDocument> m_document;
    std::map<qint64, Bookmark> m_bookmarks;
};

} // namespace agui::ui
