#pragma once

// Run > Run Again…: a recorded run's request opens in the Connect dialog, editable: its URL, the
// headers a capture keeps (core/net's resendableHeaders: credentials are never in a capture, so
// they come from the keychain as for any endpoint the user saved them for) and its body. The new
// run is recorded into the session like any other, and when it ends the Diff tab compares it with
// the original: every event, text, tool call, state and surface, timing aside, each run rebuilt
// on its own so the ids an agent reuses do not collide (analysis::diffRecordedRuns).

#include <QObject>

class QAction;

namespace agui::ui {

class ConnectDialog;
class WindowServices;
struct RunRequest;

class RunAgain : public QObject
{
    Q_OBJECT

public:
    explicit RunAgain(WindowServices *window);

    QAction *action() const { return m_action; }

    // Recorded runs that can be sent again (they have a request with a URL), capture.runs indexes.
    QList<int> rerunnable() const;
    // Fills the dialog with recorded run `run`'s request.
    void prefill(ConnectDialog &dialog, int run) const;
    // Sends `request` as a re-run of recorded run `run`; the comparison opens when it ends. false
    // (nothing sent) while another run is in progress.
    bool rerun(int run, const RunRequest &request);

Q_SIGNALS:
    // The re-run ended and the Diff tab is comparing it with the original.
    void comparing(int original, int rerun);

private:
    void trigger();
    int chooseRun();
    void onRunStateChanged();
    void updateEnabled();

    WindowServices *m_window;
    QAction *m_action = nullptr;
    int m_original = -1; // while a re-run is on its way
    int m_rerun = -1;
};

// Adds Run > Run Again… (one call, from installReportTabs: it compares in the Diff tab).
RunAgain *installRunAgain(WindowServices *window);

} // namespace agui::ui
