// The connection dialog (validation as you type, masked header values, the binding) and the
// event list's follow-tail rule (only while the user is at the bottom; selection kept).

#include "core/protocol/decoder.h"
#include "core/wire/protoevent.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/views/eventdetailview.h"
#include "ui/views/eventlistview.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>

using namespace agui;
using namespace agui::ui;

class TestWidgets : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void connectDialogValidatesAsYouType();
    void connectDialogMasksHeaderValues();
    void connectDialogAddsOnlyMissingHeaders();
    void connectDialogRefusesARedactedEndpoint();
    void followTailOnlyAtTheBottom();
    void protoFrameShownAsHexAndDecoded();
    void hiddenPagesShowTheLatestEventWhenOpened();
};

void TestWidgets::initTestCase()
{
    // Keep the dialog's remembered endpoints out of the user's real settings.
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void TestWidgets::connectDialogValidatesAsYouType()
{
    ConnectDialog dialog;
    dialog.setEndpoint(QStringLiteral("http://127.0.0.1:9/agent"));
    auto *body = dialog.findChild<QPlainTextEdit *>();
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(body && ok);
    QVERIFY2(dialog.validationError().isEmpty(), qPrintable(dialog.validationError()));
    QVERIFY(ok->isEnabled());

    body->setPlainText(QStringLiteral("{\"threadId\": \"t\", "));
    QVERIFY(dialog.validationError().contains(QStringLiteral("character")));
    QVERIFY(!ok->isEnabled());
    body->setPlainText(QStringLiteral("{\"threadId\":\"t\",\"runId\":\"r\"}"));
    QVERIFY(dialog.validationError().contains(QStringLiteral("messages")));
    body->setPlainText(
        QStringLiteral("{\"threadId\":\"t\",\"runId\":\"r\",\"messages\":[],\"tools\":[{}]}"));
    QVERIFY(dialog.validationError().contains(QStringLiteral("tools[0]")));
    body->setPlainText(QStringLiteral("{\"threadId\":\"t\",\"runId\":\"r\",\"messages\":[]}"));
    QVERIFY(dialog.validationError().isEmpty());
    QVERIFY(ok->isEnabled());
    dialog.setEndpoint(QStringLiteral("ftp://example"));
    QVERIFY(dialog.validationError().contains(QStringLiteral("http")));
    dialog.setEndpoint(QStringLiteral("http://127.0.0.1:9/agent"));

    const RunRequest r = dialog.request();
    QCOMPARE(r.url, QUrl(QStringLiteral("http://127.0.0.1:9/agent")));
    QCOMPARE(r.input.value(QStringLiteral("threadId")).toString(), QStringLiteral("t"));
    QVERIFY(!r.acceptProtobuf);

    // The default body is a valid RunAgentInput with fresh ids.
    const QJsonObject a = ConnectDialog::defaultInput();
    const QJsonObject b = ConnectDialog::defaultInput();
    QVERIFY(a.value(QStringLiteral("runId")) != b.value(QStringLiteral("runId")));
    QVERIFY(a.value(QStringLiteral("messages")).isArray());
}

// Run Again's recorded headers go beside the remembered ones and never replace them.
void TestWidgets::connectDialogAddsOnlyMissingHeaders()
{
    ConnectDialog dialog;
    dialog.setEndpoint(QStringLiteral("http://127.0.0.1:9/agent"));
    dialog.setHeaders({{QStringLiteral("Authorization"), QStringLiteral("Bearer kept")}});
    dialog.addMissingHeaders({{QStringLiteral("authorization"), QStringLiteral("Bearer other")},
                              {QStringLiteral("X-Trace"), QStringLiteral("1")}});
    const HttpHeaders expected {{QStringLiteral("Authorization"), QStringLiteral("Bearer kept")},
                                {QStringLiteral("X-Trace"), QStringLiteral("1")}};
    QCOMPARE(dialog.request().headers, expected);
}

void TestWidgets::connectDialogRefusesARedactedEndpoint()
{
    // Run Again fills in a recorded URL; a capture keeps a credential in it redacted, and the
    // marker must not be sent (the CLI's rerun refuses it too).
    ConnectDialog dialog;
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    for (const char *url : {"http://127.0.0.1:9/agent?key=<redacted>",
                            "http://127.0.0.1:9/agent?key=%3Credacted%3E"}) {
        dialog.setEndpoint(QString::fromLatin1(url));
        QVERIFY2(dialog.validationError().contains(QStringLiteral("redacted")), url);
        QVERIFY(!ok->isEnabled());
    }
    dialog.setEndpoint(QStringLiteral("http://127.0.0.1:9/agent?key=real"));
    QCOMPARE(dialog.validationError(), QString());
    QVERIFY(ok->isEnabled());
}

void TestWidgets::connectDialogMasksHeaderValues()
{
    ConnectDialog dialog;
    dialog.setEndpoint(QStringLiteral("http://127.0.0.1:9/agent"));
    dialog.setHeaders({{QStringLiteral("Authorization"), QStringLiteral("Bearer hunter2")}});
    auto *table = dialog.findChild<QTableWidget *>();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 1);
    dialog.resize(800, 600);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // What is painted is the delegate's display text: dots, never the token.
    QStyleOptionViewItem option;
    const QModelIndex value = table->model()->index(0, 1);
    auto *delegate = qobject_cast<QStyledItemDelegate *>(table->itemDelegateForColumn(1));
    QVERIFY(delegate);
    const QString shown = delegate->displayText(value.data(), QLocale());
    QVERIFY(!shown.contains(QStringLiteral("hunter2")));
    QVERIFY(shown.startsWith(QChar(0x2022)));
    // The request still carries the real value.
    QCOMPARE(dialog.request().headers.first().second, QStringLiteral("Bearer hunter2"));
}

