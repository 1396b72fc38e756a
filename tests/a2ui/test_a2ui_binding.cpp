// Binding resolution, list templates, checks and functions, and the exact action JSON of a click.

#include "a2uitestutil.h"
#include "core/a2ui/action.h"
#include "core/a2ui/binding.h"
#include "core/a2ui/functions.h"
#include "core/a2ui/inspect.h"
#include "core/a2ui/surfacemodel.h"
#include "core/a2ui/tree.h"

#include <QtTest>

using namespace agui::a2ui;
using a2uitest::arr;
using a2uitest::compact;
using a2uitest::fixture;
using a2uitest::obj;

class TestA2uiBinding : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void paths();

    void resolveForms();

    void coercion();

    void writeValues();

    void modelPathsAndObservers();

    void templatesExpandWithScopesAndCap();

    void v08TemplatesIterateMaps();

    void functions_data();
    void functions();

    void unknownFunctionIsAnError();

    void checks();

    void actionV09ExactlyAsInReference();

    void actionV08ContextArray();

    void actionV10UserMessageAndUnresolvedContext();

    void actionInTemplateScopeAndLocalFunction();
    void inspectShowsBindingsAndChecks();
    void v08TemplateQuirk();
};

// Bodies outside the class: moc mis-reads raw JSON strings (URLs, quotes).
#ifndef Q_MOC_RUN
void TestA2uiBinding::paths()
{
    QCOMPARE(absolutePath(QStringLiteral("/a/b"), QStringLiteral("/items/0")),
             QStringLiteral("/a/b"));
    QCOMPARE(absolutePath(QStringLiteral("name"), QStringLiteral("/items/0")),
             QStringLiteral("/items/0/name"));
    QCOMPARE(absolutePath(QStringLiteral("./name"), QStringLiteral("/items/0")),
             QStringLiteral("/items/0/name"));
    QCOMPARE(absolutePath(QStringLiteral("."), QStringLiteral("/items/0")),
             QStringLiteral("/items/0"));
    QCOMPARE(absolutePath(QStringLiteral("name"), QString()), QStringLiteral("/name"));
    QCOMPARE(normalizeV08Path(QStringLiteral("user")), QStringLiteral("user"));
    QCOMPARE(normalizeV08Path(QStringLiteral("/user")), QStringLiteral("/user"));
    QCOMPARE(normalizeV08Path(QStringLiteral("/a.b")), QStringLiteral("/a/b"));
    QCOMPARE(normalizeV08Path(QStringLiteral("/a[0].c")), QStringLiteral("/a/0/c"));
}

void TestA2uiBinding::resolveForms()
{
    const QJsonObject model = obj(R"({"user":{"name":"Ada","age":36},"tags":["x","y"]})");
    QCOMPARE(resolve(QStringLiteral("lit"), model), QJsonValue(QStringLiteral("lit")));
    QCOMPARE(resolve(3, model), QJsonValue(3));
    QCOMPARE(resolve(obj(R"({"path":"/user/name"})"), model), QJsonValue(QStringLiteral("Ada")));
    QCOMPARE(resolve(obj(R"({"path":"name"})"), model, QStringLiteral("/user")),
             QJsonValue(QStringLiteral("Ada")));
    QVERIFY(resolve(obj(R"({"path":"/nope"})"), model).isUndefined());
    QCOMPARE(resolve(obj(R"({"literalString":"v08"})"), model), QJsonValue(QStringLiteral("v08")));
    QCOMPARE(resolve(obj(R"({"literalNumber":2})"), model), QJsonValue(2));
    QCOMPARE(resolve(obj(R"({"literalBoolean":true})"), model), QJsonValue(true));
    QCOMPARE(resolve(obj(R"({"path":"/nope","literalString":"fallback"})"), model),
             QJsonValue(QStringLiteral("fallback")));
    QCOMPARE(
        resolve(obj(R"({"call":"formatString","args":{"value":"${/user/name} is ${/user/age}"}})"),
                model),
        QJsonValue(QStringLiteral("Ada is 36")));
    QCOMPARE(boundPath(obj(R"({"path":"age"})"), QStringLiteral("/user")),
             std::optional<QString>(QStringLiteral("/user/age")));
    QVERIFY(!boundPath(QStringLiteral("literal")));
    QCOMPARE(
        dependencyPaths(
            obj(R"({"call":"and","args":{"values":[{"path":"/a"},{"call":"formatString","args":{"value":"${/b} ${c}"}}]}})"),
            QStringLiteral("/s")),
        (QStringList {QStringLiteral("/a"), QStringLiteral("/b"), QStringLiteral("/s/c")}));
}

