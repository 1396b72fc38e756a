// A session is one thing: a capture opened from a file, the proxy's exchanges, or the window's own
// live runs on one thread (issue "the first hour, round two", items 1 and 3). A run the user
// starts with a capture open asks to start a new session and, on yes, starts one: none of the
// file's events, no finding carried over from the file's cut-off run, none of its thread in the
// request, a title and a status bar that speak for the new session. Cancel leaves the capture as
// it was. File > New Session and File > Close empty the window. An old run's status ("HTTP 404")
// does not stay under a file that loaded fine.

#include "sseserver.h"
#include "tests/testfiles.h"
#include "ui/composer/composerdialog.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/live/liveruncontroller.h"
#include "ui/live/runrequest.h"
#include "ui/models/bookmarklist.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/window/bookmarkactions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/surfacestab.h"

#include "core/session/session.h"

#include <QAbstractButton>
#include <QApplication>
#include <QJsonArray>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace agui;
using namespace agui::ui;

namespace {

// A stream of another thread whose last run was cut off mid-message.
const QByteArray kCutCapture
    = "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"file-thread\",\"runId\":\"f1\"}\n\n"
      "data: {\"type\":\"MESSAGES_SNAPSHOT\",\"messages\":[{\"id\":\"u1\",\"role\":\"user\","
      "\"content\":\"a question from the file\"}]}\n\n"
      "data: {\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m1\",\"role\":\"assistant\"}\n\n";

// Answers the next question box with `button` (or records that none came).
void answerNextQuestion(QMessageBox::StandardButton button, bool *asked)
{
    QTimer::singleShot(0, [button, asked] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        *asked = box != nullptr;
        if (box)
            box->button(button)->click();
    });
}

bool hasVerifyFinding(const Session &session)
{
    for (const Finding &f : session.findings())
        if (f.layer == QLatin1String("verify"))
            return true;
    return false;
}

} // namespace

class TestSessionBoundaries : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_capture;
    SseTestServer m_server;

    RunRequest agentRequest() const
    {
        RunRequest request;
        request.url = m_server.url(QStringLiteral("/agent"));
        request.input = ConnectDialog::defaultInput();
        return request;
    }

