#pragma once

#include "core/analysis/sessiondiff.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QTableView;

namespace agui::ui {

struct DiffJob;

class DiffModel;
class RunNumberModel;
class SessionDocument;

// The Diff tab: compares the open session (side A) with another capture, or one of its runs
// with another, using core/analysis's session diff (the same as `agui-inspect diff`): events
// aligned by type and ids, messages, tool calls, state, A2UI surfaces and timing, with the ignore
// options. The differences are listed; the selected one shows both values and the JSON Patch
// between them; double-clicking one selects its event of side A. The comparison runs off the GUI
// thread (the other capture is read there too).
class DiffView : public QWidget
{
    Q_OBJECT

public:
    explicit DiffView(SessionDocument *document, QWidget *parent = nullptr);
    ~DiffView() override;

    // What to compare with: another capture file, or run `runB` of this session with `runA`.
    void setOtherCapture(const QString &path);
    void setRuns(int runA, int runB);
    void setOptions(const analysis::DiffOptions &options);
    analysis::DiffOptions options() const;
    void compare();
    // Run Again's comparison: recorded runs (capture.runs indexes) A and B, each rebuilt on its
    // own, timing aside (analysis::diffRecordedRuns).
    void compareRecordedRuns(int recordedA, int recordedB);

    bool isComputing() const { return m_running; }
    DiffModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QPlainTextEdit *detail() const { return m_detail; }
    QLabel *status() const { return m_status; }

Q_SIGNALS:
    void eventActivated(qint64 seq);
    void compared(); // a result (or an error) is shown

private:
    void start(const DiffJob &job);
    void browse();
    void refreshRuns();
    void showDetail();
    void activate(const QModelIndex &index);

    SessionDocument *m_document;
    QRadioButton *m_withFile = nullptr;
    QRadioButton *m_withRun = nullptr;
    QLineEdit *m_path = nullptr;
    RunNumberModel *m_runNumbers = nullptr;
    QComboBox *m_runA = nullptr;
    QComboBox *m_runB = nullptr;
    QCheckBox *m_ignoreIds = nullptr;
    QCheckBox *m_ignoreTimestamps = nullptr;
    QCheckBox *m_ignoreText = nullptr;
    QCheckBox *m_ignoreTiming = nullptr;
    QPushButton *m_compare = nullptr;
    QLabel *m_status = nullptr;
    DiffModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QPlainTextEdit *m_detail = nullptr;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace agui::ui