void TestWidgets::followTailOnlyAtTheBottom()
{
    SessionDocument doc;
    EventListModel model(&doc);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    EventListView view;
    view.setModel(&model);
    view.resize(600, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto batch = [](int n) {
        QList<Event> events;
        for (int i = 0; i < n; ++i) {
            const QByteArray json
                = R"({"type":"CUSTOM","name":"tick","value":)" + QByteArray::number(i) + "}";
            Event e = decodePayload(json, Framing::Sse);
            e.raw = "data: " + json + "\n\n";
            events << e;
        }
        return events;
    };
    doc.appendEvents(batch(200));
    model.flushPendingRows();
    QTRY_VERIFY(view.isAtBottom());

    // At the bottom: new rows pull the view along.
    doc.appendEvents(batch(50));
    model.flushPendingRows();
    QTRY_VERIFY(view.isAtBottom());
    QCOMPARE(model.rowCount(), 250);

    // Scrolled up, with a row selected: new rows change neither.
    view.selectSeq(10);
    QTest::qWait(20); // let the view finish scrolling to the selection
    view.verticalScrollBar()->setValue(0);
    doc.appendEvents(batch(50));
    model.flushPendingRows();
    QTest::qWait(50);
    QCOMPARE(view.verticalScrollBar()->value(), 0);
    QVERIFY(!view.isAtBottom());
    QCOMPARE(view.currentSeq(), 10);

    // Following off: even at the bottom the view stays.
    view.setFollowLive(false);
    view.scrollToBottom();
    const int before = view.verticalScrollBar()->value();
    doc.appendEvents(batch(50));
    model.flushPendingRows();
    QTest::qWait(50);
    QCOMPARE(view.verticalScrollBar()->value(), before);
    QVERIFY(!view.isAtBottom());
}

void TestWidgets::protoFrameShownAsHexAndDecoded()
{
    // Appendix A of the protocol reference: RUN_STARTED t1/r1 as a length-prefixed frame.
    const QByteArray frame = QByteArray::fromHex("0000000e620c0a02080b120274311a027231");
    const agui::ProtoDecodeResult decoded = agui::decodeProtoEvent(frame.mid(4));
    QVERIFY(decoded.ok());
    agui::Event event = agui::decodeObject(decoded.event, agui::Framing::Proto);
    event.raw = frame;
    event.streamOffset = 32;
    event.seq = 3;
    agui::ui::EventDetailView view;
    view.setEvent(event, 0, {});
    const QString text = view.rawView()->toPlainText();
    // Offsets are stream offsets; bytes in hex with their ASCII beside them.
    QVERIFY2(text.startsWith(
                 QLatin1String("00000020  00 00 00 0e 62 0c 0a 02  08 0b 12 02 74 31 1a 02")),
             qPrintable(text));
    QVERIFY(text.contains(QLatin1String("|....b.......t1..|")));
    QVERIFY(text.contains(QLatin1String("\"threadId\": \"t1\"")));
}

// The Raw bytes and Diagnostics pages are built and filled only when shown; whenever the user
// turns to one, it shows the event selected last, and while it is shown it follows each one.
void TestWidgets::hiddenPagesShowTheLatestEventWhenOpened()
{
    const auto eventWith = [](qint64 seq, const QByteArray &line, const QString &rule) {
        agui::Event event
            = agui::decodeObject(QJsonDocument::fromJson(line).object(), agui::Framing::JsonLine);
        event.raw = line;
        event.seq = seq;
        agui::Diagnostics diagnostics;
        if (!rule.isEmpty())
            diagnostics.append(agui::Diagnostic {rule, agui::Severity::Warning,
                                                 QStringLiteral("/type"), QStringLiteral("x")});
        return std::pair {event, diagnostics};
    };
    const auto [first, firstFindings] = eventWith(
        0, R"({"type":"RUN_STARTED","threadId":"t1","runId":"r1"})", QStringLiteral("rule.one"));
    const auto [second, secondFindings]
        = eventWith(1, R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r1"})", {});
    const auto [third, thirdFindings] = eventWith(
        2, R"({"type":"RUN_STARTED","threadId":"t1","runId":"r2"})", QStringLiteral("rule.three"));

    agui::ui::EventDetailView view;
    view.resize(600, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTabWidget *pages = view.pages();
    const auto shownRaw = [pages]() -> QString {
        const auto *edit = pages->currentWidget()->findChild<QPlainTextEdit *>();
        return edit ? edit->toPlainText() : QString();
    };
    view.setEvent(first, 0, firstFindings);
    view.setEvent(second, 0, secondFindings);
    QCOMPARE(pages->tabText(agui::ui::EventDetailView::DiagnosticsPage),
             QStringLiteral("Diagnostics"));
    view.setEvent(third, 1, thirdFindings);
    // The tab's title counts the findings even while the page was never built.
    QCOMPARE(pages->tabText(agui::ui::EventDetailView::DiagnosticsPage),
             QStringLiteral("Diagnostics (1)"));
    QCOMPARE(view.diagnosticCount(), 1);

    QVERIFY(view.showPage(QStringLiteral("raw")));
    QVERIFY2(shownRaw().contains(QLatin1String("\"runId\":\"r2\"")), qPrintable(shownRaw()));
    view.setEvent(second, 0, secondFindings); // shown: follows at once
    QVERIFY2(shownRaw().contains(QLatin1String("RUN_FINISHED")), qPrintable(shownRaw()));

    QVERIFY(view.showPage(QStringLiteral("json")));
    view.setEvent(first, 0, firstFindings);
    QVERIFY(view.showPage(QStringLiteral("diagnostics")));
    const auto *tree = pages->currentWidget()->findChild<QTreeWidget *>();
    QVERIFY(tree);
    QCOMPARE(tree->topLevelItemCount(), 1);
    QCOMPARE(tree->topLevelItem(0)->text(1), QStringLiteral("rule.one"));
    QVERIFY(view.showPage(QStringLiteral("raw")));
    QVERIFY2(shownRaw().contains(QLatin1String("\"runId\":\"r1\"")), qPrintable(shownRaw()));

    view.clear();
    QCOMPARE(shownRaw(), QString());
    QCOMPARE(view.diagnosticCount(), 0);
    QVERIFY(view.showPage(QStringLiteral("diagnostics")));
    QCOMPARE(tree->topLevelItemCount(), 0);
}

QTEST_MAIN(TestWidgets)
#include "test_widgets.moc"
