// The Transcript tab: the conversation as of the selected event, plain text, reasoning folded,
// activity cards, MESSAGES_SNAPSHOT merges made visible, clicks selecting the message's events,
// and live growth without resets.

#include "core/protocol/decoder.h"
#include "sessionviews_testdata.h"
#include "ui/models/timetravel.h"
#include "ui/transcript/transcriptmodel.h"
#include "ui/transcript/transcriptview.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace agui;
using namespace agui::ui;

class TestTranscriptView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void assistantTextIsPlain();
    void toolCallsAndResults();
    void reasoningFoldedUntilClicked();
    void activityCard();
    void messagesSnapshotMerge();
    void clickSelectsTheMessagesEvents();
    void growsLiveWithoutReset();
    void encryptedValueShowsItsType();

private:
    void seek(qint64 seq);
    int row(const QString &id) const;
    QString data(const QString &id, int role) const;
    QStringList ids() const;

    SessionDocument *m_doc = nullptr;
    TranscriptView *m_view = nullptr;
    QAbstractItemModelTester *m_tester = nullptr;
};

void TestTranscriptView::init()
{
    m_doc = new SessionDocument;
    m_view = new TranscriptView;
    m_tester = new QAbstractItemModelTester(
        m_view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, m_view);
    const QString error = loadViewsCapture(*m_doc);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_view->setDocument(m_doc);
    m_view->resize(700, 800);
}

void TestTranscriptView::cleanup()
{
    delete m_view;
    delete m_doc;
}

void TestTranscriptView::seek(qint64 seq)
{
    m_view->setCurrentEvent(seq);
    m_view->timeTravel()->flush();
    QCOMPARE(m_view->timeTravel()->seq(), seq);
}

int TestTranscriptView::row(const QString &id) const
{
    for (int r = 0; r < m_view->model()->rowCount(); ++r)
        if (m_view->model()->index(r).data(TranscriptModel::MessageIdRole).toString() == id)
            return r;
    return -1;
}

QString TestTranscriptView::data(const QString &id, int role) const
{
    const int r = row(id);
    return r < 0 ? QStringLiteral("<absent>") : m_view->model()->index(r).data(role).toString();
}

QStringList TestTranscriptView::ids() const
{
    QStringList out;
    for (int r = 0; r < m_view->model()->rowCount(); ++r)
        out.append(m_view->model()->index(r).data(TranscriptModel::MessageIdRole).toString());
    return out;
}

void TestTranscriptView::assistantTextIsPlain()
{
    seek(3);
    QCOMPARE(ids(), (QStringList {QStringLiteral("u0"), QStringLiteral("m1")}));
    QCOMPARE(data(QStringLiteral("u0"), TranscriptModel::RoleRole), QStringLiteral("user"));
    QCOMPARE(data(QStringLiteral("u0"), TranscriptModel::BodyRole),
             QStringLiteral("What is the weather?"));
    // The markup is text: it is shown exactly as sent.
    QCOMPARE(data(QStringLiteral("m1"), TranscriptModel::BodyRole),
             QStringLiteral("Hello <b>there</b>, "));
    QCOMPARE(data(QStringLiteral("m1"), TranscriptModel::TagRole), QStringLiteral("changed"));
    seek(2);
    QCOMPARE(data(QStringLiteral("m1"), TranscriptModel::TagRole), QStringLiteral("new"));
    QCOMPARE(data(QStringLiteral("m1"), TranscriptModel::BodyRole), QString());
    seek(1);
    QCOMPARE(ids(), QStringList {QStringLiteral("u0")});
}

void TestTranscriptView::toolCallsAndResults()
{
    seek(10);
    QCOMPARE(ids(),
             (QStringList {QStringLiteral("u0"), QStringLiteral("m1"), QStringLiteral("t1")}));
    const QString m1 = data(QStringLiteral("m1"), TranscriptModel::BodyRole);
    QVERIFY2(m1.contains(QStringLiteral("→ search({\"q\":\"weather\"})")), qPrintable(m1));
    QCOMPARE(data(QStringLiteral("t1"), TranscriptModel::RoleRole), QStringLiteral("tool"));
    QCOMPARE(data(QStringLiteral("t1"), TranscriptModel::BodyRole),
             QStringLiteral("result of c1:\nsunny, 21 C"));
}

