// Applying A2UI messages of every kind and version to surfaces, and getting them out of AG-UI
// activity snapshots / tool results.

#include "a2uitestutil.h"
#include "core/a2ui/surfacemodel.h"

#include <QtTest>

using namespace agui::a2ui;
using a2uitest::arr;
using a2uitest::compact;
using a2uitest::fixture;
using a2uitest::obj;

namespace {

bool hasRule(const Issues &issues, const QString &rule)
{
    for (const Issue &i : issues) {
        if (i.ruleId == rule)
            return true;
    }
    return false;
}

Issues allIssues(const SurfaceSet &set)
{
    Issues out = set.issues();
    for (const QString &id : set.surfaceIds())
        out.append(set.surface(id)->diagnostics);
    return out;
}

} // namespace

class TestA2uiMessages : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void operationOfAnotherVersionIsAnErrorButApplied();
    void versionDetection_data();
    void versionDetection();

    void catalogAliases();

    void v09CreateUpdateComponentsUpdateDataModel();

    void v09NotReadyWithoutRoot();

    void v09UpsertReplacesPropsAndRecreatesOnTypeChange();

    void v09UpdateDataModelForms();

    void v09DeleteSurfaceAndV091Reuse();

    void v09CreateSurfaceTheme();

    void v08AllMessages();

    void v08DataModelContents();

    void v08PathAndLiteralInitialisesModel();

    void v08MultipleChoiceBecomesChoicePicker();

    void v10InlineCreateAndNullDelete();

    void hybridV09WithV08NamesIsAliased();

    void badAndUnknownMessagesAreReported();

    void createSurfaceTwiceInOneListIsAnError();

    void resentSnapshotKeepsUserEditsUnlessAgentChangedThem();

    void carryUserEditsAcrossRebuiltSets();

    void operationsFromToolResults();

    void buildFromSessionSources();

    void activityDelta();
};

// Bodies outside the class: moc mis-reads raw JSON strings (URLs, quotes).
#ifndef Q_MOC_RUN
void TestA2uiMessages::versionDetection_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<int>("version");
    QTest::addColumn<QString>("op");
    QTest::newRow("v0.8 surfaceUpdate")
        << R"({"surfaceUpdate":{"surfaceId":"s"}})" << int(Version::V0_8) << "surfaceUpdate";
    QTest::newRow("v0.8 dataModelUpdate")
        << R"({"dataModelUpdate":{}})" << int(Version::V0_8) << "dataModelUpdate";
    QTest::newRow("v0.8 beginRendering")
        << R"({"beginRendering":{}})" << int(Version::V0_8) << "beginRendering";
    QTest::newRow("bare deleteSurface is v0.8")
        << R"({"deleteSurface":{"surfaceId":"s"}})" << int(Version::V0_8) << "deleteSurface";
    QTest::newRow("v0.9") << R"({"version":"v0.9","createSurface":{}})" << int(Version::V0_9)
                          << "createSurface";
    QTest::newRow("v0.9.1") << R"({"version":"v0.9.1","updateComponents":{}})"
                            << int(Version::V0_9_1) << "updateComponents";
    QTest::newRow("v0.10") << R"({"version":"v0.10","updateDataModel":{}})" << int(Version::V0_10)
                           << "updateDataModel";
    QTest::newRow("v1.0") << R"({"version":"v1.0","deleteSurface":{}})" << int(Version::V1_0)
                          << "deleteSurface";
    QTest::newRow("unknown version")
        << R"({"version":"v7","createSurface":{}})" << int(Version::Unknown) << "createSurface";
    QTest::newRow("no operation") << R"({"hello":1})" << int(Version::Unknown) << "";
}

void TestA2uiMessages::versionDetection()
{
    QFETCH(QString, json);
    QFETCH(int, version);
    QFETCH(QString, op);
    const QJsonObject m = obj(json.toUtf8().constData());
    QCOMPARE(int(detectVersion(m)), version);
    QCOMPARE(operationKey(m), op);
}

void TestA2uiMessages::catalogAliases()
{
    QVERIFY(isBasicCatalog(basicCatalogIdV09()));
    QVERIFY(
        isBasicCatalog(QStringLiteral("https://a2ui.org/specification/v0_9/basic_catalog.json")));
    QVERIFY(isBasicCatalog(
        QStringLiteral("https://a2ui.org/specification/v0_9_1/catalogs/basic/catalog.json")));
    QVERIFY(isBasicCatalog(standardCatalogIdV08()));
    QVERIFY(!isBasicCatalog(QStringLiteral("https://example.org/my_catalog.json")));
}

