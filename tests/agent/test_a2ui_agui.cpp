// A2UI over AG-UI (port contract A): every row of the contract table.

#include "core/agent/a2uiagui.h"

#include <QJsonDocument>
#include <QtTest>

using namespace agui;
using namespace agui::a2uiagui;

namespace {

QJsonObject op(const char *name, const QString &surfaceId, QJsonObject extra = {})
{
    extra.insert(QStringLiteral("surfaceId"), surfaceId);
    return QJsonObject {{QStringLiteral("version"), QStringLiteral("v0.9")},
                        {QString::fromLatin1(name), extra}};
}

QJsonArray opsOf(const QJsonObject &event)
{
    return event.value(QStringLiteral("content"))
        .toObject()
        .value(QStringLiteral("a2ui_operations"))
        .toArray();
}

} // namespace

class TestA2uiAgui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void activityTypeIsA2uiSurface() { QCOMPARE(activityType(), QStringLiteral("a2ui-surface")); }

    void activitySnapshotShape()
    {
        const QJsonArray msgs {op("createSurface", QStringLiteral("s"))};
        const QJsonObject e = activitySnapshot(QStringLiteral("id1"), msgs);
        QCOMPARE(e.value(QStringLiteral("type")).toString(), QStringLiteral("ACTIVITY_SNAPSHOT"));
        QCOMPARE(e.value(QStringLiteral("messageId")).toString(), QStringLiteral("id1"));
        QCOMPARE(e.value(QStringLiteral("activityType")).toString(),
                 QStringLiteral("a2ui-surface"));
        QCOMPARE(e.value(QStringLiteral("replace")), QJsonValue(true));
        QCOMPARE(opsOf(e), msgs);
        QCOMPARE(e.size(), 5);
    }

    void surfaceIdOfEveryOperation_data()
    {
        QTest::addColumn<QString>("operation");
        for (const char *name :
             {"createSurface", "updateComponents", "updateDataModel", "deleteSurface",
              "surfaceUpdate", "dataModelUpdate", "beginRendering"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void surfaceIdOfEveryOperation()
    {
        QFETCH(QString, operation);
        const QJsonObject message {
            {operation, QJsonObject {{QStringLiteral("surfaceId"), QStringLiteral("x")}}}};
        QCOMPARE(surfaceIdOf(message), std::optional<QString>(QStringLiteral("x")));
    }

    void surfaceIdOfNone()
    {
        QVERIFY(!surfaceIdOf(QJsonObject {{QStringLiteral("someOther"), QJsonObject {}}}));
        QVERIFY(!surfaceIdOf(QJsonObject {{QStringLiteral("createSurface"), QJsonObject {}}}));
        QVERIFY(!surfaceIdOf(QJsonObject {{QStringLiteral("createSurface"), QStringLiteral("s")}}));
    }

    void snapshotsAccumulateAcrossCalls()
    {
        auto first = snapshots({}, QJsonArray {op("createSurface", QStringLiteral("s1"))});
        QCOMPARE(first.events.size(), 1);
        auto second = snapshots(first.surfaces,
                                QJsonArray {op("updateDataModel", QStringLiteral("s1")),
                                            op("updateComponents", QStringLiteral("s1"))});
        QCOMPARE(second.events.size(), 1);
        QCOMPARE(opsOf(second.events.first()).size(), 3); // every message so far
        QCOMPARE(second.events.first().value(QStringLiteral("messageId")).toString(),
                 QStringLiteral("a2ui-surface-s1"));
        QCOMPARE(second.surfaces.value(QStringLiteral("s1")).size(), 3);
    }

    void snapshotsFirstTouchOrder()
    {
        const auto r = snapshots({},
                                 QJsonArray {op("createSurface", QStringLiteral("b")),
                                             op("createSurface", QStringLiteral("a")),
                                             op("updateComponents", QStringLiteral("b"))});
        QCOMPARE(r.events.size(), 2);
        QCOMPARE(r.events.at(0).value(QStringLiteral("messageId")).toString(),
                 QStringLiteral("a2ui-surface-b"));
        QCOMPARE(r.events.at(1).value(QStringLiteral("messageId")).toString(),
                 QStringLiteral("a2ui-surface-a"));
    }

    void snapshotsOnlyTouchedSurfaces()
    {
        Surfaces kept {
            {QStringLiteral("old"), QJsonArray {op("createSurface", QStringLiteral("old"))}}};
        const auto r = snapshots(kept, QJsonArray {op("createSurface", QStringLiteral("new"))});
        QCOMPARE(r.events.size(), 1);
        QCOMPARE(r.surfaces.size(), 2);
    }

    void deleteDropsThenStartsOver()
    {
        auto r = snapshots({},
                           QJsonArray {op("createSurface", QStringLiteral("s")),
                                       op("deleteSurface", QStringLiteral("s"))});
        QCOMPARE(r.events.size(), 1);
        QCOMPARE(opsOf(r.events.first()).size(), 2);
        QVERIFY(!r.surfaces.contains(QStringLiteral("s")));
        r = snapshots(r.surfaces, QJsonArray {op("createSurface", QStringLiteral("s"))});
        QCOMPARE(opsOf(r.events.first()).size(), 1);
    }

    void surfacelessMessagesLeftOut()
    {
        const auto r = snapshots(
            {}, QJsonArray {QJsonObject {{QStringLiteral("x"), 1}}, 5, QStringLiteral("text")});
        QVERIFY(r.events.isEmpty());
        QVERIFY(r.surfaces.isEmpty());
    }

    void a2uiMessagesOnlyForSurfaceActivities()
    {
        const QJsonArray msgs {op("createSurface", QStringLiteral("s"))};
        QCOMPARE(a2uiMessages(activitySnapshot(QStringLiteral("m"), msgs)),
                 std::optional<QJsonArray>(msgs));
        // An empty list is a list, not "none".
        QCOMPARE(a2uiMessages(activitySnapshot(QStringLiteral("m"), {})),
                 std::optional<QJsonArray>(QJsonArray {}));
        QJsonObject other = activitySnapshot(QStringLiteral("m"), msgs);
        other.insert(QStringLiteral("activityType"), QStringLiteral("progress"));
        QVERIFY(!a2uiMessages(other));
        QJsonObject delta = activitySnapshot(QStringLiteral("m"), msgs);
        delta.insert(QStringLiteral("type"), QStringLiteral("ACTIVITY_DELTA"));
        QVERIFY(!a2uiMessages(delta));
        QVERIFY(
            !a2uiMessages(QJsonObject {{QStringLiteral("type"), QStringLiteral("RUN_STARTED")}}));
    }

    void userActionEveryMissingLevel()
    {
        const QJsonObject action {{QStringLiteral("name"), QStringLiteral("go")}};
        const QJsonObject full {
            {QStringLiteral("forwardedProps"),
             QJsonObject {{QStringLiteral("a2uiAction"),
                           QJsonObject {{QStringLiteral("userAction"), action}}}}}};
        QCOMPARE(userAction(full, QStringLiteral("v0.9")),
                 std::optional<QJsonObject>(
                     QJsonObject {{QStringLiteral("version"), QStringLiteral("v0.9")},
                                  {QStringLiteral("action"), action}}));
        QVERIFY(!userAction(QJsonObject {}, QStringLiteral("v0.9")));
        QVERIFY(!userAction(QJsonObject {{QStringLiteral("forwardedProps"), 1}}));
        QVERIFY(!userAction(
            QJsonObject {{QStringLiteral("forwardedProps"),
                          QJsonObject {{QStringLiteral("a2uiAction"), QJsonArray {}}}}}));
        QVERIFY(!userAction(QJsonObject {
            {QStringLiteral("forwardedProps"),
             QJsonObject {{QStringLiteral("a2uiAction"),
                           QJsonObject {{QStringLiteral("userAction"), QStringLiteral("go")}}}}}}));
    }

    void encodeIsOneDataLine()
    {
        const QJsonObject e {{QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_CONTENT")},
                             {QStringLiteral("messageId"), QStringLiteral("m")},
                             {QStringLiteral("delta"), QStringLiteral("a\nb \u00e9\U0001F600")}};
        const QByteArray sse = encode(e);
        QVERIFY(sse.startsWith("data: {"));
        QVERIFY(sse.endsWith("}\n\n"));
        QCOMPARE(sse.count('\n'), 2); // the newline inside the delta is escaped
        QCOMPARE(QJsonDocument::fromJson(sse.mid(6)).object(), e);
    }

    void textMessageAndEmptyText()
    {
        const auto events = textMessage(QStringLiteral("m"), QStringLiteral("hi"));
        QCOMPARE(events.size(), 3);
        QCOMPARE(events.at(0).value(QStringLiteral("role")).toString(),
                 QStringLiteral("assistant"));
        QCOMPARE(events.at(1).value(QStringLiteral("delta")).toString(), QStringLiteral("hi"));
        QCOMPARE(events.at(2).value(QStringLiteral("type")).toString(),
                 QStringLiteral("TEXT_MESSAGE_END"));
        QVERIFY(textMessage(QStringLiteral("m"), QString()).isEmpty());
    }

    void runEvents()
    {
        QCOMPARE(runStarted(QStringLiteral("t"), QStringLiteral("r"))
                     .value(QStringLiteral("type"))
                     .toString(),
                 QStringLiteral("RUN_STARTED"));
        QCOMPARE(runFinished(QStringLiteral("t"), QStringLiteral("r"))
                     .value(QStringLiteral("runId"))
                     .toString(),
                 QStringLiteral("r"));
        QVERIFY(!runError(QStringLiteral("boom")).contains(QStringLiteral("code")));
        QCOMPARE(runError(QStringLiteral("boom"), QStringLiteral("E"))
                     .value(QStringLiteral("code"))
                     .toString(),
                 QStringLiteral("E"));
    }

    void describeUserActionWithoutFields()
    {
        QCOMPARE(describeUserAction(QJsonObject {}),
                 QStringLiteral("User performed action \"unknown_action\" on surface "
                                "\"unknown_surface\". Context: {}"));
    }
};

QTEST_GUILESS_MAIN(TestA2uiAgui)
#include "test_a2ui_agui.moc"
