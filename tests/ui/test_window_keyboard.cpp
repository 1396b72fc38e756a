// Keyboard and clipboard: every shortcut listed under Help (no key bound twice), Ctrl+L/Ctrl+F
// focus the filter, F8/Shift+F8 step through events with findings, Alt+Down/Up through runs,
// and the Edit menu copies events as JSON / JSON lines and a run as a curl command that carries
// no credential (checked by running it through a shell with curl replaced).

#include "core/capture/redaction.h"
#include "sessionviews_testdata.h"
#include "sseserver.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/eventpresentation.h"
#include "ui/live/curlcommand.h"
#include "ui/live/runrequest.h"
#include "ui/models/eventfiltermodel.h"
#include "ui/persistsettings.h"
#include "ui/views/eventlistview.h"
#include "ui/widgets/filterlineedit.h"
#include "ui/window/copyactions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/navigationactions.h"

#include <QClipboard>
#include <QMenuBar>
#include <QProcess>
#include <QTest>

using namespace agui;
using namespace agui::ui;

class TestWindowKeyboard : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }
    void shortcutsAreListedOnce();
    void filterFocusKeys();
    void stepThroughFindingsAndRuns();
    void copyEventsAsJson();
    void curlCommandQuotesAndHidesCredentials();
    void copyRunAsCurl();
};

namespace {

const QString kSmall = QStringLiteral(AGUI_TEST_DATA_DIR "/ui/small.sse");

void trigger(MainWindow &window, const QKeySequence &keys)
{
    QTest::keySequence(&window, keys);
    QCoreApplication::processEvents();
}

// The arguments curl would get: the command run by sh with curl a function printing them.
QStringList shellArguments(const QString &command, const QStringList &environment)
{
    QProcess sh;
    QProcessEnvironment env;
    for (const QString &assignment : environment)
        env.insert(assignment.section(QLatin1Char('='), 0, 0),
                   assignment.section(QLatin1Char('='), 1));
    sh.setProcessEnvironment(env);
    sh.start(QStringLiteral("/bin/sh"),
             {QStringLiteral("-c"),
              QStringLiteral("curl() { for a in \"$@\"; do printf '%s\\0' \"$a\"; done; }\n")
                  + command});
    if (!sh.waitForFinished(60000))
        return {};
    QStringList out = QString::fromUtf8(sh.readAllStandardOutput()).split(QChar(0));
    out.removeLast();
    return out;
}

} // namespace

void TestWindowKeyboard::shortcutsAreListedOnce()
{
    MainWindow window;
    const QList<ShortcutEntry> entries = menuShortcuts(&window);
    QHash<QString, QString> owner;
    for (const ShortcutEntry &e : entries) {
        for (const QString &keys : e.keys.split(QStringLiteral(", "))) {
            QVERIFY2(!owner.contains(keys),
                     qPrintable(keys + QStringLiteral(": ") + owner.value(keys)
                                + QStringLiteral(" and ") + e.action));
            owner.insert(keys, e.action);
        }
    }
    const auto keys
        = [](QKeyCombination k) { return QKeySequence(k).toString(QKeySequence::NativeText); };
    QCOMPARE(owner.value(keys(Qt::CTRL | Qt::Key_G)), QStringLiteral("Go to Event…"));
    QCOMPARE(owner.value(keys(Qt::CTRL | Qt::Key_L)), QStringLiteral("Filter Events"));
    QCOMPARE(owner.value(keys(Qt::CTRL | Qt::Key_F)), QStringLiteral("Filter Events"));
    QCOMPARE(owner.value(keys(QKeyCombination(Qt::Key_F8))),
             QStringLiteral("Next Event with Findings"));
    QCOMPARE(owner.value(keys(Qt::ALT | Qt::Key_Down)), QStringLiteral("Next Run"));
    QCOMPARE(owner.value(keys(Qt::CTRL | Qt::Key_1)), QStringLiteral("Event"));
    QCOMPARE(owner.value(keys(Qt::CTRL | Qt::SHIFT | Qt::Key_J)),
             QStringLiteral("Copy Events as JSON"));
    QVERIFY(owner.contains(keys(QKeyCombination(Qt::Key_F1)))); // the list itself
}

void TestWindowKeyboard::filterFocusKeys()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    for (const QKeyCombination k : {Qt::CTRL | Qt::Key_L, Qt::CTRL | Qt::Key_F}) {
        window.eventList()->setFocus();
        QTRY_VERIFY(window.eventList()->hasFocus());
        trigger(window, QKeySequence(k));
        QTRY_VERIFY(window.filterEdit()->hasFocus());
    }
}

