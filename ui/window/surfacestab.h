#pragma once

// The Surfaces tab of the main window and the composer flow that answers a surface:
//   - the tab (WindowServices::showTab("surfaces")) shows the
//     A2UI surfaces as of the list's current event (surfacesOf(snapshotAt(seq))); with no
//     current event it follows the newest one, so a streaming run updates it;
//   - a click on a Button with an action opens the composer for the next run on the same thread
//     with forwardedProps.a2uiAction.userAction; Send starts that run through the window's
//     LiveRunController on the same endpoint with the composed bytes, exactly as typed;
//   - Run > Compose Run… opens the composer by hand (message / action / resume / raw JSON).

#include "ui/composer/composerdialog.h" // complete: a signal argument (moc's metatype)
#include "ui/live/runrequest.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

class QAction;

namespace agui::ui {

class LazyWidget;
class WindowServices;
class SurfacesPanel;

class SurfacesTab : public QObject
{
    Q_OBJECT
public:
    // Coalesces bursts of selection changes / appended events into one rebuild.
    static constexpr int kCoalesceMs = 30;

    explicit SurfacesTab(WindowServices *window);

    SurfacesPanel *panel(); // built now if the tab was never shown
    QAction *composeAction() const { return m_compose; }
    // The composer opened last (nullptr once it closed).
    ComposerDialog *composer() const { return m_composer; }
    // The event whose surfaces are shown (-1: the newest, or none).
    qint64 shownSeq() const { return m_shownSeq; }
    // True while the tab follows the newest event (nothing selected, or the newest selected).
    bool followsTail() const { return m_followTail; }
    QString lastError() const { return m_lastError; }

    // Opens the composer (non-blocking, window-modal) for the next run on the session's thread;
    // with a userAction it starts in User action mode.
    ComposerDialog *openComposer(const QJsonObject &userAction = {});
    // Starts the composed run on the last endpoint; false (and a status message) when no
    // endpoint is known or a run is in progress.
    bool sendComposed(const QByteArray &body, const QJsonObject &input);
    // Where a composed run goes (see sendComposed); empty with *problem set when nowhere.
    RunRequest composedRunTarget(QString *problem) const;
    // Rebuilds now if a rebuild is pending (tests, screenshots).
    void flush();

Q_SIGNALS:
    void composerOpened(agui::ui::ComposerDialog *composer);

private:
    void requestUpdate();
    void rebuild();
    bool isShown() const;
    void reportError(const QString &message);

    WindowServices *m_window = nullptr;
    LazyWidget *m_tab = nullptr; // the tab's widget; m_panel is built in it
    SurfacesPanel *m_panel = nullptr;
    QAction *m_compose = nullptr;
    QPointer<ComposerDialog> m_composer;
    QTimer m_timer;
    qint64 m_requestedSeq = -1; // the list's current event
    bool m_followTail = true;
    qint64 m_shownSeq = -2; // -2: nothing computed yet (or the session was reset)
    qint64 m_shownSize = -1; // session size when the newest event was shown
    bool m_dirty = true;
    QString m_lastError;
};

// Adds the Surfaces tab and Run > Compose Run… to the window (one call from its constructor).
SurfacesTab *installSurfacesTab(WindowServices *window);

} // namespace agui::ui