void TestA2uiBinding::coercion()
{
    QCOMPARE(toDisplayString(QJsonValue()), QString());
    QCOMPARE(toDisplayString(3), QStringLiteral("3"));
    QCOMPARE(toDisplayString(obj(R"({"a":1})")), QStringLiteral(R"({"a":1})"));
    QCOMPARE(toNumber(QStringLiteral("2.5")), 2.5);
    QCOMPARE(toNumber(QStringLiteral("x")), 0.0);
    QVERIFY(toBool(QStringLiteral("true")));
    QVERIFY(!toBool(QStringLiteral("yes")));
    QVERIFY(toBool(2));
    QVERIFY(!toBool(QJsonValue()));
}

void TestA2uiBinding::writeValues()
{
    QJsonValue model = QJsonObject();
    QVERIFY(writeValue(model, QStringLiteral("/a/0/b"), 1));
    QCOMPARE(compact(model), QStringLiteral(R"({"a":[{"b":1}]})"));
    QVERIFY(writeValue(model, QStringLiteral("/a/2"), true));
    QCOMPARE(compact(model), QStringLiteral(R"({"a":[{"b":1},null,true]})"));
    QString error;
    QVERIFY(!writeValue(model, QStringLiteral("/a/0/b/c"), 1, &error));
    QCOMPARE(error,
             QStringLiteral("Cannot set path /a/0/b/c: cannot write through a number at /a/0/b"));
    QCOMPARE(compact(model), QStringLiteral(R"({"a":[{"b":1},null,true]})")); // untouched
    QVERIFY(!writeValue(model, QStringLiteral("a"), 1, &error)); // not a pointer
    QVERIFY(writeValue(model, QStringLiteral("/a/0/b"), QJsonValue(QJsonValue::Undefined)));
    QCOMPARE(compact(model), QStringLiteral(R"({"a":[{},null,true]})"));
}

void TestA2uiBinding::templatesExpandWithScopesAndCap()
{
    SurfaceSet set;
    QJsonArray items;
    for (int i = 0; i < 600; ++i)
        items.append(QJsonObject {{QStringLiteral("name"), QStringLiteral("item %1").arg(i)}});
    set.applySource(QStringLiteral("x"), arr(R"([
        {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},
        {"version":"v0.9","updateComponents":{"surfaceId":"s","components":[
          {"id":"root","component":"List","children":{"componentId":"row","path":"/items"}},
          {"id":"row","component":"Text","text":{"path":"name"}}]}}])"));
    set.applyMessage(QJsonObject {{QStringLiteral("version"), QStringLiteral("v0.9")},
                                  {QStringLiteral("updateDataModel"),
                                   QJsonObject {{QStringLiteral("surfaceId"), QStringLiteral("s")},
                                                {QStringLiteral("path"), QStringLiteral("/items")},
                                                {QStringLiteral("value"), items}}}});
    const Surface *s = set.surface(QStringLiteral("s"));
    const Children ch = childrenOf(*s, s->component(QStringLiteral("root"))->normalized, QString());
    QVERIFY(ch.isTemplate);
    QCOMPARE(ch.total, 600);
    QCOMPARE(ch.refs.size(), DefaultTemplateCap);
    QVERIFY(ch.truncated);
    QCOMPARE(ch.refs.at(7).scopePath, QStringLiteral("/items/7"));
    QCOMPARE(ch.refs.at(7).id, QStringLiteral("row"));
    const QJsonValue text
        = s->component(QStringLiteral("row"))->normalized.value(QStringLiteral("text"));
    QCOMPARE(resolve(text, s->dataModel, ch.refs.at(7).scopePath),
             QJsonValue(QStringLiteral("item 7")));
    const Children small
        = childrenOf(*s, s->component(QStringLiteral("root"))->normalized, QString(), 3);
    QCOMPARE(small.refs.size(), 3);
}