void TestWindowKeyboard::stepThroughFindingsAndRuns()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QString error;
    QVERIFY2(window.openCaptureAndWait(viewsCapturePath(), &error), qPrintable(error));
    QVERIFY(window.document()->runCount() >= 2);
    // Findings: from event 0 forwards, each F8 lands on the next event that has any.
    QVERIFY(window.selectEvent(0));
    const qint64 first = window.document()->nearestEventWithFinding(0, true);
    const qint64 second = window.document()->nearestEventWithFinding(first, true);
    QVERIFY(first > 0 && second > first);
    trigger(window, QKeySequence(Qt::Key_F8));
    QCOMPARE(window.eventList()->currentSeq(), first);
    trigger(window, QKeySequence(Qt::Key_F8));
    QCOMPARE(window.eventList()->currentSeq(), second);
    trigger(window, QKeySequence(Qt::SHIFT | Qt::Key_F8));
    QCOMPARE(window.eventList()->currentSeq(), first);
    // Runs: Alt+Down to the second run's first event, Alt+Up back to the first's.
    const SessionSnapshot &runs = window.document()->session().current();
    QVERIFY(window.selectEvent(runs.run(0).firstSeq + 1));
    trigger(window, QKeySequence(Qt::ALT | Qt::Key_Down));
    QCOMPARE(window.eventList()->currentSeq(), runs.run(1).firstSeq);
    trigger(window, QKeySequence(Qt::ALT | Qt::Key_Up));
    QCOMPARE(window.eventList()->currentSeq(), runs.run(0).firstSeq);
}

void TestWindowKeyboard::copyEventsAsJson()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QString error;
    QVERIFY2(window.openCaptureAndWait(kSmall, &error), qPrintable(error));
    QVERIFY(window.selectEvent(2));
    trigger(window, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J));
    const QByteArray two = window.document()->payload(2);
    QCOMPARE(QApplication::clipboard()->text().toUtf8(), two);
    QVERIFY(two.startsWith("{\"type\":\"TEXT_MESSAGE_CONTENT\""));
    // A range: JSON lines, in order, each as received.
    QItemSelectionModel *selection = window.eventList()->selectionModel();
    const QAbstractItemModel *rows = window.eventList()->model();
    selection->select(QItemSelection(rows->index(2, 0), rows->index(4, 0)),
                      QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    trigger(window, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J));
    QCOMPARE(QApplication::clipboard()->text().toUtf8(),
             window.document()->payload(2) + '\n' + window.document()->payload(3) + '\n'
                 + window.document()->payload(4) + '\n');
}

void TestWindowKeyboard::curlCommandQuotesAndHidesCredentials()
{
    RecordedRequest request;
    request.present = true;
    request.method = QStringLiteral("POST");
    request.url = QStringLiteral("https://agent.invalid/run?api_key=url-s3cret&x=1");
    request.headers = {{QStringLiteral("Content-Type"), QStringLiteral("application/json")},
                       {QStringLiteral("Authorization"), QStringLiteral("Bearer hdr-s3cret")},
                       {QStringLiteral("X-Api-Key"), QStringLiteral("key-s3cret")},
                       {QStringLiteral("X-Note"), QStringLiteral("it's $HOME `id`")}};
    request.body = R"({"threadId":"t","messages":[{"content":"it's a 'quote' $HOME"}]})";
    const QString command = curlCommand(request);
    QVERIFY2(!command.contains(QStringLiteral("s3cret")), qPrintable(command));
    const QStringList args = shellArguments(
        command, {QStringLiteral("AUTHORIZATION=Bearer from-env"), QStringLiteral("X_API_KEY=k")});
    const QStringList expected {QStringLiteral("-N"),
                                QStringLiteral("-X"),
                                QStringLiteral("POST"),
                                redactUrl(request.url),
                                QStringLiteral("-H"),
                                QStringLiteral("Content-Type: application/json"),
                                QStringLiteral("-H"),
                                QStringLiteral("Authorization: Bearer from-env"),
                                QStringLiteral("-H"),
                                QStringLiteral("X-Api-Key: k"),
                                QStringLiteral("-H"),
                                QStringLiteral("X-Note: it's $HOME `id`"),
                                QStringLiteral("--data-binary"),
                                QString::fromUtf8(request.body)};
    QCOMPARE(args, expected);
}

void TestWindowKeyboard::copyRunAsCurl()
{
    SseTestServer server;
    server.setReply(
        QStringLiteral("/agent"),
        SseTestServer::sse({R"({"type":"RUN_STARTED","threadId":"t","runId":"r-curl"})",
                            R"({"type":"RUN_FINISHED","threadId":"t","runId":"r-curl"})"}));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    RunRequest request;
    request.url = server.url(QStringLiteral("/agent"));
    request.headers = {{QStringLiteral("Authorization"), QStringLiteral("Bearer live-s3cret")}};
    request.input = ConnectDialog::defaultInput();
    request.input.insert(QStringLiteral("runId"), QStringLiteral("r-curl"));
    QVERIFY(window.startRun(request));
    QVERIFY(window.waitForRunToEnd(60000));
    QVERIFY(window.selectEvent(1));
    trigger(window, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U));
    const QString curl = QApplication::clipboard()->text();
    QVERIFY2(curl.startsWith(QStringLiteral("curl -N -X POST '") + request.url.toString()),
             qPrintable(curl));
    QVERIFY(curl.contains(QStringLiteral("\"$AUTHORIZATION\"")));
    QVERIFY(curl.contains(QStringLiteral("r-curl")));
    QVERIFY(!curl.contains(QStringLiteral("live-s3cret")));
}

QTEST_MAIN(TestWindowKeyboard)
#include "test_window_keyboard.moc"
