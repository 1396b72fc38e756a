// The GUI's item models under QAbstractItemModelTester (created before any data), plus the
// batching of inserts, the filter language and the filter proxy's counts.

#include "core/protocol/decoder.h"
#include "core/recording/runrecorder.h"
#include "core/session/eventfilter.h"
#include "core/session/session.h"
#include "ui/models/eventfiltermodel.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/jsontreemodel.h"
#include "ui/models/sessiondocument.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

#include <vector>

using namespace agui;
using namespace agui::ui;

namespace {

Event makeEvent(const QByteArray &json)
{
    Event e = decodePayload(json, Framing::Sse);
    e.raw = "data: " + json + "\n\n";
    e.receivedAtUs = 1'700'000'000'000'000;
    return e;
}

QList<Event> sampleRun(int run)
{
    const QByteArray r = QByteArray::number(run);
    return {
        makeEvent(R"({"type":"RUN_STARTED","threadId":"t1","runId":"r)" + r + R"("})"),
        makeEvent(R"({"type":"TEXT_MESSAGE_START","messageId":"m)" + r
                  + R"(","role":"assistant"})"),
        makeEvent(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m)" + r
                  + R"(","delta":"Hello umbrella"})"),
        makeEvent(R"({"type":"TEXT_MESSAGE_END","messageId":"m)" + r + R"("})"),
        makeEvent(R"({"type":"TOOL_CALL_START","toolCallId":"c)" + r
                  + R"(","toolCallName":"search"})"),
        makeEvent(R"({"type":"TOOL_CALL_END","toolCallId":"c)" + r + R"("})"),
        makeEvent("{oops"),
        makeEvent(R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r)" + r + R"("})"),
    };
}

