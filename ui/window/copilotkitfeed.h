#pragma once

// Run > Attach to CopilotKit Debug Feed…: a CopilotKit runtime's debug feed as a live source
// (core/copilotkit DebugFeedClient, docs/copilotkit.md). Each agent/thread the feed carries
// becomes a run of a fresh session, recorded through the session's Recording like the window's
// own runs and the proxy's exchanges (every byte kept, the feed's timestamps, linted). The
// status bar shows the feed, the streams and frames so far, Copy (the feed's URL) and Stop. A
// feed that is off (404) or absent (a single-endpoint runtime) is said in the status bar, in the
// words of docs/copilotkit.md; so is each of the runtime's traps the feed shows (a stopped run's
// bare RUN_FINISHED, a connect's replayed history, the feed cut mid-frame), also kept as a note
// of the session (Save As writes it). Opening a capture replaces the session, so it detaches.
//
// The feed's socket is read on the GUI thread without blocking, as the window's own runs are.

#include <QObject>
#include <QUrl>

#include <memory>
#include <vector>

class QAction;

namespace agui {
class RunRecorder;
namespace copilotkit {
class DebugFeedClient;
}
} // namespace agui

namespace agui::ui {

class ServiceStatusStrip;
class WindowServices;

class CopilotKitFeedControl : public QObject
{
    Q_OBJECT

public:
    explicit CopilotKitFeedControl(WindowServices *window);
    ~CopilotKitFeedControl() override;

    QAction *attachAction() const { return m_action; }
    // Starts a fresh session and attaches to the feed of the runtime at base (its base path).
    // False (lastError()) when it cannot start (a bad URL, the window's own run going).
    bool attach(const QUrl &base);
    void detach();
    bool isAttached() const;
    QString lastError() const { return m_lastError; }
    int streamCount() const;
    qint64 frameCount() const;

Q_SIGNALS:
    void attachedChanged(bool attached);

private:
    void showDialog();
    void updateStatus();
    void announceNotes();
    void onFinished();

    WindowServices *m_window;
    QAction *m_action = nullptr;
    ServiceStatusStrip *m_status = nullptr;
    std::unique_ptr<RunRecorder> m_feedRun;
    std::vector<std::unique_ptr<RunRecorder>> m_streams;
    std::unique_ptr<copilotkit::DebugFeedClient> m_client;
    QUrl m_base;
    QString m_lastError;
    qsizetype m_notesAnnounced = 0;
    bool m_starting = false;
};

CopilotKitFeedControl *installCopilotKitFeed(WindowServices *window);

} // namespace agui::ui
