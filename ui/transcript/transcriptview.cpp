#include "ui/transcript/transcriptview.h"

#include "core/session/session.h"
#include "ui/models/sessiondocument.h"
#include "ui/timeline/entityevents.h"
#include "ui/timeline/timetravel.h"
#include "ui/transcript/transcriptdelegate.h"
#include "ui/transcript/transcriptmodel.h"

#include <QLabel>
#include <QListView>
#include <QScrollBar>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

// Card heights depend on the text, so a changed row (a growing message, a folded reasoning
// opened) needs the list to lay its items out again; QListView only does that on its own for
// inserts and resets.
class TranscriptListView : public QListView
{
public:
    using QListView::QListView;
    void relayout() { scheduleDelayedItemsLayout(); }
};

} // namespace

TranscriptView::TranscriptView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("transcriptTab"));
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
    auto *list = new TranscriptListView(this);
    m_list = list;
    m_list->setObjectName(QStringLiteral("transcriptList"));
    m_list->setModel(m_model);
    m_list->setItemDelegate(new TranscriptDelegate(m_list));
    m_list->setUniformItemSizes(false);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setWordWrap(true);
    layout->addWidget(m_summary);
    layout->addWidget(m_banner);
    layout->addWidget(m_list, 1);

    connect(m_model, &QAbstractItemModel::dataChanged, list, [list] { list->relayout(); });
    connect(m_list, &QAbstractItemView::clicked, this,
            [this](const QModelIndex &index) { onClicked(index.row()); });
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
    const TranscriptItem *item = m_model->itemAt(row);
    if (!item)
        return;
    if (item->message.role == QLatin1String("reasoning"))
        m_model->toggleExpanded(m_model->index(row));
    if (m_timeTravel && m_timeTravel->document())
        Q_EMIT eventsSelected(eventsOfMessage(m_timeTravel->document()->session(), item->message));
}

} // namespace agui::ui