void TestA2uiMessages::v09CreateUpdateComponentsUpdateDataModel()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("a2ui-surface-1"), fixture("feedback_v09.json"));
    QCOMPARE(set.surfaceIds(), QStringList {QStringLiteral("feedback")});
    const Surface *s = set.surface(QStringLiteral("feedback"));
    QVERIFY(s);
    QCOMPARE(s->version, Version::V0_9);
    QCOMPARE(s->catalogId, basicCatalogIdV09());
    QVERIFY(s->ready);
    QCOMPARE(s->rootId, QStringLiteral("root"));
    QCOMPARE(s->components.size(), 6);
    QCOMPARE(s->componentOrder.first(), QStringLiteral("root"));
    QCOMPARE(compact(s->dataModel), QStringLiteral(R"({"form":{"name":""}})"));
    QCOMPARE(s->component(QStringLiteral("title"))->type, QStringLiteral("Text"));
    QCOMPARE(s->component(QStringLiteral("name"))->normalized.value(QStringLiteral("value")),
             QJsonValue(obj(R"({"path":"/form/name"})")));
    QVERIFY(allIssues(set).isEmpty());
}

void TestA2uiMessages::v09NotReadyWithoutRoot()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), arr(R"([
        {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},
        {"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"a","component":"Text","text":"hi"}]}}])"));
    QVERIFY(!set.surface(QStringLiteral("s"))->ready);
    set.applyMessage(obj(
        R"({"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["a"]}]}})"));
    QVERIFY(set.surface(QStringLiteral("s"))->ready);
}

void TestA2uiMessages::v09UpsertReplacesPropsAndRecreatesOnTypeChange()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), fixture("feedback_v09.json"));
    set.applyMessage(
        obj(R"({"version":"v0.9","updateComponents":{"surfaceId":"feedback","components":[
        {"id":"title","component":"Text","text":"Thanks"}]}})"));
    const Surface *s = set.surface(QStringLiteral("feedback"));
    const QJsonObject title = s->component(QStringLiteral("title"))->normalized;
    QCOMPARE(title.value(QStringLiteral("text")).toString(), QStringLiteral("Thanks"));
    QVERIFY(!title.contains(QStringLiteral("variant"))); // replaced, not merged
    QCOMPARE(s->componentOrder.indexOf(QStringLiteral("title")), 2); // same type: kept place
    set.applyMessage(
        obj(R"({"version":"v0.9","updateComponents":{"surfaceId":"feedback","components":[
        {"id":"title","component":"Divider"}]}})"));
    QCOMPARE(s->component(QStringLiteral("title"))->type, QStringLiteral("Divider"));
    QCOMPARE(s->componentOrder.last(), QStringLiteral("title")); // recreated
}

void TestA2uiMessages::v09UpdateDataModelForms()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), arr(R"([
        {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},
        {"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"a":1,"list":[1,2,3]}}},
        {"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/b/c","value":true}},
        {"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/a"}},
        {"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/list/1"}},
        {"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/n/0/x","value":"y"}}])"));
    QCOMPARE(compact(set.surface(QStringLiteral("s"))->dataModel),
             QStringLiteral(R"({"b":{"c":true},"list":[1,null,3],"n":[{"x":"y"}]})"));
    // Writing through a primitive is an error, not a silent overwrite.
    QVERIFY(!set.applyMessage(obj(
        R"({"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/b/c/d","value":1}})")));
    QVERIFY(hasRule(allIssues(set), QStringLiteral("a2ui.data-write-failed")));
}

void TestA2uiMessages::v09DeleteSurfaceAndV091Reuse()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), arr(R"([
        {"version":"v0.9.1","createSurface":{"surfaceId":"s","catalogId":"https:\/\/a2ui.org\/specification\/v0_9_1\/catalogs\/basic\/catalog.json"}},
        {"version":"v0.9.1","deleteSurface":{"surfaceId":"s"}},
        {"version":"v0.9.1","createSurface":{"surfaceId":"s","catalogId":"basic","sendDataModel":true}}])"));
    QCOMPARE(set.surfaceIds(), QStringList {QStringLiteral("s")});
    QCOMPARE(set.surface(QStringLiteral("s"))->version, Version::V0_9_1);
    QVERIFY(set.surface(QStringLiteral("s"))->sendDataModel);
    QVERIFY(allIssues(set).isEmpty());
    QVERIFY(set.applyMessage(obj(R"({"version":"v0.9","deleteSurface":{"surfaceId":"s"}})")));
    QVERIFY(set.isEmpty());
    QCOMPARE(set.deletedSurfaceIds(), QStringList {QStringLiteral("s")});
    QVERIFY(!set.applyMessage(obj(R"({"version":"v0.9","deleteSurface":{"surfaceId":"s"}})")));
    QVERIFY(hasRule(set.issues(), QStringLiteral("a2ui.missing-surface")));
}

