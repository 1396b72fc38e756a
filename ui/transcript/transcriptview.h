#pragma once

#include <QList>
#include <QPointer>
#include <QWidget>

class QLabel;
class QAbstractItemView;
class QTreeView;

namespace agui::ui {

class SessionDocument;
class TimeTravel;
class TranscriptModel;

// The Transcript tab: the thread's messages as a conversation as of the selected event (user,
// assistant, system/developer, tool results, reasoning folded until clicked, activity messages
// as cards), growing live while a run streams. A MESSAGES_SNAPSHOT shows its merge: a banner
// with the counts and each message tagged appended / replaced / dropped. Clicking a message
// selects the events that built it.
class TranscriptView : public QWidget
{
    Q_OBJECT
public:
    explicit TranscriptView(QWidget *parent = nullptr);

    void setDocument(SessionDocument *document);
    void setTimeTravel(TimeTravel *timeTravel);
    TimeTravel *timeTravel() const { return m_timeTravel; }
    void setCurrentEvent(qint64 seq);

    TranscriptModel *model() const { return m_model; }
    QAbstractItemView *listView() const;
    QString bannerText() const;
    // What a click on the message does (select its events; reasoning also folds/unfolds).
    void activateMessage(const QString &messageId);

Q_SIGNALS:
    void eventsSelected(const QList<qint64> &seqs);

private:
    void refresh();
    void onClicked(int row);

    QPointer<TimeTravel> m_timeTravel;
    TimeTravel *m_ownTimeTravel = nullptr;
    QMetaObject::Connection m_updatedConnection;
    TranscriptModel *m_model = nullptr;
    QLabel *m_banner = nullptr;
    QLabel *m_summary = nullptr;
    QTreeView *m_list = nullptr;
    quint64 m_shownGeneration = 0;
};

} // namespace agui::ui
