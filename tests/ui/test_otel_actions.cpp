// The window's OpenTelemetry actions (docs/otel.md): each run sends a W3C traceparent (on by
// default, off by the Run menu's toggle), Copy Trace ID names the last run's trace, Run Again
// starts a new trace, File › Export as OpenTelemetry Trace… writes the session's spans on a
// worker thread, and Export Live Runs to a Collector… sends each run's spans as it ends.

#include "core/net/httpserver.h"
#include "core/otel/traceparent.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/window/mainwindow.h"
#include "ui/window/otelactions.h"
#include "ui/window/runagain.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QRadioButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace agui;
using namespace agui::ui;

namespace {

constexpr int kDeadlineMs = 60000;

QString traceParentOf(const RunRecording &run)
{
    return headerValue(run.request.headers, QLatin1StringView("traceparent"));
}

// Answers the next modal dialog (the export dialog, an input dialog) with `answer` once it is up.
void whenModal(std::function<void(QWidget *)> answer)
{
    auto *timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, answer] {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal)
            return;
        timer->stop();
        timer->deleteLater();
        answer(modal);
    });
    timer->start();
}

} // namespace

class TestOtelActions : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    OtelActions *m_otel = nullptr;

    void demoRun()
    {
        QString error;
        QVERIFY2(m_window->startDemoRun(&error), qPrintable(error));
        QVERIFY(m_window->waitForRunToEnd(kDeadlineMs));
    }

private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        m_otel = m_window->findChild<OtelActions *>(QStringLiteral("otelActions"));
        QVERIFY(m_otel);
    }

    void cleanup() { m_window.reset(); }

    void runsCarryTraceContext()
    {
        QVERIFY(m_otel->sendTraceContextAction()->isChecked()); // on by default
        QVERIFY(!m_otel->copyTraceIdAction()->isEnabled());
        demoRun();
        const QString sent = traceParentOf(m_window->document()->capture().runs.last());
        const auto parent = otel::TraceParent::parse(sent.toLatin1(), nullptr);
        QVERIFY2(parent, qPrintable(sent));
        QVERIFY(m_otel->copyTraceIdAction()->isEnabled());
        QVERIFY(m_otel->copyTraceIdAction()->text().contains(
            QString::fromLatin1(parent->traceId.toHex().left(8))));
        QCOMPARE(OtelActions::traceUrl(QStringLiteral("http://jaeger:16686/trace/{traceId}"),
                                       parent->traceId),
                 QStringLiteral("http://jaeger:16686/trace/")
                     + QString::fromLatin1(parent->traceId.toHex()));

        m_otel->sendTraceContextAction()->setChecked(false);
        demoRun();
        QVERIFY(traceParentOf(m_window->document()->capture().runs.last()).isEmpty());
        QVERIFY(!m_otel->copyTraceIdAction()->isEnabled());
    }

    void runAgainStartsANewTrace()
    {
        demoRun();
        auto *runAgain = m_window->findChild<RunAgain *>(QStringLiteral("runAgain"));
        QVERIFY(runAgain);
        ConnectDialog dialog(m_window.get());
        runAgain->prefill(dialog, 0);
        QVERIFY(runAgain->rerun(0, dialog.request()));
        QVERIFY(m_window->waitForRunToEnd(kDeadlineMs));
        const QList<RunRecording> &runs = m_window->document()->capture().runs;
        QCOMPARE(runs.size(), 2);
        QVERIFY(!traceParentOf(runs[1]).isEmpty());
        QVERIFY(traceParentOf(runs[1]) != traceParentOf(runs[0]));
    }

    void exportWritesTheSessionsSpans()
    {
        demoRun();
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("trace.json"));
        QVERIFY(m_otel->exportAction()->isEnabled());
        whenModal([file](QWidget *modal) {
            auto *path = modal->findChild<QLineEdit *>(QStringLiteral("otelFile"));
            // docs/screenshots/otel-export.png comes from here, with a name and not a path.
            if (!qEnvironmentVariableIsEmpty("AGUI_SCREENSHOT_DIR")) {
                path->setText(QStringLiteral("trace.otlp.json"));
                modal->grab().save(qEnvironmentVariable("AGUI_SCREENSHOT_DIR")
                                   + QStringLiteral("/otel-export.png"));
            }
            path->setText(file);
            static_cast<QDialog *>(modal)->accept();
        });
        m_otel->exportAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(
            m_window->statusBar()->currentMessage().startsWith(QLatin1String("Exported")),
            kDeadlineMs);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject body = QJsonDocument::fromJson(f.readAll()).object();
        const QJsonArray spans = body[QLatin1String("resourceSpans")][0]
                                     [QLatin1String("scopeSpans")][0][QLatin1String("spans")]
                                         .toArray();
        QVERIFY(!spans.isEmpty());
        // The run's span is the one its traceparent named: the agent's spans would nest under it.
        const auto parent = otel::TraceParent::parse(
            traceParentOf(m_window->document()->capture().runs.first()).toLatin1(), nullptr);
        QVERIFY(parent);
        bool found = false;
        for (const QJsonValue &s : spans)
            found = found
                || (s[QLatin1String("spanId")].toString()
                        == QString::fromLatin1(parent->parentId.toHex())
                    && s[QLatin1String("traceId")].toString()
                        == QString::fromLatin1(parent->traceId.toHex()));
        QVERIFY(found);
    }

    void liveRunsGoToACollector()
    {
        net::HttpServer collector;
        QList<QByteArray> bodies;
        collector.route("POST", QStringLiteral("/v1/traces"),
                        [&bodies](const net::HttpRequest &request, net::HttpResponder *r) {
                            bodies.append(request.body);
                            r->respond(200, "application/x-protobuf", {});
                        });
        QVERIFY(collector.listen());
        QUrl base = collector.url();
        base.setPath({});
        QVERIFY(!m_otel->liveExportAction()->isChecked()); // off by default
        whenModal([base](QWidget *modal) {
            auto *input = qobject_cast<QInputDialog *>(modal);
            QVERIFY(input);
            input->setTextValue(base.toString());
            input->accept();
        });
        m_otel->liveExportAction()->setChecked(true);
        QVERIFY(m_otel->liveExportAction()->isChecked());
        demoRun();
        const QByteArray traceId = m_window->findChild<LiveRunController *>()->lastTraceId();
        QCOMPARE(traceId.size(), 16);
        // Batches go out within a second of the run's end.
        QTRY_VERIFY_WITH_TIMEOUT(!bodies.isEmpty() && bodies.join().contains(traceId), kDeadlineMs);
        m_otel->liveExportAction()->setChecked(false);
    }
};

QTEST_MAIN(TestOtelActions)
#include "test_otel_actions.moc"