void TestTranscriptView::reasoningFoldedUntilClicked()
{
    seek(16);
    QCOMPARE(data(QStringLiteral("rm1"), TranscriptModel::RoleRole), QStringLiteral("reasoning"));
    const QString folded = data(QStringLiteral("rm1"), TranscriptModel::BodyRole);
    QVERIFY2(folded.startsWith(QStringLiteral("▸ Reasoning")), qPrintable(folded));
    QVERIFY(!folded.contains(QLatin1String("weather")));
    QCOMPARE(data(QStringLiteral("rm1"), TranscriptModel::FullTextRole),
             QStringLiteral("The user wants the weather; the search answered."));
    m_view->activateMessage(QStringLiteral("rm1"));
    QCOMPARE(data(QStringLiteral("rm1"), TranscriptModel::BodyRole),
             QStringLiteral("The user wants the weather; the search answered."));
    // Unfolded stays unfolded while time travelling.
    seek(20);
    QVERIFY(data(QStringLiteral("rm1"), TranscriptModel::BodyRole)
                .startsWith(QLatin1String("The user")));
    m_view->activateMessage(QStringLiteral("rm1"));
    QVERIFY(data(QStringLiteral("rm1"), TranscriptModel::BodyRole).startsWith(QStringLiteral("▸")));
}

void TestTranscriptView::activityCard()
{
    seek(20);
    QCOMPARE(data(QStringLiteral("a1"), TranscriptModel::RoleRole), QStringLiteral("activity"));
    QVERIFY(data(QStringLiteral("a1"), TranscriptModel::HeaderRole)
                .contains(QLatin1String("progress")));
    const QString body = data(QStringLiteral("a1"), TranscriptModel::BodyRole);
    QVERIFY2(body.contains(QLatin1String("\"percent\": 50")), qPrintable(body));
}

void TestTranscriptView::messagesSnapshotMerge()
{
    seek(24);
    QCOMPARE(m_view->bannerText(), QString());
    seek(25);
    const QString banner = m_view->bannerText();
    QVERIFY2(banner.contains(QLatin1String("1 appended, 1 replaced, 2 dropped")),
             qPrintable(banner));
    // u0 and t1 are gone from the thread but shown (dropped) where they were; reasoning and
    // activity messages survive a snapshot without any (the client's merge rules).
    QCOMPARE(ids(),
             (QStringList {QStringLiteral("u0"), QStringLiteral("m1"), QStringLiteral("t1"),
                           QStringLiteral("rm1"), QStringLiteral("a1"), QStringLiteral("u1")}));
    const int u0 = 0;
    QCOMPARE(m_view->model()->index(u0).data(TranscriptModel::TagRole).toString(),
             QStringLiteral("dropped"));
    QVERIFY(m_view->model()->index(u0).data(TranscriptModel::DroppedRole).toBool());
    QCOMPARE(data(QStringLiteral("m1"), TranscriptModel::TagRole), QStringLiteral("replaced"));
    QCOMPARE(data(QStringLiteral("m1"), TranscriptModel::BodyRole), QStringLiteral("Hello again"));
    QCOMPARE(data(QStringLiteral("u1"), TranscriptModel::TagRole), QStringLiteral("appended"));
    QCOMPARE(data(QStringLiteral("rm1"), TranscriptModel::TagRole), QString());
    // The next event: the dropped messages are simply gone.
    seek(26);
    QCOMPARE(ids(),
             (QStringList {QStringLiteral("m1"), QStringLiteral("rm1"), QStringLiteral("a1"),
                           QStringLiteral("u1")}));
    QCOMPARE(m_view->bannerText(), QString());
}

void TestTranscriptView::clickSelectsTheMessagesEvents()
{
    seek(10);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    QSignalSpy selected(m_view, &TranscriptView::eventsSelected);
    QAbstractItemView *list = m_view->listView();
    const QModelIndex m1 = m_view->model()->index(row(QStringLiteral("m1")));
    const QRect rect = list->visualRect(m1);
    QVERIFY(rect.isValid());
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(selected.count(), 1);
    // Created by its START, grown by CONTENT, closed by END; the tool call that names it as
    // parent changed it too (event 6 adds the call to its toolCalls).
    const QList<qint64> seqs = selected.first().first().value<QList<qint64>>();
    QVERIFY2(seqs.mid(0, 3) == (QList<qint64> {2, 3, 4}), qPrintable(QString::number(seqs.size())));
    for (qint64 s : seqs)
        QVERIFY(s <= 10);
}