private Q_SLOTS:
    void initTestCase()
    {
        setPersistSettings(false);
        m_capture = testing::writeTestFile(m_dir, QStringLiteral("cut.sse"), kCutCapture);
        m_server.setReply(
            QStringLiteral("/agent"),
            SseTestServer::sse({R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})",
                                R"({"type":"RUN_FINISHED","threadId":"t","runId":"r"})"}));
        m_server.setReply(QStringLiteral("/missing"),
                          {QByteArray("HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n"
                                      "Connection: close\r\n\r\n"),
                           {"not found"}});
    }

    void aRunWithACaptureOpenStartsANewSessionOnYes()
    {
        MainWindow window;
        window.show();
        QString error;
        QVERIFY2(window.openCaptureAndWait(m_capture, &error), qPrintable(error));
        QCOMPARE(window.sessionOrigin(), MainWindow::SessionOrigin::File);
        QVERIFY(window.windowTitle().contains(QStringLiteral("cut.sse")));

        bool asked = false;
        answerNextQuestion(QMessageBox::Ok, &asked);
        QVERIFY(window.confirmRunStartsSession(QStringLiteral("Connect")));
        QVERIFY(asked);
        QVERIFY(window.startRun(agentRequest()));
        QVERIFY(window.waitForRunToEnd(60000));

        QCOMPARE(window.sessionOrigin(), MainWindow::SessionOrigin::Live);
        QCOMPARE(window.document()->size(), 2); // the new run's events only
        QCOMPARE(window.document()->runCount(), 1);
        QVERIFY2(!hasVerifyFinding(window.document()->session()),
                 "a finding of the file's cut-off run on the new one");
        QVERIFY(!window.windowTitle().contains(QStringLiteral("cut.sse")));
        QVERIFY(window.windowFilePath().isEmpty());
        const QJsonArray sent = window.liveRun()->lastRequest().input.value(u"messages").toArray();
        for (const QJsonValue &m : sent)
            QVERIFY(m.toObject().value(u"id").toString() != QLatin1String("u1"));
    }

    void cancelLeavesTheCaptureAsItWas()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openCaptureAndWait(m_capture));
        const qint64 events = window.document()->size();
        bool asked = false;
        answerNextQuestion(QMessageBox::Cancel, &asked);
        QVERIFY(!window.startDemoRun());
        QVERIFY(asked);
        QVERIFY(!window.liveRun()->isRunning());
        QCOMPARE(window.document()->size(), events);
        QCOMPARE(window.sessionOrigin(), MainWindow::SessionOrigin::File);
        QVERIFY(window.windowTitle().contains(QStringLiteral("cut.sse")));
    }

    void runsOfTheWindowsOwnSessionContinueItsThread()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.startRun(agentRequest()));
        QVERIFY(window.waitForRunToEnd(60000));
        bool asked = false;
        answerNextQuestion(QMessageBox::Ok, &asked);
        QVERIFY(window.confirmRunStartsSession(QStringLiteral("Connect")));
        QTest::qWait(50);
        QVERIFY(!asked); // nothing to ask: the live session goes on
        QVERIFY(window.startRun(agentRequest()));
        QVERIFY(window.waitForRunToEnd(60000));
        QCOMPARE(window.document()->runCount(), 2);
    }

    void theComposerSaysWhereItWillPost()
    {
        MainWindow window;
        window.show();
        auto *tab = window.findChild<SurfacesTab *>();
        QVERIFY(tab);
        {
            // An empty session has no endpoint: the composer says so, and Send is off.
            QPointer<ComposerDialog> composer = tab->openComposer();
            auto *endpoint = composer->findChild<QLabel *>(QStringLiteral("composerEndpoint"));
            QVERIFY(endpoint);
            QVERIFY2(endpoint->text().contains(QStringLiteral("No endpoint")),
                     qPrintable(endpoint->text()));
            QVERIFY(!composer->sendButton()->isEnabled());
            composer->close();
        }
        QVERIFY(window.startRun(agentRequest()));
        QVERIFY(window.waitForRunToEnd(60000));
        QPointer<ComposerDialog> composer = tab->openComposer();
        auto *endpoint = composer->findChild<QLabel *>(QStringLiteral("composerEndpoint"));
        QCOMPARE(endpoint->text(), m_server.url(QStringLiteral("/agent")).toString());
        QVERIFY(composer->sendButton()->isEnabled());
        composer->close();
    }

    void composingInAnOpenedCaptureAsksFirst()
    {
        // A composed run (not a surface's answer) to an opened capture's endpoint asks before
        // it leaves the capture; Cancel sends nothing and leaves the capture as it was.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("recorded.aguicap"));
        MainWindow window;
        window.show();
        QVERIFY(window.startRun(agentRequest()));
        QVERIFY(window.waitForRunToEnd(60000));
        QString error;
        QVERIFY2(window.saveCapture(path, &error), qPrintable(error));
        QVERIFY2(window.openCaptureAndWait(path, &error), qPrintable(error));
        QCOMPARE(window.sessionOrigin(), MainWindow::SessionOrigin::File);
        const qint64 events = window.document()->size();

        auto *tab = window.findChild<SurfacesTab *>();
        QPointer<ComposerDialog> composer = tab->openComposer();
        QVERIFY(composer->sendButton()->isEnabled());
        bool asked = false;
        answerNextQuestion(QMessageBox::Cancel, &asked);
        QTest::mouseClick(composer->sendButton(), Qt::LeftButton);
        QVERIFY(asked);
        QVERIFY(!window.liveRun()->isRunning());
        QCOMPARE(window.document()->size(), events);
        QCOMPARE(window.sessionOrigin(), MainWindow::SessionOrigin::File);
        if (composer)
            composer->close();
    }

    void aLiveSessionSavedReopensTheSame()
    {
        // The window's own session of two runs, a bookmark on the second run's first event:
        // saved and reopened, every event, its run and the bookmark come back as they were.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("live.aguicap"));
        QStringList before;
        {
            MainWindow window;
            window.show();
            for (int run = 0; run < 2; ++run) {
                QVERIFY(window.startRun(agentRequest()));
                QVERIFY(window.waitForRunToEnd(60000));
            }
            QCOMPARE(window.document()->size(), 4);
            BookmarkActions *bookmarks = window.findChild<BookmarkActions *>();
            QVERIFY(bookmarks);
            bookmarks->bookmarks()->add(2, QStringLiteral("second run"));
            QString error;
            QVERIFY2(window.saveCapture(path, &error), qPrintable(error));
            for (qint64 seq = 0; seq < window.document()->size(); ++seq)
                before.append(QStringLiteral("%1 run %2 %3")
                                  .arg(seq)
                                  .arg(window.document()->row(seq).runIndex)
                                  .arg(QString::fromUtf8(window.document()->eventAt(seq).raw)));
        }
        MainWindow again;
        QVERIFY(again.openCaptureAndWait(path));
        QStringList after;
        for (qint64 seq = 0; seq < again.document()->size(); ++seq)
            after.append(QStringLiteral("%1 run %2 %3")
                             .arg(seq)
                             .arg(again.document()->row(seq).runIndex)
                             .arg(QString::fromUtf8(again.document()->eventAt(seq).raw)));
        QCOMPARE(after, before);
        BookmarkActions *bookmarks = again.findChild<BookmarkActions *>();
        QCOMPARE(bookmarks->bookmarks()->seqs(), QList<qint64> {2});
        QCOMPARE(bookmarks->bookmarks()->note(2), QStringLiteral("second run"));
    }

    void newSessionAndCloseEmptyTheWindow()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openCaptureAndWait(m_capture));
        window.startSession();
        QCOMPARE(window.document()->size(), 0);
        QCOMPARE(window.sessionOrigin(), MainWindow::SessionOrigin::Empty);
        QCOMPARE(window.windowTitle(), QStringLiteral("AG-UI Inspector"));
        // A run now starts the session without asking.
        bool asked = false;
        answerNextQuestion(QMessageBox::Ok, &asked);
        QVERIFY(window.confirmRunStartsSession(QStringLiteral("Connect")));
        QTest::qWait(50);
        QVERIFY(!asked);
    }

    void anOldRunsStatusDoesNotStayUnderAFileThatLoaded()
    {
        MainWindow window;
        window.show();
        RunRequest request = agentRequest();
        request.url = m_server.url(QStringLiteral("/missing"));
        QVERIFY(window.startRun(request));
        QVERIFY(window.waitForRunToEnd(60000));
        QVERIFY2(window.connectionLabel()->text().contains(QStringLiteral("404")),
                 qPrintable(window.connectionLabel()->text()));
        QVERIFY(window.openCaptureAndWait(m_capture));
        QVERIFY2(!window.connectionLabel()->text().contains(QStringLiteral("404")),
                 qPrintable(window.connectionLabel()->text()));
        QVERIFY(!window.connectionLabel()->toolTip().contains(QStringLiteral("not found")));
    }
};

QTEST_MAIN(TestSessionBoundaries)
#include "test_session_boundaries.moc"