void TestA2uiBinding::v08TemplatesIterateMaps()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), arr(R"([
        {"surfaceUpdate":{"surfaceId":"s","components":[
          {"id":"root","component":{"List":{"children":{"template":{"componentId":"row","dataBinding":"/people"}}}}},
          {"id":"row","component":{"Text":{"text":{"path":"name"}}}}]}},
        {"dataModelUpdate":{"surfaceId":"s","path":"/people","contents":[{"key":"a","valueMap":[{"key":"name","valueString":"Ann"}]},{"key":"b","valueMap":[{"key":"name","valueString":"Bo"}]}]}},
        {"beginRendering":{"surfaceId":"s","root":"root"}}])"));
    const Surface *s = set.surface(QStringLiteral("s"));
    const Children ch = childrenOf(*s, s->component(QStringLiteral("root"))->normalized, QString());
    QCOMPARE(ch.refs.size(), 2);
    QCOMPARE(ch.refs.at(1).scopePath, QStringLiteral("/people/b"));
    QCOMPARE(ch.refs.at(1).templateKey, QStringLiteral("b"));
    QCOMPARE(resolve(s->component(QStringLiteral("row"))->normalized.value(QStringLiteral("text")),
                     s->dataModel, ch.refs.at(1).scopePath),
             QJsonValue(QStringLiteral("Bo")));
}

