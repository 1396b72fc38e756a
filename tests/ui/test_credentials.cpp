// Credentials never leave the request: tokens planted in Authorization, Cookie, X-Api-Key, the
// URL's query (and a Set-Cookie coming back) are sent to the server, but after a live run driven
// through the connect dialog, a Save As in both formats and the window closing, no file the app
// wrote (capture, settings, exports, its log) and nothing on screen (labels, buttons, tooltips,
// item views, the status bar, the window title) holds one of them. Every path the app may write
// to (HOME, XDG_*, TMPDIR) points into one temporary folder, which is searched byte by byte.

#include "../net/faultserver.h"

#include "ui/dialogs/connectdialog.h"
#include "ui/live/liveruncontroller.h"
#include "ui/persistsettings.h"
#include "ui/window/mainwindow.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QDirIterator>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace agui;
using namespace agui::ui;

namespace {

QTemporaryDir *g_root = nullptr;
QByteArray g_log; // everything the app logged
QtMessageHandler g_previous = nullptr;

const QList<QByteArray> kTokens = {"TOKEN-AUTH-3f9a", "TOKEN-COOKIE-71c2", "TOKEN-APIKEY-b05e",
                                   "TOKEN-QUERY-9d4d", "TOKEN-SETCOOKIE-e8a1"};

void collectLog(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (g_previous)
        g_previous(type, context, message);
    g_log += message.toUtf8() + '\n';
    QFile file(g_root->filePath(QStringLiteral("app.log"))); // the log is a file the app wrote
    if (file.open(QIODevice::Append))
        file.write(message.toUtf8() + '\n');
}

QString leakIn(const QString &where, const QString &text)
{
    for (const QByteArray &token : kTokens)
        if (text.contains(QLatin1StringView(token)))
            return QStringLiteral("%1 shows %2: %3")
                .arg(where, QLatin1StringView(token), text.left(200));
    return {};
}

// Everything the window shows as text (visible widgets: the closed connect dialog still holds
// what the user typed, and shows values masked while it is open).
QStringList screenLeaks(QWidget *top)
{
    QStringList leaks;
    auto check = [&](const QString &where, const QString &text) {
        if (const QString leak = leakIn(where, text); !leak.isEmpty())
            leaks << leak;
    };
    check(QStringLiteral("window title"), top->windowTitle());
    for (QWidget *w : top->findChildren<QWidget *>()) {
        if (!w->isVisible())
            continue;
        check(QStringLiteral("tooltip"), w->toolTip());
        if (auto *label = qobject_cast<QLabel *>(w))
            check(QStringLiteral("label"), label->text());
        if (auto *edit = qobject_cast<QLineEdit *>(w))
            check(QStringLiteral("line edit"), edit->displayText());
        if (auto *button = qobject_cast<QAbstractButton *>(w))
            check(QStringLiteral("button"), button->text());
        if (auto *bar = qobject_cast<QStatusBar *>(w))
            check(QStringLiteral("status bar"), bar->currentMessage());
        if (auto *view = qobject_cast<QAbstractItemView *>(w); view && view->model()) {
            QAbstractItemModel *m = view->model();
            for (int r = 0; r < m->rowCount(); ++r)
                for (int c = 0; c < m->columnCount(); ++c)
                    for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
                        check(QStringLiteral("item view"), m->index(r, c).data(role).toString());
        }
    }
    return leaks;
}

} // namespace

class TestCredentials : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // After QTest's own handler is in place: ours sees everything, then passes it on.
    void initTestCase() { g_previous = qInstallMessageHandler(collectLog); }

    void credentialsReachNoFileAndNoScreen()
    {
        const QByteArray run = "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}"
                               "\n\ndata: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\","
                               "\"runId\":\"r\"}\n\n";
        FaultServer server;
        server.setScript({FaultStep::head(faultHead(200, "text/event-stream",
                                                    "Set-Cookie: sid=TOKEN-SETCOOKIE-e8a1\r\n"
                                                    "Connection: close\r\n")),
                          FaultStep::send(run)});
        setPersistSettings(true);
        {
            MainWindow window;
            window.show();
            ConnectDialog dialog(&window);
            dialog.setEndpoint(server.url().toString()
                               + QStringLiteral("?api_key=TOKEN-QUERY-9d4d&page=2"));
            dialog.setHeaders(
                {{QStringLiteral("Authorization"), QStringLiteral("Bearer TOKEN-AUTH-3f9a")},
                 {QStringLiteral("Cookie"), QStringLiteral("sid=TOKEN-COOKIE-71c2")},
                 {QStringLiteral("X-Api-Key"), QStringLiteral("TOKEN-APIKEY-b05e")}});
            dialog.accept();
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
            window.liveRun()->start(dialog.request());
            QTRY_VERIFY_WITH_TIMEOUT(!window.liveRun()->isRunning(), 60000);
            QVERIFY2(window.liveRun()->state() == LiveRunController::State::Finished,
                     qPrintable(window.liveRun()->statusText()));
            // They were sent: the server saw every one.
            for (const QByteArray &token : kTokens.mid(0, 4))
                QVERIFY2(server.request().contains(token), token.constData());
            QVERIFY(window.liveRun()->captureFilePath().startsWith(g_root->path()));

            window.selectEvent(0);
            for (const char *tab : {"event", "state", "transcript", "tools"}) {
                window.showTab(QLatin1StringView(tab));
                QCoreApplication::processEvents();
                const QStringList leaks = screenLeaks(&window);
                QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(u'\n')));
            }
            QString error;
            QVERIFY2(window.saveCapture(g_root->filePath(QStringLiteral("saved.aguicap")), &error),
                     qPrintable(error));
            QVERIFY2(window.saveCapture(g_root->filePath(QStringLiteral("saved.jsonl")), &error),
                     qPrintable(error));
            window.close();
        }
        QSettings().sync();

        // No file written under the root holds a token.
        int files = 0;
        QDirIterator it(g_root->path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            ++files;
            for (const QByteArray &token : kTokens)
                QVERIFY2(!bytes.contains(token),
                         qPrintable(QStringLiteral("%1 holds %2")
                                        .arg(file.fileName(), QLatin1StringView(token))));
        }
        QVERIFY2(files >= 4, qPrintable(QString::number(files))); // capture, settings, 2 exports
        for (const QByteArray &token : kTokens)
            QVERIFY(!g_log.contains(token));
    }
};

int main(int argc, char **argv)
{
    // Before anything reads them: every place the app may write is inside one folder.
    QTemporaryDir root;
    g_root = &root;
    for (const char *var :
         {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "TMPDIR"})
        qputenv(var, root.path().toLocal8Bit());
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("agui-inspector"));
    QApplication::setOrganizationName(QStringLiteral("agui-inspector"));
    TestCredentials test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_credentials.moc"