void TestA2uiMessages::v09CreateSurfaceTheme()
{
    SurfaceSet set;
    set.applyMessage(obj(
        R"({"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic","theme":{"primaryColor":"#336699"}}})"));
    QCOMPARE(
        set.surface(QStringLiteral("s"))->theme.value(QStringLiteral("primaryColor")).toString(),
        QStringLiteral("#336699"));
}

void TestA2uiMessages::v08AllMessages()
{
    SurfaceSet set;
    const QJsonArray msgs = fixture("feedback_v08.json");
    set.applySource(QStringLiteral("x"), QJsonArray {msgs.at(0), msgs.at(1)});
    const Surface *s = set.surface(QStringLiteral("feedback"));
    QVERIFY(s);
    QCOMPARE(s->version, Version::V0_8);
    QVERIFY(!s->ready); // buffered until beginRendering
    set.applyMessage(msgs.at(2).toObject());
    QVERIFY(s->ready);
    QCOMPARE(s->rootId, QStringLiteral("root"));
    QCOMPARE(s->theme.value(QStringLiteral("primaryColor")).toString(), QStringLiteral("#00BFFF"));
    QCOMPARE(compact(s->dataModel), QStringLiteral(R"({"form":{"name":""}})"));
    // Normalised to the v0.9 shape, original kept.
    QCOMPARE(
        compact(s->component(QStringLiteral("name"))->normalized),
        QStringLiteral(
            R"({"component":"TextField","id":"name","label":"Your name","value":{"path":"/form/name"}})"));
    QCOMPARE(compact(s->component(QStringLiteral("title"))->normalized),
             QStringLiteral(
                 R"({"component":"Text","id":"title","text":"Send feedback","variant":"h3"})"));
    QCOMPARE(
        compact(s->component(QStringLiteral("col"))->normalized.value(QStringLiteral("children"))),
        QStringLiteral(R"(["title","name","send"])"));
    QCOMPARE(
        compact(s->component(QStringLiteral("send"))->normalized),
        QStringLiteral(
            R"({"action":{"event":{"context":{"name":{"path":"/form/name"},"source":"inspector"},"name":"submit_feedback"}},"child":"send_label","component":"Button","id":"send","variant":"primary"})"));
    QVERIFY(s->component(QStringLiteral("name"))
                ->original.value(QStringLiteral("component"))
                .isObject());
    QVERIFY(allIssues(set).isEmpty());

    QVERIFY(set.applyMessage(obj(R"({"deleteSurface":{"surfaceId":"feedback"}})")));
    QVERIFY(set.isEmpty());
}

void TestA2uiMessages::v08DataModelContents()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), arr(R"([
        {"dataModelUpdate":{"surfaceId":"s","contents":[
            {"key":"name","valueString":"Bob"},{"key":"age","valueNumber":42},{"key":"vip","valueBoolean":true},
            {"key":"address","valueMap":[{"key":"city","valueString":"Oslo"}]},
            {"key":"items","valueString":" [1, {}] "}]}},
        {"dataModelUpdate":{"surfaceId":"s","path":"user.profile","contents":[{"key":".","valueString":"x"}]}},
        {"dataModelUpdate":{"surfaceId":"s","path":"list[1]","contents":[{"key":"v","valueNumber":1}]}}])"));
    QCOMPARE(
        compact(set.surface(QStringLiteral("s"))->dataModel),
        QStringLiteral(
            R"({"address":{"city":"Oslo"},"age":42,"items":[1,{}],"list":[null,{"v":1}],"name":"Bob","user":{"profile":"x"},"vip":true})"));
}