void TestA2uiBinding::functions_data()
{
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("expected"); // compact JSON of the result
    QTest::newRow("required empty") << R"({"call":"required","args":{"value":""}})"
                                    << "[false]";
    QTest::newRow("required set") << R"({"call":"required","args":{"value":{"path":"/name"}}})"
                                  << "[true]";
    QTest::newRow("required empty list") << R"({"call":"required","args":{"value":[]}})"
                                         << "[false]";
    QTest::newRow("regex")
        << R"({"call":"regex","args":{"value":"ab12","pattern":"^[a-z]+[0-9]+$"}})"
        << "[true]";
    QTest::newRow("regex no") << R"({"call":"regex","args":{"value":"12ab","pattern":"^[a-z]+$"}})"
                              << "[false]";
    QTest::newRow("length ok") << R"({"call":"length","args":{"value":"abc","min":2,"max":3}})"
                               << "[true]";
    QTest::newRow("length short") << R"({"call":"length","args":{"value":"a","min":2}})"
                                  << "[false]";
    QTest::newRow("numeric ok") << R"({"call":"numeric","args":{"value":"5","min":1,"max":10}})"
                                << "[true]";
    QTest::newRow("numeric big") << R"({"call":"numeric","args":{"value":11,"max":10}})"
                                 << "[false]";
    QTest::newRow("numeric text") << R"({"call":"numeric","args":{"value":"five"}})"
                                  << "[false]";
    QTest::newRow("email ok") << R"({"call":"email","args":{"value":"ada@example.org"}})"
                              << "[true]";
    QTest::newRow("email no") << R"({"call":"email","args":{"value":"ada@"}})"
                              << "[false]";
    QTest::newRow("and")
        << R"({"call":"and","args":{"values":[true,{"call":"required","args":{"value":{"path":"/name"}}}]}})"
        << "[true]";
    QTest::newRow("and false") << R"({"call":"and","args":{"values":[true,false]}})"
                               << "[false]";
    QTest::newRow("or") << R"({"call":"or","args":{"values":[false,true]}})"
                        << "[true]";
    QTest::newRow("not") << R"({"call":"not","args":{"value":{"path":"/flag"}}})"
                         << "[false]";
    QTest::newRow("formatString")
        << R"({"call":"formatString","args":{"value":"Hi ${/name}! \\${x} ${formatNumber(value:${/n}, decimals:1)}"}})"
        << R"(["Hi Ada! ${x} 1,234.6"])";
    // A quoted string is text, not a path; a template that does not parse is shown as written.
    QTest::newRow("formatString literals")
        << R"({"call":"formatString","args":{"value":"${'to'}-${2}-${true} ${oops"}})"
        << R"(["${'to'}-${2}-${true} ${oops"])";
    QTest::newRow("formatString quoted")
        << R"({"call":"formatString","args":{"value":"${'to'}-${2}-${true}"}})"
        << R"(["to-2-true"])";
    // v1.0 ("@call") reads a ValidationResult operand by its verdict; v0.9 as a truthy object.
    QTest::newRow("not ValidationResult v1.0")
        << R"({"@call":"not","args":{"value":{"valid":false}}})"
        << "[true]";
    QTest::newRow("not ValidationResult v0.9")
        << R"({"call":"not","args":{"value":{"valid":false}}})"
        << "[false]";
    QTest::newRow("formatCurrency")
        << R"({"call":"formatCurrency","args":{"value":1234.5,"currency":"eur"}})"
        << R"(["€1,234.50"])";
    // A code no locale uses keeps the ISO code in front.
    QTest::newRow("formatCurrency unknown code")
        << R"({"call":"formatCurrency","args":{"value":-2,"currency":"XQQ"}})"
        << R"(["-XQQ 2.00"])";
    QTest::newRow("formatDate")
        << R"({"call":"formatDate","args":{"value":"2026-06-01T10:05:00Z","format":"yyyy-MM-dd HH:mm"}})"
        << R"(["2026-06-01 10:05"])";
    QTest::newRow("pluralize one")
        << R"({"call":"pluralize","args":{"value":1,"one":"item","other":"items"}})"
        << R"(["item"])";
    QTest::newRow("pluralize other")
        << R"({"call":"pluralize","args":{"value":3,"one":"item","other":"items"}})"
        << R"(["items"])";
    QTest::newRow("pluralize zero")
        << R"({"call":"pluralize","args":{"value":0,"zero":"none","other":"items"}})"
        << R"(["none"])";
    QTest::newRow("formatNumber")
        << R"({"call":"formatNumber","args":{"value":1234.5,"decimals":2,"grouping":false}})"
        << R"(["1234.50"])";
}

void TestA2uiBinding::functions()
{
    QFETCH(QString, call);
    QFETCH(QString, expected);
    const QJsonObject model = obj(R"({"name":"Ada","flag":true,"n":1234.56})");
    QString error;
    const QJsonValue v = callFunction(obj(call.toUtf8().constData()), model, QString(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(compact(v), expected);
}

void TestA2uiBinding::unknownFunctionIsAnError()
{
    QString error;
    QVERIFY(
        callFunction(obj(R"({"call":"launchRockets","args":{}})"), QJsonObject(), QString(), &error)
            .isUndefined());
    QVERIFY(error.contains(QStringLiteral("launchRockets")));
}

void TestA2uiBinding::checks()
{
    const QJsonArray rules = arr(R"([
        {"condition":{"call":"required","args":{"value":{"path":"/name"}}},"message":"Name is required"},
        {"call":"email","args":{"value":{"path":"/mail"}},"message":"Bad mail"}])");
    ChecksResult r = evaluateChecks(rules, obj(R"({"name":"","mail":"x@y.io"})"));
    QVERIFY(!r.ok);
    QCOMPARE(r.failures.size(), 1);
    QCOMPARE(r.failures.first().message, QStringLiteral("Name is required"));
    r = evaluateChecks(rules, obj(R"({"name":"Ada","mail":"nope"})"));
    QCOMPARE(r.failures.size(), 1);
    QCOMPARE(r.failures.first().index, 1);
    QVERIFY(evaluateChecks(rules, obj(R"({"name":"Ada","mail":"x@y.io"})")).ok);
    // An unevaluable rule fails (a button must not send what we cannot check).
    r = evaluateChecks(arr(R"([{"condition":{"call":"nope"},"message":"m"}])"), QJsonObject());
    QVERIFY(!r.ok);
    QCOMPARE(r.errors.size(), 1);
    // v1.0 ValidationResult
    r = evaluateChecks(arr(R"([{"condition":{"valid":false,"message":"x"}}])"), QJsonObject());
    QVERIFY(r.ok); // a literal object is truthy; a ValidationResult comes from a call only
}

void TestA2uiBinding::actionV09ExactlyAsInReference()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("a2ui-surface-1"), fixture("feedback_v09.json"));
    Surface *s = set.surface(QStringLiteral("feedback"));
    QVERIFY(!evaluateChecks(
                 s->component(QStringLiteral("name"))->normalized.value(QStringLiteral("checks")),
                 s->dataModel)
                 .ok);
    QVERIFY(s->setUserValue(QStringLiteral("/form/name"), QStringLiteral("Ada")));
    QCOMPARE(compact(s->dataModel), QStringLiteral(R"({"form":{"name":"Ada"}})"));
    QVERIFY(evaluateChecks(
                s->component(QStringLiteral("name"))->normalized.value(QStringLiteral("checks")),
                s->dataModel)
                .ok);
    const QDateTime when(QDate(2026, 6, 1), QTime(10, 0), Qt::UTC);
    const ActionBuild b = buildUserAction(*s, QStringLiteral("send"), s->dataModel, when);
    QCOMPARE(b.kind, ActionBuild::Kind::Event);
    QVERIFY2(b.error.isEmpty(), qPrintable(b.error));
    QCOMPARE(
        actionMessage(b.userAction, s->version),
        obj(R"({"version":"v0.9","action":{"name":"submit_feedback","surfaceId":"feedback","sourceComponentId":"send",
                 "timestamp":"2026-06-01T10:00:00Z","context":{"name":"Ada","source":"inspector"}}})"));
    QCOMPARE(
        forwardedPropsForAction(b.userAction),
        obj(R"({"a2uiAction":{"userAction":{"name":"submit_feedback","surfaceId":"feedback","sourceComponentId":"send",
                 "timestamp":"2026-06-01T10:00:00Z","context":{"name":"Ada","source":"inspector"}}}})"));
}

