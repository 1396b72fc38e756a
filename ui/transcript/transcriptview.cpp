#include "ui/transcript/transcriptview.h"

#include "core/session/session.h"
#include "ui/models/sessiondocument.h"
#include "ui/models/timetravel.h"
#include "ui/timeline/entityevents.h"
#include "ui/transcript/transcriptdelegate.h"
#include "ui/transcript/transcriptmodel.h"

#include <QLabel>
#include <QResizeEvent>
#include <QScrollBar>
#include <QTreeView>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

// A flat QTreeView rather than a QListView: with rows of different heights QListView asks every
// row for its size on each layout (O(messages) text measuring), while QTreeView measures rows
// lazily as they are shown and re-measures only the rows a dataChanged names. Card heights
// depend on the width, so a width change drops the measured heights.
class TranscriptTreeView : public QTreeView
{
public:
    using QTreeView::QTreeView;

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        const bool widthChanged = event->size().width() != event->oldSize().width();
        QTreeView::resizeEvent(event);
        if (widthChanged)
            scheduleDelayedItemsLayout();
    }
};

} // namespace

TranscriptView::TranscriptView(QWidget *parent)
    : QWidget(parent)
{
    m_model = new TranscriptModel(this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::PlainText);
    m_banner = new QLabel(this);
    m_banner->setObjectName(QStringLiteral("mergeBanner"));
    m_banner->setTextFormat(Qt::PlainText);
    m_banner->setWordWrap(true);
    m_banner->setStyleSheet(
        QStringLiteral("QLabel { background: #fff4d6; color: #5a4300; border: 1px solid #e0c060; "
                       "border-radius: 4px; padding: 4px; }"));
    m_banner->hide();
    m_list = new TranscriptTreeView(this);
    m_list->setObjectName(QStringLiteral("transcriptList"));
    m_list->setModel(m_model);
    m_list->setItemDelegate(new TranscriptDelegate(m_list));
    m_list->setHeaderHidden(true);
    m_list->setRootIsDecorated(false);
    m_list->setItemsExpandable(false);
    m_list->setUniformRowHeights(false);
    m_list->setAllColumnsShowFocus(true);
    // Per item: per-pixel scrolling would need every card measured up front.
    m_list->setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setWordWrap(true);
    layout->addWidget(m_summary);
    layout->addWidget(m_banner);
    layout->addWidget(m_list, 1);

    connect(m_list, &QAbstractItemView::clicked, this,
            [this](const QModelIndex &index) { onClicked(index.row()); });
}

QAbstractItemView *TranscriptView::listView() const
{
    return m_list;
}

void TranscriptView::setDocument(SessionDocument *document)
{
    if (!m_ownTimeTravel) {
        m_ownTimeTravel = new TimeTravel(this);
        setTimeTravel(m_ownTimeTravel);
    }
    m_timeTravel->setDocument(document);
}

void TranscriptView::setTimeTravel(TimeTravel *timeTravel)
{
    disconnect(m_updatedConnection);
    m_timeTravel = timeTravel;
    m_shownGeneration = 0;
    if (timeTravel)
        m_updatedConnection
            = connect(timeTravel, &TimeTravel::updated, this, &TranscriptView::refresh);
    refresh(); // attached late (its tab first shown mid-session), it catches up at once
}

void TranscriptView::setCurrentEvent(qint64 seq)
{
    if (m_timeTravel)
        m_timeTravel->setCurrentEvent(seq);
}

QString TranscriptView::bannerText() const
{
    return m_banner->isHidden() ? QString() : m_banner->text();
}

void TranscriptView::refresh()
{
    if (!m_timeTravel || m_timeTravel->generation() == m_shownGeneration)
        return;
    m_shownGeneration = m_timeTravel->generation();
    QScrollBar *bar = m_list->verticalScrollBar();
    const bool atBottom = bar->value() >= bar->maximum() - 4;
    const int oldRows = m_model->rowCount();
    m_model->setSnapshot(m_timeTravel->snapshot(), m_timeTravel->before(), m_timeTravel->change());
    const QString merge = m_model->mergeSummary();
    m_banner->setText(merge);
    m_banner->setVisible(!merge.isEmpty());
    const qint64 seq = m_timeTravel->seq();
    m_summary->setText(seq < 0 ? tr("No events yet.")
                               : tr("%n message(s) after event %1", nullptr,
                                    int(m_timeTravel->snapshot().messageCount()))
                                     .arg(seq));
    // Streaming: stay at the newest message when the reader was there.
    if (atBottom && m_model->rowCount() != oldRows)
        m_list->scrollToBottom();
    // Time travel: show the message this event touched.
    const EventChange &change = m_timeTravel->change();
    QString touched;
    if (!change.messagesAdded.isEmpty())
        touched = change.messagesAdded.first();
    else if (!change.messagesChanged.isEmpty())
        touched = change.messagesChanged.first();
    const int row = touched.isEmpty() ? -1 : m_model->rowOf(touched);
    if (row >= 0 && !atBottom)
        m_list->scrollTo(m_model->index(row), QAbstractItemView::EnsureVisible);
}

void TranscriptView::activateMessage(const QString &messageId)
{
    const int row = m_model->rowOf(messageId);
    if (row < 0)
        return;
    m_list->setCurrentIndex(m_model->index(row));
    onClicked(row);
}

void TranscriptView::onClicked(int row)
{
    const Message *message = m_model->messageAt(row);
    if (!message)
        return;
    const Message copy = *message; // toggling may not move rows, but do not hold a reference
    if (copy.role == QLatin1String("reasoning"))
        m_model->toggleExpanded(m_model->index(row));
    if (m_timeTravel && m_timeTravel->document())
        Q_EMIT eventsSelected(eventsOfMessage(m_timeTravel->document()->session(), copy));
}

} // namespace agui::ui