void TestA2uiMessages::v08PathAndLiteralInitialisesModel()
{
    SurfaceSet set;
    set.applyMessage(obj(R"({"surfaceUpdate":{"surfaceId":"s","components":[
        {"id":"root","component":{"TextField":{"label":{"literalString":"L"},"text":{"path":"form.name","literalString":"Ada"}}}}]}})"));
    const Surface *s = set.surface(QStringLiteral("s"));
    QCOMPARE(compact(s->dataModel), QStringLiteral(R"({"form":{"name":"Ada"}})"));
    QCOMPARE(
        compact(s->component(QStringLiteral("root"))->normalized.value(QStringLiteral("value"))),
        QStringLiteral(R"({"path":"form/name"})"));
}

void TestA2uiMessages::v08MultipleChoiceBecomesChoicePicker()
{
    SurfaceSet set;
    set.applyMessage(obj(R"({"surfaceUpdate":{"surfaceId":"s","components":[
        {"id":"root","component":{"MultipleChoice":{"selections":{"path":"/sel"},"maxAllowedSelections":1,
          "options":[{"label":{"literalString":"A"},"value":"a"}],"variant":"chips"}}}]}})"));
    const QJsonObject n
        = set.surface(QStringLiteral("s"))->component(QStringLiteral("root"))->normalized;
    QCOMPARE(
        compact(n),
        QStringLiteral(
            R"({"component":"ChoicePicker","displayStyle":"chips","id":"root","options":[{"label":"A","value":"a"}],"value":{"path":"/sel"},"variant":"mutuallyExclusive"})"));
}

void TestA2uiMessages::v10InlineCreateAndNullDelete()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), fixture("feedback_v10.json"));
    const Surface *s = set.surface(QStringLiteral("feedback"));
    QVERIFY(s);
    QCOMPARE(s->version, Version::V1_0);
    QVERIFY(s->ready);
    QCOMPARE(s->components.size(), 6);
    QCOMPARE(compact(s->dataModel), QStringLiteral(R"({"form":{"name":""}})"));
    QVERIFY(allIssues(set).isEmpty());
    // v1.0: value is required; theme is gone.
    QVERIFY(!set.applyMessage(
        obj(R"({"version":"v1.0","updateDataModel":{"surfaceId":"feedback","path":"/a"}})")));
    set.applyMessage(obj(
        R"({"version":"v1.0","createSurface":{"surfaceId":"t","theme":{"primaryColor":"#000000"}}})"));
    QVERIFY(hasRule(set.surface(QStringLiteral("t"))->diagnostics,
                    QStringLiteral("a2ui.version-mixed-prop")));
    QVERIFY(!hasRule(set.surface(QStringLiteral("t"))->diagnostics,
                     QStringLiteral("a2ui.bad-message"))); // catalogId optional
}

void TestA2uiMessages::hybridV09WithV08NamesIsAliased()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), arr(R"([
        {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},
        {"version":"v0.9","updateComponents":{"surfaceId":"s","components":[
          {"id":"root","component":"Tabs","tabItems":[{"title":"One","child":"f"}]},
          {"id":"f","component":"TextField","label":"L","text":{"path":"/v"},"textFieldType":"number"}]}}])"));
    const Surface *s = set.surface(QStringLiteral("s"));
    QVERIFY(s->component(QStringLiteral("root"))->normalized.contains(QStringLiteral("tabs")));
    const QJsonObject f = s->component(QStringLiteral("f"))->normalized;
    QCOMPARE(compact(f.value(QStringLiteral("value"))), QStringLiteral(R"({"path":"/v"})"));
    QCOMPARE(f.value(QStringLiteral("variant")).toString(), QStringLiteral("number"));
}

void TestA2uiMessages::badAndUnknownMessagesAreReported()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("src"), arr(R"([
        42,
        {"hello":"world"},
        {"createSurface":{"surfaceId":"s","catalogId":"basic"}},
        {"version":"v9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"x"}]}},
        {"version":"v0.9","updateComponents":{"surfaceId":"ghost","components":[{"id":"root","component":"Text","text":"x"}]}},
        {"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"component":"Text"}]}},
        {"version":"v0.9","updateDataModel":{"path":"/x","value":1}}])"));
    const Issues issues = allIssues(set);
    QVERIFY(hasRule(issues, QStringLiteral("a2ui.unknown-message")));
    QVERIFY(hasRule(issues, QStringLiteral("a2ui.unknown-version")));
    QVERIFY(hasRule(issues, QStringLiteral("a2ui.missing-surface")));
    QVERIFY(hasRule(issues, QStringLiteral("a2ui.bad-message")));
    // Nothing dropped silently: the surfaces are there, built as far as possible.
    QVERIFY(set.surface(QStringLiteral("s"))->ready);
    QVERIFY(set.surface(QStringLiteral("ghost"))->ready);
    for (const Issue &i : issues)
        QCOMPARE(i.sourceId, QStringLiteral("src"));
}