void TestTranscriptView::growsLiveWithoutReset()
{
    SessionDocument live;
    TranscriptView view;
    QAbstractItemModelTester tester(view.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    view.setDocument(&live);
    view.setCurrentEvent(-1); // follow the newest event
    QSignalSpy resets(view.model(), &QAbstractItemModel::modelReset);
    QSignalSpy inserts(view.model(), &QAbstractItemModel::rowsInserted);

    QFile file(viewsCapturePath());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QList<Event> events;
    while (!file.atEnd()) {
        const QJsonObject line = QJsonDocument::fromJson(file.readLine()).object();
        if (line.value(QLatin1String("kind")).toString() != QLatin1String("event"))
            continue;
        const QByteArray json = QJsonDocument(line.value(QLatin1String("event")).toObject())
                                    .toJson(QJsonDocument::Compact);
        Event e = decodePayload(json, Framing::JsonLine);
        e.raw = json + '\n';
        events.append(e);
    }
    QCOMPARE(events.size(), 32);
    // Streams the first run event by event, like a live run.
    for (int i = 0; i <= 16; ++i) {
        live.appendEvents({events.at(i)});
        view.timeTravel()->flush();
    }
    QCOMPARE(view.model()->rowCount(), 3); // m1, t1, rm1 (no run input here)
    QCOMPARE(view.model()->index(0).data(TranscriptModel::BodyRole).toString(),
             QStringLiteral("Hello <b>there</b>, \n→ search({\"q\":\"weather\"})  [c1]"));
    QCOMPARE(resets.count(), 0);
    QCOMPARE(inserts.count(), 3);
    // The coalescing timer delivers without flush() too.
    live.appendEvents({events.at(17), events.at(18), events.at(19), events.at(20)});
    QTRY_COMPARE(view.model()->rowCount(), 4);
    QCOMPARE(resets.count(), 0);
}

// AG-UI 1.1's encryptedValueType is shown with the value it describes (the pinned 1.0 client
// strips it; the inspector reads streams as a 1.1 consumer).
void TestTranscriptView::encryptedValueShowsItsType()
{
    SessionDocument doc;
    TranscriptView view;
    view.setDocument(&doc);
    view.setCurrentEvent(-1);
    QList<Event> events;
    for (
        const char *line :
        {R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})",
         R"({"type":"REASONING_MESSAGE_START","messageId":"a","role":"reasoning"})",
         R"({"type":"REASONING_MESSAGE_END","messageId":"a"})",
         R"({"type":"REASONING_ENCRYPTED_VALUE","subtype":"message","entityId":"a","encryptedValue":"c2VjcmV0","encryptedValueType":"anthropic.redacted_thinking"})",
         R"({"type":"REASONING_MESSAGE_START","messageId":"b","role":"reasoning"})",
         R"({"type":"REASONING_MESSAGE_END","messageId":"b"})",
         R"({"type":"REASONING_ENCRYPTED_VALUE","subtype":"message","entityId":"b","encryptedValue":"eHl6"})"}) {
        Event e = decodePayload(QByteArray(line), Framing::JsonLine);
        e.raw = QByteArray(line) + '\n';
        events.append(e);
    }
    doc.appendEvents(events);
    view.timeTravel()->flush();
    QCOMPARE(view.model()->rowCount(), 2);
    const auto full = [&view](int row) {
        return view.model()->index(row).data(TranscriptModel::FullTextRole).toString();
    };
    QVERIFY2(
        full(0).contains(QStringLiteral("[encrypted value of type anthropic.redacted_thinking, 8 "
                                        "character(s)]")),
        qPrintable(full(0)));
    QVERIFY2(full(1).contains(QStringLiteral("[encrypted value, 4 character(s)]")),
             qPrintable(full(1)));
}

QTEST_MAIN(TestTranscriptView)
#include "test_transcript_view.moc"
