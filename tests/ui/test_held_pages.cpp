// The proxy's two breakpoint pages on their own: a held body small enough is shown indented and
// checked as it is edited; one too large to edit on the GUI thread is shown as its start,
// read-only, with only the decisions that need no editing (kEditableHeldBytes).

#include "core/capture/capture.h"
#include "core/net/bodyrewriter.h"
#include "ui/views/heldeventview.h"
#include "ui/views/heldparts.h"
#include "ui/views/heldrequestview.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace agui;
using namespace agui::ui;

namespace {

QByteArray largeRunInput()
{
    // A valid RunAgentInput whose one message is past the limit.
    QByteArray body
        = "{\"threadId\":\"t\",\"runId\":\"r\",\"state\":{},\"tools\":[],\"context\":[],"
          "\"forwardedProps\":{},\"messages\":[{\"id\":\"m\",\"role\":\"user\",\"content\":\"";
    body += QByteArray(kEditableHeldBytes + 10, 'x');
    body += "\"}]}";
    return body;
}

RecordedRequest request(const QByteArray &body)
{
    RecordedRequest r;
    r.present = true;
    r.method = QStringLiteral("POST");
    r.url = QStringLiteral("http://127.0.0.1:1/agent");
    r.body = body;
    return r;
}

template<typename T> T *child(QWidget *page, const char *name)
{
    auto *w = page->findChild<T *>(QLatin1String(name));
    Q_ASSERT(w);
    return w;
}

} // namespace

class TestHeldPages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aSmallRequestIsIndentedAndEditable()
    {
        HeldRequestView page;
        page.showHeld(request("{\"threadId\":\"t\",\"runId\":\"r\"}"), 0);
        QVERIFY(!page.editor()->isReadOnly());
        QVERIFY(page.editor()->toPlainText().contains(QStringLiteral("\n    \"runId\"")));
        QVERIFY(child<QPushButton>(&page, "heldSendRequest")->isEnabled());
        QVERIFY(child<QPushButton>(&page, "heldRevertRequest")->isEnabled());
    }

    void aRequestTooLargeToEditCanBeForwardedOrRefused()
    {
        const QByteArray body = largeRunInput();
        HeldRequestView page;
        page.showHeld(request(body), 0);
        QVERIFY(page.editor()->isReadOnly());
        // Only the start is shown, and the page says how much is not.
        QVERIFY(page.editor()->toPlainText().size() < 100 * 1024);
        QVERIFY(page.editor()->toPlainText().contains(QStringLiteral("more bytes not shown")));
        QVERIFY(
            child<QLabel>(&page, "heldRequestCheck")->text().contains(QStringLiteral("too large")));
        QVERIFY(!child<QPushButton>(&page, "heldSendRequest")->isEnabled());
        QVERIFY(!child<QPushButton>(&page, "heldRevertRequest")->isEnabled());
        QVERIFY(child<QPushButton>(&page, "heldRefuse")->isEnabled());

        // Forward sends the front end's bytes unchanged (no body of the page's own).
        QSignalSpy decided(&page, &HeldRequestView::decided);
        child<QPushButton>(&page, "heldForward")->click();
        QCOMPARE(decided.size(), 1);
        const auto decision = decided.first().first().value<net::RequestDecision>();
        QCOMPARE(decision.action, net::RequestDecision::Action::Forward);
        QVERIFY(!decision.body.has_value());
    }

    void anEventTooLargeToEditCanBeResumedOrDropped()
    {
        net::HeldEvent held;
        held.id = 0;
        held.rule = QStringLiteral("breakpoint type:TEXT_MESSAGE_CONTENT");
        held.type = QStringLiteral("TEXT_MESSAGE_CONTENT");
        held.json = "{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\""
            + QByteArray(kEditableHeldBytes, 'y') + "\"}";
        HeldEventView page;
        page.showHeld(0, held, 2);
        QVERIFY(page.editor()->isReadOnly());
        const QString title = child<QLabel>(&page, "heldEventTitle")->text();
        QVERIFY2(title.contains(QStringLiteral("TEXT_MESSAGE_CONTENT")), qPrintable(title));
        QVERIFY(title.contains(QStringLiteral("2 more held")));
        QVERIFY(
            child<QLabel>(&page, "heldEventCheck")->text().contains(QStringLiteral("too large")));
        QVERIFY(!child<QPushButton>(&page, "heldSend")->isEnabled());
        for (const char *name : {"heldAddBefore", "heldAddAfter", "heldRevert"})
            QVERIFY2(!child<QPushButton>(&page, name)->isEnabled(), name);
        QVERIFY(child<QPushButton>(&page, "heldDrop")->isEnabled());

        QSignalSpy decided(&page, &HeldEventView::decided);
        child<QPushButton>(&page, "heldResume")->click();
        QCOMPARE(decided.size(), 1);
        QVERIFY(decided.first().first().value<net::HoldDecision>().resume);
    }

    void aSmallEventIsEditable()
    {
        net::HeldEvent held;
        held.type = QStringLiteral("CUSTOM");
        held.json = "{\"type\":\"CUSTOM\",\"name\":\"n\",\"value\":1}";
        HeldEventView page;
        page.showHeld(0, held, 0);
        QVERIFY(!page.editor()->isReadOnly());
        QVERIFY(child<QPushButton>(&page, "heldSend")->isEnabled());
        QVERIFY(child<QPushButton>(&page, "heldAddBefore")->isEnabled());
    }
};

QTEST_MAIN(TestHeldPages)
#include "test_held_pages.moc"