void TestA2uiMessages::createSurfaceTwiceInOneListIsAnError()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("a"), arr(R"([
        {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},
        {"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"k":1}}},
        {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}}])"));
    QVERIFY(hasRule(set.surface(QStringLiteral("s"))->diagnostics,
                    QStringLiteral("a2ui.create-existing")));
    QCOMPARE(compact(set.surface(QStringLiteral("s"))->dataModel), QStringLiteral(R"({"k":1})"));
    // Another source re-creating it: the newer rendering wins (info).
    set.applySource(
        QStringLiteral("b"),
        arr(R"([{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}}])"));
    QVERIFY(hasRule(set.surface(QStringLiteral("s"))->diagnostics,
                    QStringLiteral("a2ui.surface-replaced")));
    QCOMPARE(set.surface(QStringLiteral("s"))->sourceId, QStringLiteral("b"));
}

void TestA2uiMessages::resentSnapshotKeepsUserEditsUnlessAgentChangedThem()
{
    const QJsonArray ops = fixture("feedback_v09.json");
    SurfaceSet set;
    set.applySource(QStringLiteral("a2ui-surface-1"), ops);
    Surface *s = set.surface(QStringLiteral("feedback"));
    QVERIFY(s->setUserValue(QStringLiteral("/form/name"), QStringLiteral("Ada")));
    QCOMPARE(compact(s->dataModel), QStringLiteral(R"({"form":{"name":"Ada"}})"));
    QCOMPARE(compact(s->agentDataModel), QStringLiteral(R"({"form":{"name":""}})"));

    // The same snapshot again (createSurface included): the typed value survives.
    set.applySource(QStringLiteral("a2ui-surface-1"), ops);
    s = set.surface(QStringLiteral("feedback"));
    QCOMPARE(compact(s->dataModel), QStringLiteral(R"({"form":{"name":"Ada"}})"));
    QVERIFY(allIssues(set).isEmpty()); // a re-sent snapshot is not a duplicate createSurface

    // The agent now sets that field itself: the agent wins.
    QJsonArray changed = ops;
    changed.append(obj(
        R"({"version":"v0.9","updateDataModel":{"surfaceId":"feedback","path":"/form/name","value":"Grace"}})"));
    set.applySource(QStringLiteral("a2ui-surface-1"), changed);
    s = set.surface(QStringLiteral("feedback"));
    QCOMPARE(compact(s->dataModel), QStringLiteral(R"({"form":{"name":"Grace"}})"));
    QVERIFY(s->userEdits.isEmpty());
}

void TestA2uiMessages::carryUserEditsAcrossRebuiltSets()
{
    const QJsonObject content {{QStringLiteral("a2ui_operations"), fixture("feedback_v09.json")}};
    SurfaceSet before = surfacesFromActivity(content, QStringLiteral("m1"));
    QVERIFY(before.surface(QStringLiteral("feedback"))
                ->setUserValue(QStringLiteral("/form/name"), QStringLiteral("Ada")));
    SurfaceSet after = surfacesFromActivity(content, QStringLiteral("m1"));
    after.carryUserEditsFrom(before);
    QCOMPARE(compact(after.surface(QStringLiteral("feedback"))->dataModel),
             QStringLiteral(R"({"form":{"name":"Ada"}})"));

    QJsonArray ops = fixture("feedback_v09.json");
    ops.append(obj(
        R"({"version":"v0.9","updateDataModel":{"surfaceId":"feedback","path":"/form","value":{"name":"reset by agent"}}})"));
    SurfaceSet changed
        = surfacesFromActivity(QJsonObject {{QStringLiteral("a2ui_operations"), ops}});
    changed.carryUserEditsFrom(before);
    QCOMPARE(compact(changed.surface(QStringLiteral("feedback"))->dataModel),
             QStringLiteral(R"({"form":{"name":"reset by agent"}})"));
}