void TestA2uiBinding::actionV08ContextArray()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), fixture("feedback_v08.json"));
    Surface *s = set.surface(QStringLiteral("feedback"));
    QVERIFY(s->setUserValue(QStringLiteral("/form/name"), QStringLiteral("Ada")));
    const QDateTime when(QDate(2026, 6, 1), QTime(10, 0, 0, 250), Qt::UTC);
    const ActionBuild b = buildUserAction(*s, QStringLiteral("send"), s->dataModel, when);
    QCOMPARE(
        actionMessage(b.userAction, Version::V0_8),
        obj(R"({"userAction":{"name":"submit_feedback","surfaceId":"feedback","sourceComponentId":"send",
                 "timestamp":"2026-06-01T10:00:00.250Z","context":{"name":"Ada","source":"inspector"}}})"));
}

void TestA2uiBinding::actionV10UserMessageAndUnresolvedContext()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), fixture("feedback_v10.json"));
    Surface *s = set.surface(QStringLiteral("feedback"));
    QVERIFY(s->setUserValue(QStringLiteral("/form/name"), QStringLiteral("Lin")));
    const QDateTime when(QDate(2026, 6, 1), QTime(10, 0), Qt::UTC);
    const ActionBuild b = buildUserAction(*s, QStringLiteral("send"), s->dataModel, when);
    QCOMPARE(
        actionMessage(b.userAction, s->version),
        obj(R"({"version":"v1.0","action":{"name":"submit_feedback","surfaceId":"feedback","sourceComponentId":"send",
                 "timestamp":"2026-06-01T10:00:00Z","userMessage":"Feedback from Lin","context":{"name":"Lin","source":"inspector"}}})"));
    // Context read from a path that is not there: sent as null, and said so.
    const ActionBuild b2 = buildUserAction(*s, QStringLiteral("send"), QJsonObject(), when);
    QCOMPARE(
        b2.userAction.value(QStringLiteral("context")).toObject().value(QStringLiteral("name")),
        QJsonValue(QJsonValue::Null));
    QVERIFY(b2.error.contains(QStringLiteral("/form/name")));
}

