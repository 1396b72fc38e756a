#pragma once

#include <QList>
#include <QPointer>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace agui::ui {

class SessionDocument;
class TimeTravel;
class ToolCallModel;

// The Tool Calls tab: every call as of the selected event (name, status, args as streamed,
// result, parent message, run, times), and below the table the selected call's arguments
// (pretty JSON once complete, the partial text while streaming, the parse error if they never
// become JSON) and result, each with a Copy button. Selecting a call selects its events.
class ToolCallsView : public QWidget
{
    Q_OBJECT
public:
    explicit ToolCallsView(QWidget *parent = nullptr);

    void setDocument(SessionDocument *document);
    void setTimeTravel(TimeTravel *timeTravel);
    TimeTravel *timeTravel() const { return m_timeTravel; }
    void setCurrentEvent(qint64 seq);

    ToolCallModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    // The selected call's id ("" when none).
    QString selectedCallId() const;
    bool selectCall(const QString &toolCallId);
    QString argsText() const;
    QString resultText() const;
    QString diagnosticText() const;
    void copyArgs() const;
    void copyResult() const;

Q_SIGNALS:
    void eventsSelected(const QList<qint64> &seqs);

private:
    void sizeColumns();
    void refresh();
    void showDetail();
    void emitEventsOfSelection();

    QPointer<TimeTravel> m_timeTravel;
    TimeTravel *m_ownTimeTravel = nullptr;
    QMetaObject::Connection m_updatedConnection;
    ToolCallModel *m_model = nullptr;
    QLabel *m_summary = nullptr;
    QTableView *m_table = nullptr;
    QLabel *m_detailTitle = nullptr;
    QLabel *m_diagnostic = nullptr;
    QPlainTextEdit *m_args = nullptr;
    QPlainTextEdit *m_result = nullptr;
    QPushButton *m_copyArgs = nullptr;
    QPushButton *m_copyResult = nullptr;
    quint64 m_shownGeneration = 0;
};

} // namespace agui::ui