void TestA2uiMessages::operationsFromToolResults()
{
    const QJsonArray ops
        = arr(R"([{"version":"v0.9","createSurface":{"surfaceId":"t","catalogId":"basic"}}])");
    const QJsonObject env {{QStringLiteral("a2ui_operations"), ops}};
    QCOMPARE(operationsFromToolResult(env), std::optional<QJsonArray>(ops));
    const QString text = compact(env);
    QCOMPARE(operationsFromToolResult(text), std::optional<QJsonArray>(ops));
    const QString twice = compact(QJsonValue(text)).mid(1).chopped(1); // "\"{...}\""
    QCOMPARE(operationsFromToolResult(twice), std::optional<QJsonArray>(ops));
    QVERIFY(!operationsFromToolResult(QStringLiteral("{\"status\":\"rendered\"}")));
    QVERIFY(!operationsFromToolResult(QStringLiteral("plain text")));
}

void TestA2uiMessages::buildFromSessionSources()
{
    QList<A2uiSource> sources;
    sources.append({A2uiSource::Kind::Activity, QStringLiteral("a2ui-surface-tc1"),
                    obj(R"({"status":"building","progressTokens":12})")});
    sources.append(
        {A2uiSource::Kind::ToolResult, QStringLiteral("tc2"),
         QStringLiteral(
             R"({"a2ui_operations":[{"version":"v0.9","createSurface":{"surfaceId":"fromTool","catalogId":"https:\/\/a2ui.org\/specification\/v0_9\/basic_catalog.json"}}]})")});
    sources.append(
        {A2uiSource::Kind::Activity, QStringLiteral("a2ui-surface-tc3"),
         QJsonObject {{QStringLiteral("a2ui_operations"), fixture("feedback_v09.json")}}});
    sources.append({A2uiSource::Kind::ToolResult, QStringLiteral("tc4"),
                    QStringLiteral("{\"status\":\"rendered\"}")});
    const SurfaceSet set = buildSurfaceSet(sources);
    QCOMPARE(set.surfaceIds(),
             (QStringList {QStringLiteral("fromTool"), QStringLiteral("feedback")}));
    QCOMPARE(set.pending().size(), 1);
    QCOMPARE(set.pending().first().status, QStringLiteral("building"));
    QCOMPARE(set.surface(QStringLiteral("feedback"))->sourceId, QStringLiteral("a2ui-surface-tc3"));
}

void TestA2uiMessages::activityDelta()
{
    QJsonObject content {{QStringLiteral("a2ui_operations"), fixture("feedback_v09.json")}};
    QString error;
    QVERIFY(applyActivityDelta(content, arr(R"([{"op":"add","path":"/a2ui_operations/-","value":
        {"version":"v0.9","updateDataModel":{"surfaceId":"feedback","path":"/form/name","value":"Lin"}}}])"),
                               &error));
    const SurfaceSet set = surfacesFromActivity(content);
    QCOMPARE(compact(set.surface(QStringLiteral("feedback"))->dataModel),
             QStringLiteral(R"({"form":{"name":"Lin"}})"));
    QVERIFY(!applyActivityDelta(content, arr(R"([{"op":"remove","path":"/nope"}])"), &error));
    QVERIFY(error.contains(QStringLiteral("patch op 0")));
}

#endif

// The suites reject an operation the message's own version lacks; the inspector says so and still
// applies it by its shape, so the user sees what the agent meant.
void TestA2uiMessages::operationOfAnotherVersionIsAnErrorButApplied()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("src"), arr(R"([
        {"version":"v0.8","createSurface":{"surfaceId":"s","catalogId":"basic"}},
        {"version":"v0.9","surfaceUpdate":{"surfaceId":"t","components":[
            {"id":"root","component":{"Text":{"text":{"literalString":"hi"}}}}]}}])"));
    QStringList messages;
    for (const Issue &i : allIssues(set)) {
        if (i.ruleId == QLatin1String("a2ui.bad-message") && i.path == QLatin1String("/version"))
            messages.append(i.message);
    }
    QCOMPARE(messages,
             QStringList({QStringLiteral("action 'createSurface' is not supported in protocol "
                                         "version v0.8; applied as a v0.9 operation"),
                          QStringLiteral("action 'surfaceUpdate' is not supported in protocol "
                                         "version v0.9; applied as a v0.8 operation")}));
    QVERIFY(set.surface(QStringLiteral("s")));
    QVERIFY(set.surface(QStringLiteral("t"))->component(QStringLiteral("root")));
}

QTEST_GUILESS_MAIN(TestA2uiMessages)
#include "test_a2ui_messages.moc"