void TestA2uiBinding::actionInTemplateScopeAndLocalFunction()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), arr(R"([
        {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},
        {"version":"v0.9","updateComponents":{"surfaceId":"s","components":[
          {"id":"root","component":"List","children":{"componentId":"buy","path":"/items"}},
          {"id":"buy","component":"Button","child":"root","action":{"event":{"name":"buy","context":{"sku":{"path":"sku"}}}}},
          {"id":"open","component":"Button","child":"root","action":{"functionCall":{"call":"openUrl","args":{"url":"https:\/\/example.org"}}}},
          {"id":"plain","component":"Text","text":"x"}]}},
        {"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/items","value":[{"sku":"A1"},{"sku":"B2"}]}}])"));
    const Surface *s = set.surface(QStringLiteral("s"));
    const QDateTime when(QDate(2026, 6, 1), QTime(10, 0), Qt::UTC);
    const ActionBuild b = buildUserAction(*s, QStringLiteral("buy"), s->dataModel, when,
                                          QStringLiteral("/items/1"));
    QCOMPARE(b.userAction.value(QStringLiteral("context")).toObject(), obj(R"({"sku":"B2"})"));
    const ActionBuild f = buildUserAction(*s, QStringLiteral("open"), s->dataModel, when);
    QCOMPARE(f.kind, ActionBuild::Kind::LocalFunction);
    QCOMPARE(f.functionCall.value(QStringLiteral("call")).toString(), QStringLiteral("openUrl"));
    QCOMPARE(buildUserAction(*s, QStringLiteral("plain"), s->dataModel, when).kind,
             ActionBuild::Kind::None);
    QCOMPARE(buildUserAction(*s, QStringLiteral("ghost"), s->dataModel, when).kind,
             ActionBuild::Kind::None);
}

void TestA2uiBinding::inspectShowsBindingsAndChecks()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), fixture("feedback_v08.json"));
    Surface *s = set.surface(QStringLiteral("feedback"));
    QVERIFY(s->setUserValue(QStringLiteral("/form/name"), QStringLiteral("Ada")));
    const QJsonObject info = inspectComponent(*s, QStringLiteral("name"));
    QCOMPARE(info.value(QStringLiteral("type")).toString(), QStringLiteral("TextField"));
    QCOMPARE(info.value(QStringLiteral("version")).toString(), QStringLiteral("v0.8"));
    QVERIFY(info.value(QStringLiteral("original"))
                .toObject()
                .value(QStringLiteral("component"))
                .isObject());
    QCOMPARE(info.value(QStringLiteral("bindings")).toArray(),
             arr(R"([{"prop":"value","path":"/form/name","resolved":true,"value":"Ada"}])"));
    const QJsonObject send = inspectComponent(*s, QStringLiteral("send"));
    QCOMPARE(send.value(QStringLiteral("bindings")).toArray(),
             arr(R"([{"prop":"action","path":"/form/name","resolved":true,"value":"Ada"}])"));
    QVERIFY(inspectComponent(*s, QStringLiteral("ghost")).contains(QStringLiteral("error")));
    SurfaceSet v09;
    v09.applySource(QStringLiteral("x"), fixture("feedback_v09.json"));
    const QJsonObject checks
        = inspectComponent(*v09.surface(QStringLiteral("feedback")), QStringLiteral("name"))
              .value(QStringLiteral("checks"))
              .toObject();
    QCOMPARE(checks.value(QStringLiteral("ok")), QJsonValue(false));
    QCOMPARE(checks.value(QStringLiteral("failures")).toArray(), arr(R"(["Name is required"])"));
}

