#include "ui/window/runagain.h"

#include "core/net/resendheaders.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/diff/diffview.h"
#include "ui/eventpresentation.h"
#include "ui/live/liveruncontroller.h"
#include "ui/live/runrequest.h"
#include "ui/models/sessiondocument.h"
#include "ui/window/windowservices.h"

#include <QAction>
#include <QInputDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

namespace agui::ui {

RunAgain::RunAgain(WindowServices *window)
    : QObject(window->hostWindow())
    , m_window(window)
{
    setObjectName(QStringLiteral("runAgain"));
    m_action = new QAction(RunAgain::tr("Run &Again…"), window->hostWindow());
    m_action->setObjectName(QStringLiteral("runAgainAction"));
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_action->setToolTip(RunAgain::tr("Send a recorded run's request again, editable first, and "
                                      "compare the new run with the recorded one"));
    connect(m_action, &QAction::triggered, this, &RunAgain::trigger);
    connect(window->liveRun(), &LiveRunController::stateChanged, this,
            &RunAgain::onRunStateChanged);
    connect(window->document(), &SessionDocument::resetDone, this, &RunAgain::updateEnabled);
    updateEnabled();
}

QList<int> RunAgain::rerunnable() const
{
    QList<int> runs;
    const Capture &capture = m_window->document()->capture();
    for (int i = 0; i < capture.runs.size(); ++i) {
        const RecordedRequest &request = capture.runs.at(i).request;
        if (request.present && !request.url.isEmpty())
            runs.append(i);
    }
    return runs;
}

void RunAgain::updateEnabled()
{
    m_action->setEnabled(!m_window->liveRun()->isRunning() && !rerunnable().isEmpty());
}

void RunAgain::prefill(ConnectDialog &dialog, int run) const
{
    const RecordedRequest &request = m_window->document()->capture().runs.at(run).request;
    dialog.setEndpoint(request.url); // loads the headers remembered for it (keychain)
    // The recorded ones the user did not save go below them (never credentials: a capture has
    // those redacted, and resendableHeaders leaves them out).
    dialog.addMissingHeaders(net::resendableHeaders(request.headers));
    const QJsonDocument body = QJsonDocument::fromJson(request.body);
    if (body.isObject())
        dialog.setInitialInput(body.object());
}

int RunAgain::chooseRun()
{
    const QList<int> runs = rerunnable();
    if (runs.size() == 1)
        return runs.first();
    QStringList labels;
    for (int run : runs)
        labels << recordedRunLabel(m_window->document()->capture().runs.at(run), run,
                                   RunLabelDetail::WithRequest);
    bool ok = false;
    const QString chosen = QInputDialog::getItem(m_window->hostWindow(), RunAgain::tr("Run Again"),
                                                 RunAgain::tr("Recorded run to send again:"),
                                                 labels, int(labels.size()) - 1, false, &ok);
    return ok ? runs.value(labels.indexOf(chosen), -1) : -1;
}

void RunAgain::trigger()
{
    if (rerunnable().isEmpty())
        return;
    const int run = chooseRun();
    if (run < 0)
        return;
    ConnectDialog dialog(m_window->hostWindow());
    dialog.setWindowTitle(RunAgain::tr("Run Again: Run %1").arg(run + 1));
    prefill(dialog, run);
    if (dialog.exec() == QDialog::Accepted)
        rerun(run, dialog.request());
}

bool RunAgain::rerun(int run, const RunRequest &request)
{
    // The live run appends its recording when its request goes out: the next index.
    const int next = int(m_window->document()->capture().runs.size());
    if (!m_window->startRun(request))
        return false;
    m_original = run;
    m_rerun = next;
    m_window->hostWindow()->statusBar()->showMessage(
        RunAgain::tr("Running recorded run %1 again; the Diff tab compares the two when it ends")
            .arg(run + 1),
        8000);
    return true;
}

void RunAgain::onRunStateChanged()
{
    updateEnabled();
    if (m_original < 0 || m_window->liveRun()->isRunning())
        return;
    const int original = m_original;
    const int rerunIndex = m_rerun;
    m_original = m_rerun = -1;
    if (rerunIndex >= m_window->document()->capture().runs.size()) {
        m_window->hostWindow()->statusBar()->showMessage(
            RunAgain::tr("The re-run of run %1 sent no request: nothing to compare")
                .arg(original + 1),
            10000);
        return;
    }
    qobject_cast<DiffView *>(m_window->detailTabView(QStringLiteral("diff")))
        ->compareRecordedRuns(original, rerunIndex);
    m_window->showTab(QStringLiteral("diff"));
    Q_EMIT comparing(original, rerunIndex);
}

RunAgain *installRunAgain(WindowServices *window)
{
    auto *runAgain = new RunAgain(window);
    // Beside Connect…, before Stop.
    window->menu(WindowServices::MenuId::Run)
        ->insertAction(window->stopAction(), runAgain->action());
    return runAgain;
}

} // namespace agui::ui