// Starts `count` runs of the document's session answered 200 with SSE bodies, as the proxy's
// exchanges are recorded (several open at once).
std::vector<std::unique_ptr<RunRecorder>> startRuns(SessionDocument &doc, int count)
{
    std::vector<std::unique_ptr<RunRecorder>> runs;
    for (int i = 0; i < count; ++i) {
        runs.push_back(doc.recordRun());
        runs.back()->requestSent({true,
                                  0,
                                  QStringLiteral("POST"),
                                  QStringLiteral("http://127.0.0.1:1/agent"),
                                  {},
                                  "{}",
                                  {}});
        runs.back()->responseStarted(
            {true,
             0,
             200,
             {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")}}});
    }
    return runs;
}

} // namespace

class TestEventModels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void listModelBatchesInserts();
    void proxyFollowsAppendsAndFilters();
    void proxyKeepsStateAcrossReset();
    void largeFilterRunsInSlices();
    void jsonTreeModel();
    void aRequestEndsWithItsLastOpenBody();
    void aNewRequestEndsAnUnendedOne();
};

void TestEventModels::listModelBatchesInserts()
{
    SessionDocument doc;
    EventListModel model(&doc);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserts(&model, &QAbstractItemModel::rowsInserted);

    // Three appends in a row become one insert, announced by the flush timer.
    doc.appendEvents(sampleRun(1).mid(0, 3));
    doc.appendEvents(sampleRun(1).mid(3, 3));
    doc.appendEvents(sampleRun(1).mid(6));
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.pendingRowCount(), 8);
    QTRY_COMPARE(model.rowCount(), 8);
    QCOMPARE(inserts.count(), 1);
    QCOMPARE(inserts.first().at(1).toInt(), 0);
    QCOMPARE(inserts.first().at(2).toInt(), 7);

    QCOMPARE(model.index(2, EventListModel::TypeColumn).data().toString(),
             QStringLiteral("TEXT_MESSAGE_CONTENT"));
    QCOMPARE(model.index(2, EventListModel::IdColumn).data().toString(), QStringLiteral("m1"));
    // Summaries are read from the event's bytes outside paint: the first data() schedules it,
    // and it is there on a later turn of the event loop.
    QTRY_VERIFY(model.index(2, EventListModel::SummaryColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("Hello umbrella")));
    QCOMPARE(model.index(2, EventListModel::RunColumn).data().toString(), QStringLiteral("1"));
    // The invalid frame carries its parse error: a diagnostic count and an icon.
    QVERIFY(model.index(6, EventListModel::DiagnosticsColumn).data().toInt() >= 1);
    QVERIFY(!model.index(6, EventListModel::DiagnosticsColumn)
                 .data(Qt::DecorationRole)
                 .value<QIcon>()
                 .isNull());
    QCOMPARE(model.index(6, EventListModel::TypeColumn).data().toString(),
             QStringLiteral("INVALID"));
    QCOMPARE(model.index(7, 0).data(EventListModel::SeqRole).toLongLong(), 7);
    QVERIFY(model.flags(model.index(0, 0)) & Qt::ItemNeverHasChildren);

    doc.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestEventModels::proxyFollowsAppendsAndFilters()
{
    SessionDocument doc;
    EventListModel model(&doc);
    EventFilterModel proxy;
    QAbstractItemModelTester sourceTester(&model,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    QSignalSpy counts(&proxy, &EventFilterModel::countsChanged);

    doc.appendEvents(sampleRun(1));
    model.flushPendingRows();
    QCOMPARE(proxy.rowCount(), 8); // pass-through

    proxy.setFilter(EventFilter::parse(QStringLiteral("family:text")));
    QCOMPARE(proxy.rowCount(), 3);
    QCOMPARE(counts.last().at(0).toLongLong(), 3);
    QCOMPARE(counts.last().at(1).toLongLong(), 8);
    QCOMPARE(proxy.index(0, 0).data(EventListModel::SeqRole).toLongLong(), 1);

    // New rows are tested on arrival; only matches are inserted.
    doc.appendEvents(sampleRun(2));
    model.flushPendingRows();
    QCOMPARE(proxy.rowCount(), 6);
    QCOMPARE(counts.last().at(1).toLongLong(), 16);
    QCOMPARE(proxy.mapToSource(proxy.index(5, 0)).row(), 11);
    QCOMPARE(proxy.mapFromSource(model.index(11, 2)).row(), 5);
    QVERIFY(!proxy.mapFromSource(model.index(0, 0)).isValid());

    proxy.setFilter(EventFilter::parse(QStringLiteral("run:2 -type:TEXT_*")));
    QCOMPARE(proxy.rowCount(), 5); // RUN_STARTED, 2 tool events, invalid, RUN_FINISHED
    proxy.setFilter(EventFilter::parse(QStringLiteral("has:diag")));
    int withDiagnostics = 0;
    for (qint64 seq = 0; seq < doc.size(); ++seq)
        withDiagnostics += doc.row(seq).diagnosticCount > 0 ? 1 : 0;
    QVERIFY(withDiagnostics >= 2); // at least the two frames that are not JSON
    QCOMPARE(proxy.rowCount(), withDiagnostics);
    QCOMPARE(proxy.index(0, 0).data(EventListModel::DiagnosticCountRole).toInt() > 0, true);
    proxy.setFilter(EventFilter::parse(QStringLiteral("umbrella id:m2")));
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data(EventListModel::SeqRole).toLongLong(), 10);
    proxy.setFilter(EventFilter::parse(QStringLiteral("family:tool,lifecycle run:1")));
    QCOMPARE(proxy.rowCount(), 4);
    // An invalid filter is not applied: the last valid one stays.
    proxy.setFilter(EventFilter::parse(QStringLiteral("type:NOPE_*")));
    QCOMPARE(proxy.rowCount(), 4);
    proxy.setFilter(EventFilter::parse(QString()));
    QCOMPARE(proxy.rowCount(), 16);
}

void TestEventModels::proxyKeepsStateAcrossReset()
{
    SessionDocument doc;
    EventListModel model(&doc);
    EventFilterModel proxy;
    QAbstractItemModelTester proxyTester(&proxy,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    proxy.setFilter(EventFilter::parse(QStringLiteral("type:TOOL_CALL_START")));
    auto backing = SessionDocument::createBacking();
    QList<Event> events = sampleRun(1);
    events += sampleRun(2);
    SessionDocument::appendToBacking(*backing, events);
    doc.adopt(backing);
    QCOMPARE(model.rowCount(), 16);
    QCOMPARE(proxy.rowCount(), 2);
    QCOMPARE(doc.runCount(), 2);
}

void TestEventModels::largeFilterRunsInSlices()
{
    SessionDocument doc;
    EventListModel model(&doc);
    EventFilterModel proxy;
    QAbstractItemModelTester proxyTester(&proxy,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    auto backing = SessionDocument::createBacking();
    const QList<Event> run = sampleRun(1);
    for (int i = 0; i < 2500; ++i)
        SessionDocument::appendToBacking(*backing, run);
    doc.adopt(backing);
    QCOMPARE(model.rowCount(), 20000);
    QSignalSpy finished(&proxy, &EventFilterModel::filteringFinished);
    proxy.setFilter(EventFilter::parse(QStringLiteral("type:TOOL_CALL_START")));
    // Whether the scan ended in its first slice depends on the machine; either way it ends
    // with every match, in sequence order, and says so.
    QTRY_VERIFY_WITH_TIMEOUT(!proxy.isFiltering(), 120000); // generous: a busy machine
    QCOMPARE(finished.count(), 1);
    QCOMPARE(proxy.rowCount(), 2500);
    QCOMPARE(proxy.index(2499, 0).data(EventListModel::SeqRole).toLongLong(), 19996);
    // Rows appended while a scan runs are not lost nor doubled.
    proxy.setFilter(EventFilter::parse(QStringLiteral("type:TOOL_CALL_END")));
    doc.appendEvents(run);
    model.flushPendingRows();
    proxy.finishFiltering();
    QCOMPARE(proxy.rowCount(), 2501);
}

void TestEventModels::jsonTreeModel()
{
    JsonTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QJsonObject doc
        = QJsonDocument::fromJson(
              R"({"type":"STATE_DELTA","delta":[{"op":"add","path":"/a~b/c","value":{"x/y":[1,true,null]}}]})")
              .object();
    model.setJson(doc);
    QCOMPARE(model.rowCount(), 2);
    const QModelIndex delta = model.indexForPointer(QStringLiteral("/delta"));
    QVERIFY(delta.isValid());
    QCOMPARE(delta.data().toString(), QStringLiteral("delta"));
    QCOMPARE(model.index(delta.row(), JsonTreeModel::ValueColumn).data().toString(),
             QStringLiteral("[1 item]"));
    const QModelIndex leaf = model.indexForPointer(QStringLiteral("/delta/0/value/x~1y/1"));
    QVERIFY(leaf.isValid());
    QCOMPARE(leaf.data(JsonTreeModel::PointerRole).toString(),
             QStringLiteral("/delta/0/value/x~1y/1"));
    QCOMPARE(model.index(leaf.row(), JsonTreeModel::ValueColumn, leaf.parent()).data().toString(),
             QStringLiteral("true"));
    QCOMPARE(model.index(leaf.row(), JsonTreeModel::TypeColumn, leaf.parent()).data().toString(),
             QStringLiteral("boolean"));
    const QModelIndex path = model.indexForPointer(QStringLiteral("/delta/0/path"));
    QCOMPARE(path.data(JsonTreeModel::CompactJsonRole).toString(), QStringLiteral("\"/a~b/c\""));
    QVERIFY(!model.indexForPointer(QStringLiteral("/nope")).isValid());
    QVERIFY(!model.indexForPointer(QStringLiteral("nope")).isValid());
    model.setJson(QJsonArray {1, 2, 3});
    QCOMPARE(model.rowCount(), 3);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

// Two runs stream at once (a proxy's front ends): the one that ends first must not end the
// request while the other still streams, or the other's open message would be verified afresh
// (a false verify.T2 at its next delta). The last body to end ends the request.
void TestEventModels::aRequestEndsWithItsLastOpenBody()
{
    SessionDocument doc;
    QSignalSpy added(&doc, &SessionDocument::findingsAdded);
    const auto runs = startRuns(doc, 2);
    runs[0]->chunkReceived("data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
                           "data: {\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m\","
                           "\"role\":\"assistant\"}\n\n",
                           -1);
    runs[1]->runEnded(RunEnd::Finished, QString(), -1); // the other run's body: nothing at all
    runs[0]->chunkReceived("data: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\","
                           "\"delta\":\"hi\"}\n\n"
                           "data: {\"type\":\"TEXT_MESSAGE_END\",\"messageId\":\"m\"}\n\n",
                           -1);
    QCOMPARE(doc.size(), 4);
    // Cut off here: the last body's end ends the request, and the run is truncated.
    runs[0]->runEnded(RunEnd::Error, QStringLiteral("connection closed"), -1);
    QStringList rules;
    for (const Finding &f : doc.session().findings())
        rules << f.diagnostic.ruleId;
    QCOMPARE(rules, QStringList {QStringLiteral("lint.truncated-run")});
    QCOMPARE(doc.session().findings().first().eventIndex, 3);
    QCOMPARE(added.size(), 1);
    QCOMPARE(doc.captureRunOf(3), 0);
}

// A body whose end was never said (the connection vanished): the next run's request ends it,
// and the truncation lands on the previous run's last event, already shown.
void TestEventModels::aNewRequestEndsAnUnendedOne()
{
    SessionDocument doc;
    QSignalSpy added(&doc, &SessionDocument::findingsAdded);
    const auto runs = startRuns(doc, 1);
    runs[0]->chunkReceived(
        "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n", -1);
    QCOMPARE(added.size(), 0);
    doc.setRunInput(QJsonObject {{QStringLiteral("threadId"), QStringLiteral("t")},
                                 {QStringLiteral("runId"), QStringLiteral("r2")}});
    QCOMPARE(added.size(), 1);
    const Finding &truncated = doc.session().findings().at(added.first().at(0).toLongLong());
    QCOMPARE(truncated.diagnostic.ruleId, QStringLiteral("lint.truncated-run"));
    QCOMPARE(truncated.eventIndex, 0);
}

QTEST_MAIN(TestEventModels)
#include "test_eventmodels.moc"