void TestA2uiBinding::v08TemplateQuirk()
{
    // The v0.8 reference processor strips a leading "/" (and "/item") inside templates.
    const QJsonObject n
        = obj(R"({"id":"row","component":"Button","child":"l","text":{"path":"/name"},
        "label":{"path":"/item/title"},"whole":{"path":"/item"},
        "action":{"event":{"name":"pick","context":{"sku":{"path":"/sku"}}}}})");
    QCOMPARE(v08TemplateRelative(n),
             obj(R"({"id":"row","component":"Button","child":"l","text":{"path":"name"},
        "label":{"path":"title"},"whole":{"path":"."},
        "action":{"event":{"name":"pick","context":{"sku":{"path":"sku"}}}}})"));
    SurfaceSet set;
    set.applySource(QStringLiteral("x"), arr(R"([
        {"surfaceUpdate":{"surfaceId":"s","components":[
          {"id":"root","component":{"List":{"children":{"template":{"componentId":"buy","dataBinding":"/items"}}}}},
          {"id":"buy","component":{"Button":{"child":"root","action":{"name":"buy","context":[{"key":"sku","value":{"path":"/sku"}}]}}}}]}},
        {"dataModelUpdate":{"surfaceId":"s","path":"/items","contents":[{"key":"0","valueMap":[{"key":"sku","valueString":"A1"}]}]}},
        {"beginRendering":{"surfaceId":"s","root":"root"}}])"));
    const Surface *s = set.surface(QStringLiteral("s"));
    const ActionBuild b = buildUserAction(*s, QStringLiteral("buy"), s->dataModel,
                                          QDateTime(QDate(2026, 6, 1), QTime(10, 0), Qt::UTC),
                                          QStringLiteral("/items/0"));
    QCOMPARE(b.userAction.value(QStringLiteral("context")).toObject(), obj(R"({"sku":"A1"})"));
}

#endif

// "/" is the whole model and a trailing "/" is dropped; an observer is notified exactly when what
// it reads changed (data_model.yaml holds the official cases).
void TestA2uiBinding::modelPathsAndObservers()
{
    QCOMPARE(modelPointer(QStringLiteral("/")), QString());
    QCOMPARE(modelPointer(QStringLiteral("/a/b/")), QStringLiteral("/a/b"));
    QCOMPARE(absolutePath(QStringLiteral("x"), QStringLiteral("/items/0/")),
             QStringLiteral("/items/0/x"));
    const QJsonValue before = obj(R"({"user":{"name":"Ada","tags":["a"]},"n":1})");
    QCOMPARE(*readValue(before, QStringLiteral("/")), before);
    QJsonValue after = before;
    QVERIFY(writeValue(after, QStringLiteral("/user/name/"), QStringLiteral("Bo")));
    const QStringList watched {QStringLiteral("/"),          QStringLiteral("/user"),
                               QStringLiteral("/user/name"), QStringLiteral("/user/tags"),
                               QStringLiteral("/n"),         QStringLiteral("/user/name"),
                               QStringLiteral("/missing")};
    QCOMPARE(changedPaths(before, after, watched),
             QStringList({QStringLiteral("/"), QStringLiteral("/user"),
                          QStringLiteral("/user/name"), QStringLiteral("/user/name")}));
    // Writing what is already there notifies nobody; a path coming into being is a change.
    QVERIFY(changedPaths(after, after, watched).isEmpty());
    QJsonValue grown = after;
    QVERIFY(writeValue(grown, QStringLiteral("/missing"), 0));
    QCOMPARE(changedPaths(after, grown, {QStringLiteral("/missing")}),
             QStringList {QStringLiteral("/missing")});
}

QTEST_GUILESS_MAIN(TestA2uiBinding)
#include "test_a2ui_binding.moc"
