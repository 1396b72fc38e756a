// Run > Run Again…: a recorded run of the demo agent is sent again with its recorded request
// (prefilled in the Connect dialog, unedited here); the new run is recorded into the session and
// the Diff tab compares it with the original, each rebuilt on its own.

#include "ui/dialogs/connectdialog.h"
#include "ui/diff/diffmodel.h"
#include "ui/diff/diffview.h"
#include "ui/live/runrequest.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/window/mainwindow.h"
#include "ui/window/runagain.h"

#include <QAction>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

using namespace agui;
using namespace agui::ui;

namespace {

constexpr int kDeadlineMs = 60000;

QJsonObject bodyOf(const RunRecording &run)
{
    return QJsonDocument::fromJson(run.request.body).object();
}

} // namespace

class TestRunAgain : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    RunAgain *m_runAgain = nullptr;

private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        m_runAgain = m_window->findChild<RunAgain *>(QStringLiteral("runAgain"));
        QVERIFY(m_runAgain);
        QVERIFY(!m_runAgain->action()->isEnabled()); // nothing recorded yet
        QString error;
        QVERIFY2(m_window->startDemoRun(&error), qPrintable(error));
        QVERIFY(m_window->waitForRunToEnd(kDeadlineMs));
    }

    void cleanup() { m_window.reset(); }

    void theRecordedRequestIsPrefilled()
    {
        QCOMPARE(m_runAgain->rerunnable(), QList<int> {0});
        QVERIFY(m_runAgain->action()->isEnabled());
        const RunRecording &recorded = m_window->document()->capture().runs.first();
        ConnectDialog dialog(m_window.get());
        m_runAgain->prefill(dialog, 0);
        const RunRequest request = dialog.request();
        QCOMPARE(request.url.toString(), recorded.request.url);
        QCOMPARE(request.input, bodyOf(recorded));
    }

    void theReRunIsRecordedAndCompared()
    {
        ConnectDialog dialog(m_window.get());
        m_runAgain->prefill(dialog, 0);
        QSignalSpy comparing(m_runAgain, &RunAgain::comparing);
        QVERIFY(m_runAgain->rerun(0, dialog.request()));
        QVERIFY(!m_runAgain->rerun(0, dialog.request())); // one run at a time
        QTRY_COMPARE_WITH_TIMEOUT(comparing.size(), 1, kDeadlineMs);
        QCOMPARE(comparing.first().at(0).toInt(), 0);
        QCOMPARE(comparing.first().at(1).toInt(), 1);

        const Capture &capture = m_window->document()->capture();
        QCOMPARE(capture.runs.size(), 2);
        QCOMPARE(bodyOf(capture.runs.at(1)), bodyOf(capture.runs.at(0))); // sent as recorded
        QCOMPARE(m_runAgain->rerunnable(), (QList<int> {0, 1}));

        QCOMPARE(m_window->detailTabs()->currentWidget()->objectName(),
                 QStringLiteral("diffTab")); // the Diff tab is shown
        auto *diff = qobject_cast<DiffView *>(m_window->detailTabView(QStringLiteral("diff")));
        QVERIFY(diff);
        QTRY_VERIFY_WITH_TIMEOUT(!diff->isComputing(), kDeadlineMs);
        QVERIFY2(diff->status()->text().contains(QLatin1String("run 1 (A)")),
                 qPrintable(diff->status()->text()));
        // The demo agent answers the same request with the same events: only ids and
        // timestamps may differ, and no event is missing or added.
        for (int row = 0; row < diff->model()->rowCount(); ++row) {
            const analysis::DiffItem *item = diff->model()->item(row);
            QVERIFY(item);
            QVERIFY2(item->kind != analysis::DiffKind::Missing
                         && item->kind != analysis::DiffKind::Added,
                     qPrintable(analysis::describeDiffItem(*item)));
        }
    }
};

QTEST_MAIN(TestRunAgain)
#include "test_run_again.moc"
