// The official A2UI renderer-side conformance suites run against core/a2ui: label
// "a2ui-conformance". tests/data/conformance/a2ui-spec is a verbatim copy of the suites (its
// COPY.md says from where); a2ui-spec-json holds each YAML suite as JSON, made by
// a2ui_yaml_to_json.py, and initTestCase recomputes the sha256 of every YAML that GENERATED.md
// records, so a suite refreshed without regenerating fails here (and no YAML library is needed).
//
// Every case is one data row "<file>/<case name>" (names repeat across files). The harness
// contract of the suites' README ("Harness Configuration & Transition Skip Lists") is kept:
// SUPPORTED_PROTOCOL_VERSIONS below, and a transition skip list with a reason per case: the "skip"
// marks of tests/data/conformance/a2ui-marks.json, keyed by file and case name. A skipped case is
// logged "[SKIPPED]".
//
// A case runs through the runner of its action (runners(): the core/a2ui functions the action
// maps onto); an action core/a2ui has no equivalent for fails as "unsupported action X". A case
// that fails names the file, the case, the expectation and what core/a2ui did, unless it is
// marked in a2ui-marks.json:
//   "unsupported"  a feature core/a2ui lacks: the case still runs and must still fail
//   "wording"      core/a2ui rejects the input, as the case expects, but with another category or
//                  text: the case must be rejected (and must still fail)
// A marked case that passes fails the test (the mark is stale), and so does a mark that names no
// case. AGUI_A2UI_CONFORMANCE_REPORT=<file> writes every case's outcome as JSON, to write the marks
// from a real run; cleanupTestCase prints the per-suite table docs/a2ui.md carries.

#include "core/a2ui/a2uilint.h"
#include "core/a2ui/action.h"
#include "core/a2ui/binding.h"
#include "core/a2ui/catalog.h"
#include "core/a2ui/catalogcheck.h"
#include "core/a2ui/catalogselection.h"
#include "core/a2ui/clientstate.h"
#include "core/a2ui/commontypes.h"
#include "core/a2ui/expression.h"
#include "core/a2ui/functions.h"
#include "core/a2ui/normalize.h"
#include "core/a2ui/rpcfunctions.h"
#include "core/a2ui/surfaceset.h"
#include "core/a2ui/version.h"
#include "core/json/jsonpatch.h"
#include "core/json/jsonpointer.h"
#include "core/json/jsontext.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDebug>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <optional>

using namespace agui::a2ui;
using agui::Severity;
namespace json = agui::json;

namespace {

// The protocol versions this runner supports (README: "Test cases specifying a version outside
// this set are skipped cleanly"): every version conformance_schema.json knows, so none is skipped
// today. caseVersion() says how a case's version is read.
const QStringList SUPPORTED_PROTOCOL_VERSIONS {QStringLiteral("v0.8"), QStringLiteral("v0.9"),
                                               QStringLiteral("v0.9.1"), QStringLiteral("v1.0")};

// SOURCE.md: "Total: 23 core suites, 431 cases."
constexpr int kSuiteCases = 431;

QString dataPath(const QString &relative)
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/conformance/") + relative;
}

QJsonValue get(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key));
}

// A value for a message: compact JSON, cut short; "nothing" for an absent value.
QString shown(const QJsonValue &v)
{
    return v.isUndefined() ? QStringLiteral("nothing") : json::toShortJson(v, 160);
}

// ---- Cases -------------------------------------------------------------------------------------

struct Case
{
    QString file; // "actions.yaml"
    QString name;
    QString action;
    QString version; // "v0.9"; see caseVersion()
    QJsonObject body; // the case as the suite states it
};

struct Mark
{
    QString kind; // "skip", "unsupported" or "wording"
    QString reason;
};

QString markKey(const QString &file, const QString &name)
{
    return file + QLatin1Char('\n') + name;
}

// "0.9" (how data_model.yaml's catalog.version spells it) and "v0.9" are the same version.
QString canonicalVersion(const QString &text)
{
    const QString t = text.trimmed();
    if (t.startsWith(QLatin1Char('v')))
        return t;
    return QLatin1Char('v') + t;
}

// The version a case is written against, in the reference harness's order (web_core's
// resolveProtocolVersion, mirrored by the Python one): the case's protocolVersion, its catalog's,
// the catalog's "version" (data_model*.yaml and index_function.yaml declare it there), a top-level
// catalogSchema's, the first of its catalogs' that has one, a version in a catalogId, else v0.9.
// Messages keep their own "version": nothing is added to them.
QString caseVersion(const QJsonObject &c)
{
    const QJsonObject catalog = get(c, "catalog").toObject();
    for (const QJsonValue &v :
         {get(c, "protocolVersion"), get(catalog, "protocolVersion"), get(catalog, "version"),
          get(get(c, "catalogSchema").toObject(), "protocolVersion")}) {
        if (v.isString())
            return canonicalVersion(v.toString());
    }
    for (const QJsonValue &entry : get(c, "catalogs").toArray()) {
        const QJsonValue v = get(entry.toObject(), "protocolVersion");
        if (v.isString())
            return canonicalVersion(v.toString());
    }
    const QString ids
        = get(c, "catalogId").toString() + QLatin1Char(' ') + get(catalog, "catalogId").toString();
    if (ids.contains(QLatin1String("v08")) || ids.contains(QLatin1String("v0_8")))
        return QStringLiteral("v0.8");
    if (ids.contains(QLatin1String("v09")) || ids.contains(QLatin1String("v0_9")))
        return QStringLiteral("v0.9");
    if (ids.contains(QLatin1String("v10")) || ids.contains(QLatin1String("v1_0"))
        || ids.contains(QLatin1String("v1.0")))
        return QStringLiteral("v1.0");
    return QStringLiteral("v0.9");
}

Version versionOf(const QString &name)
{
    if (name == QLatin1String("v0.8"))
        return Version::V0_8;
    if (name == QLatin1String("v0.9.1"))
        return Version::V0_9_1;
    if (name == QLatin1String("v1.0"))
        return Version::V1_0;
    return Version::V0_9;
}

// The error a case or step expects: "expectError", or its spelling "expect_error"; undefined when
// it expects none.
QJsonValue expectedError(const QJsonObject &o)
{
    return o.contains(QLatin1String("expectError")) ? get(o, "expectError")
                                                    : get(o, "expect_error");
}

bool expectsError(const QJsonObject &c)
{
    if (!expectedError(c).isUndefined() || c.contains(QLatin1String("expectDispatchedErrors")))
        return true;
    for (const QJsonValue &step : get(c, "steps").toArray()) {
        if (!expectedError(step.toObject()).isUndefined())
            return true;
    }
    return false;
}

// ---- Outcomes and errors -----------------------------------------------------------------------

struct Outcome
{
    bool passed = true;
    QString expected; // the expectation that failed (after the step it belongs to)
    QString got; // what core/a2ui did instead
    // The expectation that failed is an error, and core/a2ui did reject the input, with another
    // category or text: what a "wording" mark claims.
    bool rejected = false;
};

Outcome pass()
{
    return {};
}

Outcome fail(const QString &expected, const QString &got, bool rejected = false)
{
    return {false, expected, got, rejected};
}

// An error core/a2ui reported, in the suites' terms: README, "Errors are expressed with the
// suite's language-agnostic categories". The rule id is ours ("" for a function's error).
struct Rejection
{
    QString category;
    QString rule;
    QString message;
};

// The suites' error codes for the few rules that have one (composition_constraints.yaml).
QString codeOf(const QString &rule)
{
    static const QHash<QString, QString> codes {
        {QStringLiteral("a2ui.unallowed-parent"), QStringLiteral("UNALLOWED_PARENT")},
        {QStringLiteral("a2ui.unallowed-child"), QStringLiteral("UNALLOWED_CHILD")},
    };
    return codes.value(rule);
}
using Rejections = QList<Rejection>;

QString describe(const Rejections &rejections)
{
    QStringList parts;
    for (const Rejection &r : rejections) {
        const QString rule = r.rule.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(r.rule);
        parts.append(QStringLiteral("%1%2 \"%3\"").arg(r.category, rule, r.message));
    }
    return parts.join(QStringLiteral("; "));
}

bool isTopologyRule(const QString &rule)
{
    static const QStringList rules {
        QStringLiteral("a2ui.missing-root"), QStringLiteral("a2ui.cycle"),
        QStringLiteral("a2ui.dangling-child"), QStringLiteral("a2ui.unreachable")};
    return rules.contains(rule);
}

// The category of one of our rule ids. The versioned suites name topology errors differently:
// message_processor_v0_9.yaml expects a ValidationError for a cycle, message_processor_v1_0.yaml
// an IntegrityError.
QString categoryOf(const QString &rule, bool v10)
{
    if (isTopologyRule(rule))
        return v10 ? QStringLiteral("IntegrityError") : QStringLiteral("ValidationError");
    if (rule == QLatin1String("a2ui.missing-surface")
        || rule == QLatin1String("a2ui.create-existing")
        || rule == QLatin1String("a2ui.duplicate-id"))
        return QStringLiteral("IntegrityError");
    if (rule == QLatin1String("a2ui.data-write-failed"))
        return QStringLiteral("DataError");
    if (rule == QLatin1String("a2ui.nesting-limit"))
        return QStringLiteral("RecursionError");
    // a2ui.bad-message, a2ui.unknown-message, a2ui.missing-required, a2ui.unknown-component
    return QStringLiteral("ValidationError");
}

// README: an error's message "is matched as a regular expression". Some suites write literal text
// with metacharacters in it ("does not match message protocol version (v0.9)"), which the
// reference harnesses match as a substring, so a substring counts too.
bool textMatches(const QString &pattern, const QString &text)
{
    if (text.contains(pattern))
        return true;
    const QRegularExpression re(pattern);
    return re.isValid() && re.match(text).hasMatch();
}

// An expected error is a string (matched against the error's text) or {category, code, message,
// details}. core/a2ui has no per-field details, so an expectation naming them is not met by any of
// its errors; a code is met by the rules codeOf() maps to one.
bool meetsError(const QJsonValue &expected, const Rejection &r)
{
    if (expected.isString())
        return textMatches(expected.toString(), r.message);
    const QJsonObject e = expected.toObject();
    if (e.contains(QLatin1String("details")))
        return false;
    if (e.contains(QLatin1String("code")) && get(e, "code").toString() != codeOf(r.rule))
        return false;
    const QJsonValue category = get(e, "category");
    if (category.isString() && category.toString() != r.category)
        return false;
    const QJsonValue message = get(e, "message");
    return !message.isString() || textMatches(message.toString(), r.message);
}

// Whether one of the errors core/a2ui reported is the expected one. accepted says what happened
// when there was no error at all.
Outcome checkError(const QJsonValue &expected, const Rejections &rejections, const QString &where,
                   const QString &accepted = QStringLiteral("no error (the input was accepted)"))
{
    for (const Rejection &r : rejections) {
        if (meetsError(expected, r))
            return pass();
    }
    const QString wanted = where + QStringLiteral("error ") + shown(expected);
    if (rejections.isEmpty())
        return fail(wanted, accepted);
    return fail(wanted, describe(rejections), true);
}

// ---- Message batches: process_messages and validate --------------------------------------------

// One case's surfaces, fed batch by batch. Each batch is its own source: SurfaceSet::applySource
// rebuilds a source it has seen before, which would undo the earlier batches.
struct Replay
{
    SurfaceSet set;
    bool strict = false;
    bool v10 = false;
    int batches = 0;
    // The case's catalogs (catalogPaths, catalogs, catalog): when it names any, every surface is
    // checked against them (checkSurfaceCatalogs), and they supersede the linter's basic-catalog
    // rules.
    CatalogRegistry catalogs;
};

// Strict mode (SOURCE.md #7, after the README): "schema and topology checks (missing root,
// cycles, self-reference, dangling references, orphans, nesting limits) reject the batch". Our
// linter finds these on the built surfaces, so a batch is rejected for the findings it adds,
// keyed here by where they are. Its schema checks are a2ui.missing-required and
// a2ui.unknown-component (basic-catalog surfaces only; it has no nesting limit). a2ui.unreachable
// is info for the inspector (nothing renders wrong) but an orphan in strict mode. A surface
// without components (a createSurface alone) has no topology to judge, and a v0.8 surface waiting
// for beginRendering is not an error.
QMap<QString, Rejection> strictFindings(const SurfaceSet &set, bool v10, bool ownCatalogs)
{
    static const QStringList schemaRules {QStringLiteral("a2ui.missing-required"),
                                          QStringLiteral("a2ui.unknown-component")};
    QMap<QString, Rejection> out;
    for (const QString &id : set.surfaceIds()) {
        const Surface *s = set.surface(id);
        if (s->components.isEmpty())
            continue;
        for (const Issue &i : lintSurface(*s)) {
            const bool topology = isTopologyRule(i.ruleId)
                && (i.ruleId != QLatin1String("a2ui.missing-root")
                    || i.severity == Severity::Error);
            // a2ui.reserved-key is a rule of the message, whatever the catalog.
            const bool message = i.ruleId == QLatin1String("a2ui.reserved-key")
                || i.ruleId == QLatin1String("a2ui.nesting-limit")
                || i.ruleId == QLatin1String("a2ui.index-outside-template");
            if (!topology && !message && (ownCatalogs || !schemaRules.contains(i.ruleId)))
                continue;
            const QString where = QStringList {id, i.ruleId, i.componentId, i.path, i.message}.join(
                QLatin1Char('\n'));
            out.insert(where, Rejection {categoryOf(i.ruleId, v10), i.ruleId, i.message});
        }
    }
    return out;
}

// What SurfaceSet rejected while applying one batch: the errors it recorded for it. Its warnings
// are the inspector's leniency (a message without "version" is applied as v0.9) and are no
// rejection.
Rejections appliedErrors(const SurfaceSet &set, const QString &source, bool v10)
{
    Issues issues = set.issues();
    for (const QString &id : set.surfaceIds())
        issues.append(set.surface(id)->diagnostics);
    Rejections out;
    for (const Issue &i : std::as_const(issues)) {
        if (i.sourceId == source && i.severity == Severity::Error)
            out.append({categoryOf(i.ruleId, v10), i.ruleId, i.message});
    }
    return out;
}

// What the case's catalogs say of every surface, keyed like strictFindings. Catalog resolution
// counts in both modes (SOURCE.md #7: "Catalog resolution errors apply in both modes"), and so
// does a catalogId that cannot be one (a2ui.bad-message: not a string, another protocol
// version); schemas and functions in strict mode.
QMap<QString, Rejection> catalogFindings(const Replay &r)
{
    static const QStringList resolution {QStringLiteral("a2ui.catalog-not-found"),
                                         QStringLiteral("a2ui.no-default-catalog")};
    QMap<QString, Rejection> out;
    if (r.catalogs.isEmpty())
        return out;
    for (const QString &id : r.set.surfaceIds()) {
        for (const Issue &i : checkSurfaceCatalogs(*r.set.surface(id), r.catalogs, r.strict)) {
            const bool resolves = resolution.contains(i.ruleId);
            if (!resolves && !r.strict && i.ruleId != QLatin1String("a2ui.bad-message"))
                continue;
            const QString where = QStringList {id, i.ruleId, i.componentId, i.path, i.message}.join(
                QLatin1Char('\n'));
            out.insert(where,
                       Rejection {resolves ? QStringLiteral("CatalogError")
                                           : QStringLiteral("ValidationError"),
                                  i.ruleId, i.message});
        }
    }
    return out;
}

QMap<QString, Rejection> findings(const Replay &r)
{
    QMap<QString, Rejection> out = catalogFindings(r);
    if (r.strict)
        out.insert(strictFindings(r.set, r.v10, !r.catalogs.isEmpty()));
    return out;
}

Rejections applyBatch(Replay &r, const QJsonArray &messages)
{
    const QString source = QStringLiteral("batch %1").arg(++r.batches);
    const QMap<QString, Rejection> before = findings(r);
    r.set.applySource(source, messages);
    Rejections out = appliedErrors(r.set, source, r.v10);
    const QMap<QString, Rejection> after = findings(r);
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        if (!before.contains(it.key()))
            out.append(it.value());
    }
    return out;
}

// A message list: an array, the {messages: [...]} wrapper (README: "a list, or a {messages: [...]}
// wrapper"), or one message.
QJsonArray messagesOf(const QJsonObject &o)
{
    // "payload" is an alias of "messages" (conformance_schema.json).
    const QJsonValue v
        = o.contains(QLatin1String("messages")) ? get(o, "messages") : get(o, "payload");
    if (v.isArray())
        return v.toArray();
    const QJsonObject wrapper = v.toObject();
    if (get(wrapper, "messages").isArray())
        return get(wrapper, "messages").toArray();
    return wrapper.isEmpty() ? QJsonArray() : QJsonArray {wrapper};
}

struct Batch
{
    QJsonArray messages;
    QJsonValue expect; // undefined: nothing to check
    QJsonValue expectError; // undefined: the batch must be accepted
};

// README: "steps runs several batches in order against the same state; each step has its own
// expect / expectError". The case's own expect and expectError belong to the last step, as in the
// reference harnesses; a case without steps is one batch.
std::optional<QList<Batch>> batchesOf(const QJsonObject &c, QString *error)
{
    if (!get(c, "steps").isArray())
        return QList<Batch> {{messagesOf(c), get(c, "expect"), expectedError(c)}};
    static const QStringList stepKeys {QStringLiteral("messages"), QStringLiteral("payload"),
                                       QStringLiteral("expect"), QStringLiteral("expectError"),
                                       QStringLiteral("expect_error")};
    const QJsonArray steps = get(c, "steps").toArray();
    QList<Batch> out;
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QJsonObject step = steps.at(i).toObject();
        for (const QString &key : step.keys()) {
            if (!stepKeys.contains(key)) {
                *error = QStringLiteral("step %1 has \"%2\", which this runner does not read")
                             .arg(i + 1)
                             .arg(key);
                return std::nullopt;
            }
        }
        Batch batch {messagesOf(step), get(step, "expect"), expectedError(step)};
        if (i + 1 == steps.size()) {
            if (batch.expect.isUndefined())
                batch.expect = get(c, "expect");
            if (batch.expectError.isUndefined())
                batch.expectError = expectedError(c);
        }
        out.append(batch);
    }
    return out;
}

// A prop is compared with its resolved value (what the user sees), as the reference harness
// does: scalars as JavaScript strings (a YAML 5 and "5" agree), objects and arrays structurally.
Outcome checkProp(const Surface &s, const Component &c, const QString &prop,
                  const QJsonValue &expected, const QString &here)
{
    const QJsonValue actual = resolve(c.normalized.value(prop), s.dataModel);
    const bool structured
        = actual.isObject() || actual.isArray() || expected.isObject() || expected.isArray();
    const bool same = structured ? json::jsonEquals(actual, expected)
                                 : json::jsString(actual) == json::jsString(expected);
    if (same)
        return pass();
    return fail(QStringLiteral("%1.%2 %3").arg(here, prop, shown(expected)), shown(actual));
}

// expect.surfaces.<id>.components: a list of {id, component, ...props}, whose length must match
// too, or a map id -> {component, ...props}. message_processor.yaml (README: "written in the case
// vocabulary of the v1_0 branch") nests the props under "properties".
Outcome checkComponents(const Surface &s, const QJsonValue &expected, const QString &at)
{
    QList<QPair<QString, QJsonObject>> wanted;
    if (expected.isArray()) {
        for (const QJsonValue &v : expected.toArray())
            wanted.append({get(v.toObject(), "id").toString(), v.toObject()});
    } else {
        const QJsonObject map = expected.toObject();
        for (auto it = map.begin(); it != map.end(); ++it)
            wanted.append({it.key(), it.value().toObject()});
    }
    for (const auto &[id, body] : std::as_const(wanted)) {
        const QString here = at + QStringLiteral("components.") + id;
        const Component *c = s.component(id);
        if (!c)
            return fail(here, QStringLiteral("no component \"%1\"").arg(id));
        const QJsonValue type = get(body, "component");
        if (type.isString() && type.toString() != c->type)
            return fail(here + QStringLiteral(".component ") + shown(type), shown(c->type));
        for (auto it = body.begin(); it != body.end(); ++it) {
            if (it.key() == QLatin1String("id") || it.key() == QLatin1String("component"))
                continue;
            QJsonObject props {{it.key(), it.value()}};
            if (it.key() == QLatin1String("properties") && it.value().isObject()
                && !c->normalized.contains(QLatin1String("properties")))
                props = it.value().toObject();
            for (auto p = props.begin(); p != props.end(); ++p) {
                const Outcome o = checkProp(s, *c, p.key(), p.value(), here);
                if (!o.passed)
                    return o;
            }
        }
    }
    if (expected.isArray() && s.components.size() != wanted.size())
        return fail(at + QStringLiteral("components: %1 components").arg(wanted.size()),
                    QStringLiteral("%1 components (%2)")
                        .arg(s.components.size())
                        .arg(s.componentOrder.join(QStringLiteral(", "))));
    return pass();
}

// expect.surfaces.<id> (README): exists, catalogId, sendDataModel, theme, components, dataModel
// (the whole model; message_processor.yaml spells it data_model).
Outcome checkSurface(const SurfaceSet &set, const QString &id, const QJsonObject &e,
                     const QString &where)
{
    const QString at = where + QStringLiteral("surfaces.%1.").arg(id);
    const Surface *s = set.surface(id);
    if (get(e, "exists") == QJsonValue(false))
        return s ? fail(at + QStringLiteral("exists false"), QStringLiteral("it exists")) : pass();
    if (!s)
        return fail(at + QStringLiteral("exists"), QStringLiteral("no such surface"));
    for (auto it = e.begin(); it != e.end(); ++it) {
        const QString &key = it.key();
        const QString wanted = at + key + QLatin1Char(' ') + shown(it.value());
        if (key == QLatin1String("exists"))
            continue;
        if (key == QLatin1String("catalogId")) {
            if (it.value() != QJsonValue(s->catalogId))
                return fail(wanted, shown(s->catalogId));
        } else if (key == QLatin1String("sendDataModel")) {
            if (it.value() != QJsonValue(s->sendDataModel))
                return fail(wanted, shown(s->sendDataModel));
        } else if (key == QLatin1String("theme")) {
            const QJsonObject theme = it.value().toObject();
            for (auto t = theme.begin(); t != theme.end(); ++t) {
                if (!json::jsonEquals(s->theme.value(t.key()), t.value()))
                    return fail(at + QStringLiteral("theme.%1 %2").arg(t.key(), shown(t.value())),
                                shown(s->theme.value(t.key())));
            }
        } else if (key == QLatin1String("dataModel") || key == QLatin1String("data_model")) {
            if (!json::jsonEquals(s->dataModel, it.value()))
                return fail(wanted, shown(s->dataModel));
        } else if (key == QLatin1String("components")) {
            const Outcome o = checkComponents(*s, it.value(), at);
            if (!o.passed)
                return o;
        } else {
            return fail(wanted,
                        QStringLiteral("nothing: not a surface expectation this runner "
                                       "knows"));
        }
    }
    return pass();
}

// A batch's expect: surfaces, absent_surfaces, and message_processor.yaml's payloads sent back to
// the agent (client_data_model, client_data_model_absent, client_capabilities).
// A payload sent back to the agent against its expectation, as a subset: every key the case
// names must be there with that value (SOURCE.md #3).
Outcome checkPayload(const QJsonValue &actual, const QJsonValue &expected, const QString &wanted)
{
    if (!expected.isObject() || !actual.isObject())
        return json::jsonEquals(actual, expected) ? pass() : fail(wanted, shown(actual));
    const QJsonObject a = actual.toObject();
    const QJsonObject e = expected.toObject();
    for (auto it = e.begin(); it != e.end(); ++it) {
        if (!json::jsonEquals(a.value(it.key()), it.value()))
            return fail(wanted, shown(actual));
    }
    return pass();
}

Outcome checkState(const Replay &r, const QJsonValue &expect, const QString &where)
{
    const SurfaceSet &set = r.set;
    const QJsonObject e = expect.toObject();
    if (!expect.isObject())
        return fail(where + QStringLiteral("expect ") + shown(expect),
                    QStringLiteral("nothing: not a surface expectation"));
    for (auto it = e.begin(); it != e.end(); ++it) {
        const QString &key = it.key();
        const QString wanted = where + key + QLatin1Char(' ') + shown(it.value());
        if (key == QLatin1String("surfaces")) {
            const QJsonObject surfaces = it.value().toObject();
            for (auto s = surfaces.begin(); s != surfaces.end(); ++s) {
                const Outcome o = checkSurface(set, s.key(), s.value().toObject(), where);
                if (!o.passed)
                    return o;
            }
        } else if (key == QLatin1String("absent_surfaces")) {
            for (const QJsonValue &id : it.value().toArray()) {
                if (set.surface(id.toString()))
                    return fail(wanted, QStringLiteral("surface \"%1\" exists").arg(id.toString()));
            }
        } else if (key == QLatin1String("client_data_model")) {
            // message_processor.yaml writes these for a v0.9 processor.
            const auto model = clientDataModel(set, QStringLiteral("v0.9"));
            const Outcome o = checkPayload(
                model ? QJsonValue(*model) : QJsonValue(QJsonValue::Null), it.value(), wanted);
            if (!o.passed)
                return o;
        } else if (key == QLatin1String("client_data_model_absent")) {
            if (clientDataModel(set, QStringLiteral("v0.9")).has_value() == it.value().toBool())
                return fail(wanted, shown(*clientDataModel(set, QStringLiteral("v0.9"))));
        } else if (key == QLatin1String("client_capabilities")) {
            const QJsonObject wantedCaps = it.value().toObject();
            for (auto v = wantedCaps.begin(); v != wantedCaps.end(); ++v) {
                const QJsonObject caps
                    = rendererCapabilities(r.catalogs.catalogs(), v.key(), false);
                if (!json::jsonEquals(caps.value(v.key()), v.value()))
                    return fail(wanted, shown(caps));
            }
        } else {
            return fail(wanted, QStringLiteral("nothing: not an expectation this runner knows"));
        }
    }
    return pass();
}

CatalogRegistry caseCatalogs(const Case &c, QString *error);

Outcome runBatches(const Case &c, bool strict)
{
    QString error;
    const std::optional<QList<Batch>> batches = batchesOf(c.body, &error);
    if (!batches)
        return fail(QStringLiteral("a case this runner can read"), error);
    Replay r;
    r.strict = strict;
    r.v10 = c.version == QLatin1String("v1.0");
    r.catalogs = caseCatalogs(c, &error);
    if (!error.isEmpty())
        return fail(QStringLiteral("the case's catalogs"), error);
    // A validator is given its catalog: every surface is checked against it, whatever id the
    // surface names.
    if (c.action == QLatin1String("validate") && r.catalogs.catalogIds().size() == 1)
        r.catalogs.setFallback(r.catalogs.catalogIds().front());
    for (qsizetype i = 0; i < batches->size(); ++i) {
        const Batch &batch = batches->at(i);
        const QString where
            = batches->size() > 1 ? QStringLiteral("step %1: ").arg(i + 1) : QString();
        const Rejections rejections = applyBatch(r, batch.messages);
        if (!batch.expectError.isUndefined()) {
            const Outcome o = checkError(batch.expectError, rejections, where);
            if (!o.passed)
                return o;
        } else if (!rejections.isEmpty()) {
            return fail(where + QStringLiteral("no error"), describe(rejections));
        }
        if (!batch.expect.isUndefined()) {
            const Outcome o = checkState(r, batch.expect, where);
            if (!o.passed)
                return o;
        }
    }
    return pass();
}

// process_messages: SurfaceSet::applySource per batch; strict only when the case says so.
Outcome runProcessMessages(const Case &c)
{
    return runBatches(c, get(c.body, "strictMode").toBool());
}

// validate: the same, always strict (README: "the validator_v* suites all run in strict mode";
// the reference harnesses validate every case strictly).
Outcome runValidate(const Case &c)
{
    return runBatches(c, true);
}

// ---- The other runners -------------------------------------------------------------------------

// data_model: the model is a JSON value; json::resolve reads it, writeValue writes and deletes.
// A get step checks what is at its path.
Outcome dataModelGet(const QJsonValue &model, const QJsonObject &step, const QString &where)
{
    const std::optional<QJsonValue> found = readValue(model, get(step, "path").toString());
    const QJsonValue value = found.value_or(QJsonValue(QJsonValue::Undefined));
    if (get(step, "expect_absent").toBool() && found)
        return fail(where + QStringLiteral("nothing"), shown(value));
    const QString type = get(step, "expect_type").toString();
    if ((type == QLatin1String("list") && !value.isArray())
        || (type == QLatin1String("object") && !value.isObject()))
        return fail(where + QStringLiteral("a ") + type, shown(value));
    const QJsonValue expect = get(step, "expect");
    if (!expect.isUndefined() && !(found && json::jsonEquals(*found, expect)))
        return fail(where + shown(expect), shown(value));
    return pass();
}

// A set or delete step writes (deleting is writing undefined, binding.h); a write that cannot be
// done is a DataError.
Outcome dataModelWrite(QJsonValue &model, const QJsonObject &step, const QString &where)
{
    const bool set = get(step, "op") == QJsonValue(QStringLiteral("set"));
    QString error;
    const bool written
        = writeValue(model, get(step, "path").toString(),
                     set ? get(step, "value") : QJsonValue(QJsonValue::Undefined), &error);
    const Rejections rejections = written
        ? Rejections()
        : Rejections {{QStringLiteral("DataError"), QStringLiteral("writeValue"), error}};
    const QJsonValue wantedError = expectedError(step);
    if (!wantedError.isUndefined())
        return checkError(wantedError, rejections, where,
                          QStringLiteral("no error (the value was written)"));
    if (!written)
        return fail(where + QStringLiteral("the write"), describe(rejections));
    return pass();
}

// After a step: expect_values (what each watched path holds) is read like a get;
// expect_notified is changedPaths() of the step: the watched paths whose value it changed.
Outcome dataModelWatchers(const QJsonValue &before, const QJsonValue &model,
                          const QStringList &watched, const QJsonObject &step, const QString &where)
{
    const QJsonObject values = get(step, "expect_values").toObject();
    for (auto it = values.begin(); it != values.end(); ++it) {
        if (!watched.contains(it.key()))
            return fail(where + QStringLiteral("expect_values of watched paths"),
                        QStringLiteral("%1 is not watched").arg(it.key()));
        const std::optional<QJsonValue> found = readValue(model, it.key());
        if (!found || !json::jsonEquals(*found, it.value()))
            return fail(where + QStringLiteral("%1 = %2").arg(it.key(), shown(it.value())),
                        shown(found.value_or(QJsonValue(QJsonValue::Undefined))));
    }
    if (step.contains(QLatin1String("expect_notified"))) {
        QStringList expected;
        for (const QJsonValue &p : get(step, "expect_notified").toArray())
            expected.append(p.toString());
        const QStringList notified = changedPaths(before, model, watched);
        if (notified != expected)
            return fail(where + QStringLiteral("observers notified: ")
                            + expected.join(QStringLiteral(", ")),
                        notified.isEmpty() ? QStringLiteral("none")
                                           : notified.join(QStringLiteral(", ")));
    }
    return pass();
}

Outcome runDataModel(const Case &c)
{
    static const QStringList stepKeys {QStringLiteral("op"),
                                       QStringLiteral("path"),
                                       QStringLiteral("value"),
                                       QStringLiteral("expect"),
                                       QStringLiteral("expect_absent"),
                                       QStringLiteral("expect_type"),
                                       QStringLiteral("expect_values"),
                                       QStringLiteral("expect_notified"),
                                       QStringLiteral("expect_error"),
                                       QStringLiteral("expectError")};
    QJsonValue model = get(c.body, "initial");
    if (model.isUndefined() || model.isNull())
        model = QJsonObject();
    QStringList watched;
    for (const QJsonValue &path : get(c.body, "watch").toArray())
        watched.append(path.toString());
    const QJsonArray steps = get(c.body, "steps").toArray();
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QJsonObject step = steps.at(i).toObject();
        const QString op = get(step, "op").toString();
        const QString where = QStringLiteral("step %1 (%2 \"%3\"): ")
                                  .arg(i + 1)
                                  .arg(op, get(step, "path").toString());
        for (const QString &key : step.keys()) {
            if (!stepKeys.contains(key))
                return fail(where + key, QStringLiteral("nothing: this runner does not read it"));
        }
        Outcome o;
        const QJsonValue before = model;
        if (op == QLatin1String("get"))
            o = dataModelGet(model, step, where);
        else if (op == QLatin1String("set") || op == QLatin1String("delete"))
            o = dataModelWrite(model, step, where);
        else if (op == QLatin1String("dispose")) // the observers are gone
            watched.clear();
        else
            o = fail(where + QStringLiteral("get, set, delete or dispose"),
                     QStringLiteral("an op this runner does not know"));
        if (o.passed)
            o = dataModelWatchers(before, model, watched, step, where);
        if (!o.passed)
            return o;
    }
    const QJsonValue expect = get(c.body, "expect");
    if (!expect.isUndefined() && !json::jsonEquals(model, expect))
        return fail(QStringLiteral("the model ") + shown(expect), shown(model));
    return pass();
}

// resolve_path: absolutePath, whose top scope is "" (the reference DataContext's "/").
Outcome runResolvePath(const Case &c)
{
    const QJsonObject args = get(c.body, "args").toObject();
    const QJsonValue context = args.contains(QLatin1String("contextPath"))
        ? get(args, "contextPath")
        : get(args, "context_path");
    const QString result = absolutePath(get(args, "path").toString(), context.toString());
    const QJsonValue wantedError = expectedError(c.body);
    if (!wantedError.isUndefined()) // absolutePath has no failure
        return checkError(wantedError, Rejections(), QString(),
                          QStringLiteral("no error: \"%1\"").arg(result));
    QJsonValue expect = get(c.body, "expect");
    if (expect.isObject())
        expect = get(expect.toObject(), "result");
    if (expect.isString() && expect.toString() == result)
        return pass();
    return fail(shown(expect), shown(result));
}

// evaluate_function. README: without a surface block the function is invoked directly
// (callFunction); with one, {"@call": function, "catalogId": catalogId, "args": args} ("call"
// before v1.0) is evaluated through the surface's data context, which is resolve() in core/a2ui
// (callFunction for "call", which also says why a call failed). core/a2ui has no catalogs and does
// not evaluate "@call". A function's error is an ExpressionError.
Outcome runEvaluateFunction(const Case &c)
{
    const QString function = get(c.body, "function").toString();
    const QJsonObject args = get(c.body, "args").toObject();
    const QJsonValue model = get(c.body, "dataModel").isObject() ? get(c.body, "dataModel")
                                                                 : QJsonValue(QJsonObject());
    QString error;
    QJsonValue result;
    Rejections calls; // what resolving the call's catalogs reported
    if (c.body.contains(QLatin1String("surface"))) {
        const bool v10 = c.version == QLatin1String("v1.0");
        QJsonObject call {{v10 ? QStringLiteral("@call") : QStringLiteral("call"), function},
                          {QStringLiteral("args"), args}};
        if (get(c.body, "catalogId").isString())
            call.insert(QStringLiteral("catalogId"), get(c.body, "catalogId"));
        result = v10 ? resolve(call, model) : callFunction(call, model, QString(), &error);
        // v1.0: the call (and every call in its args) first resolves its catalog among the
        // surface's (checkCalls); an unresolved one is a CatalogError.
        if (v10) {
            QString loadError;
            const CatalogRegistry catalogs = caseCatalogs(c, &loadError);
            if (!loadError.isEmpty())
                return fail(QStringLiteral("the case's catalogs"), loadError);
            const QString surfaceDefault
                = get(get(c.body, "surface").toObject(), "catalogId").toString();
            for (const Issue &i :
                 checkCalls(call, surfaceDefault, catalogs, Version::V1_0, false)) {
                const bool resolution = i.ruleId == QLatin1String("a2ui.catalog-not-found")
                    || i.ruleId == QLatin1String("a2ui.no-default-catalog");
                calls.append({resolution ? QStringLiteral("CatalogError")
                                         : QStringLiteral("ExpressionError"),
                              i.ruleId, i.message});
            }
        }
    } else {
        // A v1.0 case's call is spelled as v1.0 spells it.
        const QString key
            = c.version == QLatin1String("v1.0") ? QStringLiteral("@call") : QStringLiteral("call");
        const QJsonObject call {{key, function}, {QStringLiteral("args"), args}};
        result = callFunction(call, model, QString(), &error);
    }
    Rejections rejections = calls;
    if (!error.isEmpty())
        rejections.append({QStringLiteral("ExpressionError"), QString(), error});
    const QJsonValue wantedError = expectedError(c.body);
    if (!wantedError.isUndefined())
        return checkError(wantedError, rejections, QString(),
                          QStringLiteral("no error: the call returned ") + shown(result));
    const QJsonValue expect = get(c.body, "expect");
    if (!rejections.isEmpty())
        return fail(shown(expect), describe(rejections));
    // A function that returns nothing gives null (JSON has no undefined), as in the reference
    // harness.
    const QJsonValue actual = result.isUndefined() ? QJsonValue(QJsonValue::Null) : result;
    if (expect.isUndefined() || json::jsonEquals(actual, expect))
        return pass();
    return fail(shown(expect), shown(result));
}

// dispatch_action: the action goes on a Button of a surface of the case's version, and
// buildUserAction makes the event a click on it sends, its context resolved in the case's scope.
ActionBuild clickButton(const Case &c, const QJsonValue &model)
{
    const QString button = QStringLiteral("button");
    Surface s;
    s.surfaceId = get(c.body, "surfaceId").toString(QStringLiteral("main"));
    s.version = versionOf(c.version);
    s.dataModel = model;
    s.agentDataModel = model;
    const QJsonObject raw {{QStringLiteral("id"), button},
                           {QStringLiteral("component"), QStringLiteral("Button")},
                           {QStringLiteral("action"), get(c.body, "actionPayload")}};
    const NormalizedComponent n = normalizeComponent(raw, s.version);
    Component component;
    component.id = button;
    component.type = n.type;
    component.normalized = n.normalized;
    component.original = raw;
    component.version = s.version;
    s.components.insert(button, component);
    s.componentOrder.append(button);
    return buildUserAction(s, button, model, QDateTime::currentDateTimeUtc(),
                           get(c.body, "scope").toString());
}

QString describeBuild(const ActionBuild &built)
{
    switch (built.kind) {
    case ActionBuild::Kind::Event:
        return shown(built.userAction);
    case ActionBuild::Kind::LocalFunction:
        return QStringLiteral("a local functionCall (nothing is dispatched)");
    case ActionBuild::Kind::None:
        break;
    }
    return QStringLiteral("no event (%1)").arg(built.error);
}

Outcome runDispatchAction(const Case &c)
{
    const QJsonValue model = get(c.body, "dataModel").isObject() ? get(c.body, "dataModel")
                                                                 : QJsonValue(QJsonObject());
    const ActionBuild built = clickButton(c, model);
    const QString what = describeBuild(built);

    const QJsonValue wantedError = expectedError(c.body);
    if (!wantedError.isUndefined()) { // an action that cannot be built is core/a2ui's rejection
        const Rejections rejections = built.kind == ActionBuild::Kind::None
            ? Rejections {{QStringLiteral("ValidationError"), QString(), built.error}}
            : Rejections();
        return checkError(wantedError, rejections, QString(), QStringLiteral("no error: ") + what);
    }
    if (c.body.contains(QLatin1String("expectDispatched"))) {
        const QJsonObject expected = get(c.body, "expectDispatched").toObject();
        if (built.kind != ActionBuild::Kind::Event)
            return fail(QStringLiteral("dispatched ") + shown(expected), what);
        static const QStringList keys {QStringLiteral("name"), QStringLiteral("context"),
                                       QStringLiteral("userMessage")};
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            if (!keys.contains(it.key()))
                return fail(
                    QStringLiteral("dispatched %1").arg(it.key()),
                    QStringLiteral("nothing: not a dispatch expectation this runner knows"));
            const QJsonValue got = built.userAction.value(it.key());
            if (!json::jsonEquals(got, it.value()))
                return fail(QStringLiteral("dispatched %1 %2").arg(it.key(), shown(it.value())),
                            shown(got));
        }
    }
    const QJsonValue expectDataModel = get(c.body, "expectDataModel");
    if (!expectDataModel.isUndefined() && !json::jsonEquals(model, expectDataModel))
        return fail(QStringLiteral("data model ") + shown(expectDataModel), shown(model));
    // expectDispatchedErrors (actions.yaml; conformance_schema.json does not declare it): the
    // errors reported while dispatching, by code. core/a2ui reports context problems as text
    // (ActionBuild::error), without codes, and does not run a local functionCall.
    const QJsonValue dispatchErrors = get(c.body, "expectDispatchedErrors");
    if (!dispatchErrors.isUndefined()) {
        if (built.kind == ActionBuild::Kind::LocalFunction)
            return fail(QStringLiteral("dispatch errors ") + shown(dispatchErrors),
                        QStringLiteral("no error: core/a2ui does not run a local functionCall"));
        if (built.error.isEmpty())
            return fail(QStringLiteral("dispatch errors ") + shown(dispatchErrors),
                        QStringLiteral("no error"));
        return fail(QStringLiteral("dispatch errors ") + shown(dispatchErrors),
                    QStringLiteral("an error without a code: \"%1\"").arg(built.error), true);
    }
    return pass();
}

// parse_expression_template: parseExpressionTemplate. README: "Harnesses join adjacent literal
// parts before comparing, and drop empty ones", on both sides; a parse error is a ParseError.
QJsonArray joinedLiterals(const QJsonArray &parts)
{
    QJsonArray out;
    for (const QJsonValue &part : parts) {
        if (part.isString() && part.toString().isEmpty())
            continue;
        if (part.isString() && !out.isEmpty() && out.last().isString())
            out.last() = QString(out.last().toString() + part.toString());
        else
            out.append(part);
    }
    return out;
}

Outcome runParseExpressionTemplate(const Case &c)
{
    const ExpressionTemplate parsed = parseExpressionTemplate(get(c.body, "input").toString());
    const Rejections rejections = parsed.ok()
        ? Rejections()
        : Rejections {{QStringLiteral("ParseError"), QString(), parsed.error}};
    const QJsonValue wantedError = expectedError(c.body);
    if (!wantedError.isUndefined())
        return checkError(wantedError, rejections, QString(),
                          QStringLiteral("no error: ") + shown(parsed.parts));
    if (!parsed.ok())
        return fail(shown(get(c.body, "expect")), describe(rejections));
    const QJsonArray expected = joinedLiterals(get(c.body, "expect").toArray());
    const QJsonArray actual = joinedLiterals(parsed.parts);
    if (json::jsonEquals(expected, actual))
        return pass();
    return fail(shown(expected), shown(actual));
}

QString expectationOf(const QJsonObject &c);

// ---- Catalogs: from_json, validate_common_type, select_catalog ----------------------------------

// SOURCE.md: a suite's catalogPath / expectFile is repository-relative, and the file is under
// a2ui-spec/spec-files, or in the copy itself for a path under conformance/.
std::optional<QJsonObject> specFile(const QString &relative, QString *error)
{
    // A repository path under conformance/ is in the copy itself (test_data/…).
    static const QLatin1String conformance("conformance/");
    QFile file(relative.startsWith(conformance)
                   ? dataPath(QStringLiteral("a2ui-spec/") + relative.mid(conformance.size()))
                   : dataPath(QStringLiteral("a2ui-spec/spec-files/") + relative));
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read spec-files/%1").arg(relative);
        return std::nullopt;
    }
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    if (!doc.isObject()) {
        *error = QStringLiteral("spec-files/%1 is not a JSON object").arg(relative);
        return std::nullopt;
    }
    return doc.object();
}

// Every published common_types.json, by the version whose folder it is in (v0.9.1's carries the
// v0.9 $id): what a catalog's references can reach.
const QMap<QString, QJsonObject> &commonTypesByVersion()
{
    static const QMap<QString, QJsonObject> all = [] {
        QMap<QString, QJsonObject> out;
        QString error;
        for (const auto &[version, dir] :
             {std::pair {"v0.9", "v0_9"}, std::pair {"v0.9.1", "v0_9_1"},
              std::pair {"v1.0", "v1_0"}}) {
            const auto doc = specFile(
                QStringLiteral("specification/%1/json/common_types.json").arg(QLatin1String(dir)),
                &error);
            if (doc)
                out.insert(QLatin1String(version), *doc);
        }
        return out;
    }();
    return all;
}

QList<QJsonObject> commonTypes()
{
    return commonTypesByVersion().values();
}

// The case's catalog: inline ("catalog"), or a published file ("catalogPath").
CatalogLoad caseCatalog(const Case &c, QString *error)
{
    std::optional<QJsonObject> document = get(c.body, "catalog").toObject();
    if (c.body.contains(QLatin1String("catalogPath")))
        document = specFile(get(c.body, "catalogPath").toString(), error);
    if (!document)
        return {};
    return loadCatalog(*document, c.version, get(c.body, "catalogId").toString(), commonTypes());
}

// The catalogs a message case names: published files (catalogPaths), inline catalogs
// (catalogs), or one catalog (catalog: the document itself, or message_processor.yaml's
// {version, catalog_schema}). A catalog that does not load is the case's problem.
CatalogRegistry caseCatalogs(const Case &c, QString *error)
{
    QList<QJsonObject> documents;
    for (const QJsonValue &path : get(c.body, "catalogPaths").toArray()) {
        const auto doc = specFile(path.toString(), error);
        if (!doc)
            return {};
        documents.append(*doc);
    }
    for (const QJsonValue &doc : get(c.body, "catalogs").toArray())
        documents.append(doc.toObject());
    const QJsonObject single = get(c.body, "catalog").toObject();
    if (single.contains(QLatin1String("catalog_schema")))
        documents.append(get(single, "catalog_schema").toObject());
    else if (single.contains(QLatin1String("catalogSchema"))) // composition_constraints.yaml
        documents.append(get(single, "catalogSchema").toObject());
    else if (single.contains(QLatin1String("catalogId")))
        documents.append(single);
    CatalogRegistry out;
    for (const QJsonObject &doc : std::as_const(documents)) {
        const CatalogLoad load = loadCatalog(doc, c.version, {}, commonTypes());
        // v0.8 cases describe their catalog loosely (no catalogId); v0.8 surfaces are not
        // checked against catalogs anyway.
        if (!load.catalog && c.version == QLatin1String("v0.8"))
            continue;
        if (!load.catalog) {
            *error = load.error;
            return {};
        }
        out.add(*load.catalog);
    }
    return out;
}

QString describe(const SchemaErrors &errors)
{
    QStringList parts;
    for (const SchemaError &e : errors)
        parts.append(QStringLiteral("%1: %2").arg(
            e.instancePath.isEmpty() ? QStringLiteral("/") : e.instancePath, e.message));
    return parts.join(QStringLiteral("; "));
}

// from_json's expect (FromJsonExpect): the catalog's fields, with references inlined,
// selfContained, validComponents and invalidComponents.
Outcome checkLoadedCatalog(const Catalog &catalog, const QJsonObject &expect)
{
    for (auto it = expect.begin(); it != expect.end(); ++it) {
        const QString &key = it.key();
        const QString wanted = key + QLatin1Char(' ') + shown(it.value());
        QJsonValue actual;
        if (key == QLatin1String("catalogId")) {
            actual = catalog.catalogId;
        } else if (key == QLatin1String("protocolVersion")) {
            actual = catalog.protocolVersion;
        } else if (key == QLatin1String("components")) {
            actual = inlinedSchema(catalog, catalog.components);
        } else if (key == QLatin1String("functions")) {
            actual = inlinedSchema(catalog, catalog.functions);
        } else if (key == QLatin1String("theme")) {
            actual = inlinedSchema(catalog, catalog.theme);
        } else if (key == QLatin1String("selfContained")) {
            QString problem;
            actual = isSelfContained(bundledCatalogSchema(catalog), &problem);
            if (actual != it.value())
                return fail(wanted, problem.isEmpty() ? shown(actual) : problem);
            continue;
        } else if (key == QLatin1String("validComponents")
                   || key == QLatin1String("invalidComponents")) {
            const bool valid = key == QLatin1String("validComponents");
            for (const QJsonValue &component : it.value().toArray()) {
                const SchemaErrors errors = catalog.protocolVersion == QLatin1String("v1.0")
                    ? validateComponentOpaqueCalls(catalog, component.toObject())
                    : validateComponent(catalog, component.toObject());
                if (errors.isEmpty() != valid)
                    return fail(QStringLiteral("%1 %2").arg(valid ? QStringLiteral("valid")
                                                                  : QStringLiteral("invalid"),
                                                            shown(component)),
                                errors.isEmpty() ? QStringLiteral("it validates")
                                                 : describe(errors));
            }
            continue;
        } else {
            return fail(wanted,
                        QStringLiteral("nothing: not a from_json expectation this runner knows"));
        }
        if (!json::jsonEquals(actual, it.value()))
            return fail(wanted, shown(actual));
    }
    return pass();
}

Outcome runFromJson(const Case &c)
{
    QString error;
    const CatalogLoad load = caseCatalog(c, &error);
    if (!error.isEmpty())
        return fail(QStringLiteral("a case this runner can read"), error);
    const Rejections rejections = load.catalog
        ? Rejections()
        : Rejections {{QStringLiteral("CatalogError"), QString(), load.error}};
    const QJsonValue wantedError = expectedError(c.body);
    if (!wantedError.isUndefined())
        return checkError(wantedError, rejections, QString(),
                          QStringLiteral("no error: the catalog loaded"));
    if (!load.catalog)
        return fail(expectationOf(c.body), describe(rejections));
    return checkLoadedCatalog(*load.catalog, get(c.body, "expect").toObject());
}

// validate_common_type: each step's value against common_types.json#/$defs/<definition> of the
// case's version; a value the schema rejects is a ValidationError.
Outcome runValidateCommonType(const Case &c)
{
    const auto types = commonTypesByVersion().constFind(c.version);
    if (types == commonTypesByVersion().cend())
        return fail(QStringLiteral("the common types of ") + c.version,
                    QStringLiteral("none published"));
    const QString definition = get(c.body, "definition").toString();
    if (!get(*types, "$defs").toObject().contains(definition))
        return fail(QStringLiteral("a definition ") + definition,
                    QStringLiteral("common_types.json %1 has no such definition").arg(c.version));
    const QJsonArray steps = get(c.body, "steps").toArray();
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QJsonObject step = steps.at(i).toObject();
        const QString where
            = QStringLiteral("step %1 (%2): ").arg(i + 1).arg(shown(get(step, "value")));
        const SchemaErrors errors = validateCommonType(*types, definition, get(step, "value"));
        const Rejections rejections = errors.isEmpty()
            ? Rejections()
            : Rejections {{QStringLiteral("ValidationError"), QString(), describe(errors)}};
        const QJsonValue wantedError = expectedError(step);
        if (!wantedError.isUndefined()) {
            const Outcome o = checkError(wantedError, rejections, where,
                                         QStringLiteral("no error (the value validates)"));
            if (!o.passed)
                return o;
        } else if (!errors.isEmpty()) {
            return fail(where + QStringLiteral("valid"), describe(rejections));
        }
    }
    return pass();
}

// select_catalog: the surface (args.surface) and its catalogs' versions (args.catalogs) are a
// SurfaceCatalogs; the items are args.components (in order) or args.function_call, and the
// catalog selected is the last item's.
Outcome runSelectCatalog(const Case &c)
{
    const QJsonObject args = get(c.body, "args").toObject();
    const QJsonObject surface = get(args, "surface").toObject();
    SurfaceCatalogs catalogs;
    catalogs.surfaceId = get(surface, "id").toString();
    catalogs.protocolVersion = c.version;
    catalogs.defaultCatalogId = get(surface, "defaultCatalogId").toString();
    for (const QJsonValue &id : get(surface, "supportedCatalogIds").toArray())
        catalogs.supportedCatalogIds.append(id.toString());
    const QJsonObject versions = get(args, "catalogs").toObject();
    for (auto it = versions.begin(); it != versions.end(); ++it)
        catalogs.catalogVersions.insert(
            it.key(), canonicalVersion(get(it.value().toObject(), "protocolVersion").toString()));

    Rejections rejections;
    QString selected;
    const QString conflict = catalogVersionConflict(catalogs);
    if (!conflict.isEmpty())
        rejections.append({QStringLiteral("CatalogError"), QString(), conflict});
    QList<QJsonObject> items;
    const QJsonObject components = get(args, "components").toObject();
    for (auto it = components.begin(); it != components.end(); ++it)
        items.append(it.value().toObject());
    if (get(args, "function_call").isObject())
        items.append(get(args, "function_call").toObject());
    for (const QJsonObject &item : std::as_const(items)) {
        if (!rejections.isEmpty())
            break;
        const CatalogSelection s = selectCatalog(catalogs, item);
        if (!s.error.isEmpty())
            rejections.append({QStringLiteral("CatalogError"), QString(), s.error});
        selected = s.catalogId;
    }
    const QJsonValue wantedError = expectedError(c.body);
    if (!wantedError.isUndefined())
        return checkError(wantedError, rejections, QString(),
                          QStringLiteral("no error: selected \"%1\"").arg(selected));
    if (!rejections.isEmpty())
        return fail(shown(get(c.body, "expect_selected")), describe(rejections));
    if (get(c.body, "expect_selected") == QJsonValue(selected))
        return pass();
    return fail(shown(get(c.body, "expect_selected")), shown(selected));
}

// get_renderer_capabilities: the case's catalogs (any version: v0.8 ones too) through
// rendererCapabilities.
Outcome runGetRendererCapabilities(const Case &c)
{
    QList<Catalog> catalogs;
    for (const QJsonValue &doc : get(c.body, "catalogs").toArray()) {
        const CatalogLoad load = loadCatalog(doc.toObject(), c.version, {}, commonTypes());
        if (!load.catalog)
            return fail(QStringLiteral("the case's catalogs"), load.error);
        catalogs.append(*load.catalog);
    }
    const QJsonObject args = get(c.body, "args").toObject();
    const QJsonObject caps = rendererCapabilities(catalogs, get(args, "version").toString(),
                                                  get(args, "includeInlineCatalogs").toBool());
    const QJsonValue expect = get(c.body, "expect");
    return json::jsonEquals(caps, expect) ? pass() : fail(shown(expect), shown(caps));
}

// get_renderer_data_model: the messages (or steps) applied, then clientDataModel for args.version;
// null when nothing would be sent.
Outcome runGetRendererDataModel(const Case &c)
{
    QString error;
    const std::optional<QList<Batch>> batches = batchesOf(c.body, &error);
    if (!batches)
        return fail(QStringLiteral("a case this runner can read"), error);
    Replay r;
    r.v10 = c.version == QLatin1String("v1.0");
    for (const Batch &batch : *batches) {
        const Rejections rejections = applyBatch(r, batch.messages);
        if (!rejections.isEmpty())
            return fail(QStringLiteral("no error"), describe(rejections));
    }
    const auto model
        = clientDataModel(r.set, get(get(c.body, "args").toObject(), "version").toString());
    const QJsonValue actual = model ? QJsonValue(*model) : QJsonValue(QJsonValue::Null);
    const QJsonValue expect = get(c.body, "expect");
    return json::jsonEquals(actual, expect) ? pass() : fail(shown(expect), shown(actual));
}

// handle_rpc (rpc_functions.yaml). The suite gives each renderer function's metadata
// (functionMetadata) but neither its implementation nor the catalogs the renderer has; like the
// reference harnesses, this runner supplies them: the catalogs the cases call from (basic,
// media_catalog, system_catalog, store_catalog) and mock implementations (playMedia and
// openExternalUrl report success, failingFunction fails, any other returns nothing).
RendererFunctions rpcFixture(const QJsonObject &metadata)
{
    static const QHash<QString, QJsonValue> results {
        {QStringLiteral("playMedia"),
         QJsonObject {{QStringLiteral("playing"), true}, {QStringLiteral("timestamp"), 0}}},
        {QStringLiteral("openExternalUrl"), QJsonObject {{QStringLiteral("opened"), true}}},
    };
    RendererFunctions out;
    out.catalogIds = {QStringLiteral("basic"), QStringLiteral("media_catalog"),
                      QStringLiteral("system_catalog"), QStringLiteral("store_catalog")};
    for (auto it = metadata.begin(); it != metadata.end(); ++it) {
        const QJsonObject m = it.value().toObject();
        RendererFunction f;
        f.allowedCallers = get(m, "allowedCallers").toString(f.allowedCallers);
        f.requiresUserActivation = get(m, "requiresUserActivation").toBool();
        const QString name = it.key();
        f.run = [name](const QJsonObject &, QString *error) {
            if (name == QLatin1String("failingFunction"))
                *error = QStringLiteral("the mock failingFunction fails");
            return results.value(name, QJsonValue(QJsonValue::Null));
        };
        out.functions.insert(name, f);
    }
    return out;
}

Outcome runHandleRpc(const Case &c)
{
    const QJsonObject args = get(c.body, "args").toObject();
    const QJsonObject expect = get(c.body, "expect").toObject();
    if (args.contains(QLatin1String("outboundCall"))) { // callAgentFunction and its response
        const QJsonObject call = get(args, "outboundCall").toObject();
        const QString id = get(call, "functionCallId").toString();
        const QJsonObject sent = callAgentFunctionMessage(get(call, "surfaceId").toString(), id,
                                                          get(call, "callFunction").toObject());
        if (get(get(sent, "callAgentFunction").toObject(), "functionCallId") != QJsonValue(id))
            return fail(QStringLiteral("a callAgentFunction for ") + id, shown(sent));
        const auto result = agentFunctionResult(get(args, "inboundResponse").toObject(), {id});
        const QJsonObject got = result
            ? QJsonObject {{QStringLiteral("correlatedCallId"), result->functionCallId},
                           {QStringLiteral("result"), result->value}}
            : QJsonObject();
        return json::jsonEquals(got, expect) ? pass() : fail(shown(expect), shown(got));
    }
    const RpcAnswer answer = answerRendererRpc(get(args, "message").toObject(),
                                               rpcFixture(get(args, "functionMetadata").toObject()),
                                               get(args, "userActivationPresent").toBool());
    if (expect.contains(QLatin1String("error"))) {
        const Rejections rejections = answer.error.isEmpty()
            ? Rejections()
            : Rejections {{QStringLiteral("ValidationError"), QString(), answer.error}};
        return checkError(get(expect, "error"), rejections, QString(),
                          QStringLiteral("no error: answered ")
                              + shown(answer.response.value_or(QJsonObject())));
    }
    if (!answer.error.isEmpty())
        return fail(shown(expect), QStringLiteral("error \"%1\"").arg(answer.error));
    const QJsonValue got
        = answer.response ? QJsonValue(*answer.response) : QJsonValue(QJsonValue::Null);
    return json::jsonEquals(got, get(expect, "response")) ? pass()
                                                          : fail(shown(expect), shown(got));
}

// catalog_schema with expectCatalog (README, "core/catalog.yaml"): the expected document is built
// here from the two published files, as the README describes it, independently of
// bundledCatalogSchema: every cross-document $ref becomes "#/$defs/<name>", the common types the
// catalog reaches (and those they reach) are copied into $defs without overriding the catalog's
// own, and $id, title, description and protocolVersion are dropped. Only the order of enum and
// required values is ignored.
void localiseRefs(QJsonValue &v, QStringList &reached)
{
    if (v.isArray()) {
        QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            QJsonValue item = a.at(i);
            localiseRefs(item, reached);
            a[i] = item;
        }
        v = a;
        return;
    }
    if (!v.isObject())
        return;
    QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() == QLatin1String("$ref") && it.value().isString()) {
            const QString ref = it.value().toString();
            const qsizetype hash = ref.indexOf(QLatin1Char('#'));
            const QString fragment = hash < 0 ? QString() : ref.mid(hash + 1);
            if (hash > 0 && ref.left(hash).endsWith(QLatin1String("common_types.json"))) {
                reached.append(fragment.section(QLatin1Char('/'), 2));
                it.value() = QString(QLatin1Char('#') + fragment);
            } else if (hash > 0) { // the catalog itself ("catalog.json#/$defs/anyFunction")
                it.value() = QString(QLatin1Char('#') + fragment);
            } else if (hash == 0 && fragment.startsWith(QLatin1String("/$defs/"))) {
                reached.append(fragment.section(QLatin1Char('/'), 2));
            }
        } else if (it.key() != QLatin1String("const") && it.key() != QLatin1String("enum")) {
            QJsonValue child = it.value();
            localiseRefs(child, reached);
            it.value() = child;
        }
    }
    v = o;
}

QJsonValue sortedSets(const QJsonValue &v, const QString &key = {})
{
    if (v.isArray()) {
        QJsonArray out;
        for (const QJsonValue &item : v.toArray())
            out.append(sortedSets(item));
        if (key == QLatin1String("enum") || key == QLatin1String("required")) {
            QStringList texts;
            for (const QJsonValue &item : std::as_const(out))
                texts.append(json::toCompactJson(item));
            texts.sort();
            QJsonArray sorted;
            for (const QString &t : std::as_const(texts))
                sorted.append(
                    QJsonDocument::fromJson(QByteArray("[") + t.toUtf8() + "]").array().first());
            return sorted;
        }
        return out;
    }
    if (!v.isObject())
        return v;
    QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        it.value() = sortedSets(it.value(), it.key());
    return o;
}

Outcome runCatalogSchema(const Case &c)
{
    const QJsonObject expectCatalog = get(c.body, "expectCatalog").toObject();
    if (expectCatalog.isEmpty())
        return fail(expectationOf(c.body),
                    QStringLiteral("unsupported: catalog_schema of an inline catalog is the "
                                   "Python SDK's serialisation of its models"));
    QString error;
    const auto catalogDoc = specFile(get(expectCatalog, "catalogPath").toString(), &error);
    const auto typesDoc = specFile(get(expectCatalog, "commonTypesPath").toString(), &error);
    if (!catalogDoc || !typesDoc)
        return fail(QStringLiteral("the case's files"), error);
    // Expected, as the README builds it.
    QJsonValue expected = *catalogDoc;
    QStringList reached;
    localiseRefs(expected, reached);
    QJsonObject bundle = expected.toObject();
    for (const char *key : {"$id", "title", "description", "protocolVersion"})
        bundle.remove(QLatin1String(key));
    QJsonObject defs = get(bundle, "$defs").toObject();
    const QJsonObject typeDefs = get(*typesDoc, "$defs").toObject();
    const QStringList own = defs.keys();
    for (qsizetype i = 0; i < reached.size(); ++i) {
        const QString name = reached.at(i);
        if (defs.contains(name) || !typeDefs.contains(name))
            continue;
        QJsonValue def = typeDefs.value(name);
        localiseRefs(def, reached);
        defs.insert(name, def);
    }
    if (!defs.isEmpty())
        bundle.insert(QStringLiteral("$defs"), defs);
    // Ours.
    const CatalogLoad load = caseCatalog(c, &error);
    if (!load.catalog)
        return fail(QStringLiteral("the catalog loads"), load.error + error);
    const QJsonObject ours = bundledCatalogSchema(*load.catalog);
    if (json::jsonEquals(sortedSets(ours), sortedSets(bundle)))
        return pass();
    for (auto it = bundle.begin(); it != bundle.end(); ++it) {
        if (!json::jsonEquals(sortedSets(ours.value(it.key())), sortedSets(it.value())))
            return fail(QStringLiteral("catalog_schema.%1 %2").arg(it.key(), shown(it.value())),
                        shown(ours.value(it.key())));
    }
    return fail(QStringLiteral("catalog_schema with the keys ")
                    + QStringList(bundle.keys()).join(QStringLiteral(", ")),
                QStringLiteral("the keys ") + QStringList(ours.keys()).join(QStringLiteral(", ")));
}

// ---- Dispatch ----------------------------------------------------------------------------------

struct Runner
{
    Outcome (*run)(const Case &);
    // The case keys the runner reads, besides name, action, description and protocolVersion. Any
    // other key would be an input or expectation silently ignored, so it fails the case. Catalog
    // inputs are read by no runner: core/a2ui has no catalog model, so a case whose outcome
    // depends on a catalog fails on its expectation.
    QStringList keys;
};

const QHash<QString, Runner> &runners()
{
    static const QStringList messageKeys {
        QStringLiteral("catalog"),      QStringLiteral("catalogs"),
        QStringLiteral("catalogPaths"), QStringLiteral("catalogPath"),
        QStringLiteral("catalogId"),    QStringLiteral("messages"),
        QStringLiteral("payload"),      QStringLiteral("steps"),
        QStringLiteral("strictMode"),   QStringLiteral("expect"),
        QStringLiteral("expectError"),  QStringLiteral("expect_error")};
    static const QHash<QString, Runner> table {
        {QStringLiteral("process_messages"), {runProcessMessages, messageKeys}},
        {QStringLiteral("validate"), {runValidate, messageKeys}},
        {QStringLiteral("data_model"),
         {runDataModel,
          {QStringLiteral("catalog"), QStringLiteral("initial"), QStringLiteral("watch"),
           QStringLiteral("steps"), QStringLiteral("expect")}}},
        {QStringLiteral("resolve_path"),
         {runResolvePath,
          {QStringLiteral("args"), QStringLiteral("expect"), QStringLiteral("expectError"),
           QStringLiteral("expect_error")}}},
        {QStringLiteral("evaluate_function"),
         {runEvaluateFunction,
          {QStringLiteral("function"), QStringLiteral("args"), QStringLiteral("dataModel"),
           QStringLiteral("locale"), QStringLiteral("surface"), QStringLiteral("catalogId"),
           QStringLiteral("catalogPaths"), QStringLiteral("useBasicCatalog"),
           QStringLiteral("expect"), QStringLiteral("expectError"),
           QStringLiteral("expect_error")}}},
        {QStringLiteral("from_json"),
         {runFromJson,
          {QStringLiteral("catalog"), QStringLiteral("catalogPath"), QStringLiteral("catalogId"),
           QStringLiteral("expect"), QStringLiteral("expectError"),
           QStringLiteral("expect_error")}}},
        {QStringLiteral("validate_common_type"),
         {runValidateCommonType, {QStringLiteral("definition"), QStringLiteral("steps")}}},
        {QStringLiteral("select_catalog"),
         {runSelectCatalog,
          {QStringLiteral("catalog"), QStringLiteral("args"), QStringLiteral("expect_selected"),
           QStringLiteral("expectError"), QStringLiteral("expect_error")}}},
        {QStringLiteral("get_renderer_capabilities"),
         {runGetRendererCapabilities,
          {QStringLiteral("catalogs"), QStringLiteral("args"), QStringLiteral("expect")}}},
        {QStringLiteral("get_renderer_data_model"),
         {runGetRendererDataModel,
          {QStringLiteral("catalogPaths"), QStringLiteral("messages"), QStringLiteral("steps"),
           QStringLiteral("args"), QStringLiteral("expect")}}},
        {QStringLiteral("handle_rpc"),
         {runHandleRpc,
          {QStringLiteral("catalog"), QStringLiteral("args"), QStringLiteral("expect")}}},
        {QStringLiteral("catalog_schema"),
         {runCatalogSchema,
          {QStringLiteral("catalog"), QStringLiteral("catalogPath"), QStringLiteral("catalogId"),
           QStringLiteral("expect"), QStringLiteral("expectCatalog")}}},
        {QStringLiteral("parse_expression_template"),
         {runParseExpressionTemplate,
          {QStringLiteral("input"), QStringLiteral("expect"), QStringLiteral("expectError"),
           QStringLiteral("expect_error")}}},
        {QStringLiteral("dispatch_action"),
         {runDispatchAction,
          {QStringLiteral("actionPayload"), QStringLiteral("dataModel"), QStringLiteral("scope"),
           QStringLiteral("surfaceId"), QStringLiteral("expectDispatched"),
           QStringLiteral("expectDispatchedErrors"), QStringLiteral("expectDataModel"),
           QStringLiteral("expectError"), QStringLiteral("expect_error")}}},
    };
    return table;
}

// Why core/a2ui has no equivalent of an action, for "unsupported action X".
QString unsupportedReason(const QString &action)
{
    static const QHash<QString, QString> reasons {
        {QStringLiteral("common_types_schema"),
         QStringLiteral("core/a2ui has no typed models to generate the schema from")},
        {QStringLiteral("resolve_nodes"),
         QStringLiteral("core/a2ui has no reactive node tree: surfaces are rebuilt per event")},
        {QStringLiteral("accessibility_check"),
         QStringLiteral("core/a2ui has no accessibility model (ui/a2ui's widgets carry it)")},
    };
    return reasons.value(action, QStringLiteral("not an action this runner knows"));
}

// What a case expects, for a case that cannot run: its first outcome key.
QString expectationOf(const QJsonObject &c)
{
    for (const char *key :
         {"expect", "expectError", "expect_error", "expectSelected", "expect_selected",
          "expectCatalog", "expectFile", "assertions", "steps"}) {
        if (c.contains(QLatin1String(key)))
            return QLatin1String(key) + QLatin1Char(' ') + shown(get(c, key));
    }
    return QStringLiteral("its outcome");
}

Outcome runCase(const Case &c)
{
    const auto runner = runners().constFind(c.action);
    if (runner == runners().cend())
        return fail(expectationOf(c.body),
                    QStringLiteral("unsupported action %1 (%2)")
                        .arg(c.action, unsupportedReason(c.action)));
    static const QStringList common {QStringLiteral("name"), QStringLiteral("action"),
                                     QStringLiteral("description"),
                                     QStringLiteral("protocolVersion")};
    for (const QString &key : c.body.keys()) {
        if (!common.contains(key) && !runner->keys.contains(key))
            return fail(
                key + QLatin1Char(' ') + shown(c.body.value(key)),
                QStringLiteral("nothing: the %1 runner does not read \"%2\"").arg(c.action, key));
    }
    return runner->run(c);
}

// ---- The copy and its manifest -----------------------------------------------------------------

struct Suite
{
    QString yamlFile; // "actions.yaml", under a2ui-spec/core
    QString jsonFile; // "actions.json", under a2ui-spec-json
    int cases = 0;
    QByteArray sha256; // hex, of the YAML
};

QString readText(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1").arg(path);
        return {};
    }
    return QString::fromUtf8(file.readAll());
}

// GENERATED.md's table: "| core/<suite>.yaml | <suite>.json | <cases> | <sha256> |".
QList<Suite> readManifest(QString *error)
{
    static const QRegularExpression row(
        QStringLiteral(R"(^\|\s*core/(\S+\.yaml)\s*\|\s*(\S+\.json)\s*\|)"
                       R"(\s*(\d+)\s*\|\s*([0-9a-f]{64})\s*\|\s*$)"),
        QRegularExpression::MultilineOption);
    const QString text = readText(dataPath(QStringLiteral("a2ui-spec-json/GENERATED.md")), error);
    QList<Suite> out;
    for (auto it = row.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out.append({m.captured(1), m.captured(2), m.captured(3).toInt(), m.captured(4).toLatin1()});
    }
    if (out.isEmpty() && error->isEmpty())
        *error = QStringLiteral("GENERATED.md lists no suite");
    return out;
}

// SOURCE.md's table "| core/<suite>.yaml | <commit> | <chars> | <cases> |": the case counts the
// copy was checked against when it was made.
QHash<QString, int> sourceCaseCounts(QString *error)
{
    static const QRegularExpression row(
        QStringLiteral(R"(^\|\s*core/(\S+\.yaml)\s*\|[^|]*\|[^|]*\|\s*(\d+)\s*\|\s*$)"),
        QRegularExpression::MultilineOption);
    const QString text = readText(dataPath(QStringLiteral("a2ui-spec/SOURCE.md")), error);
    QHash<QString, int> out;
    for (auto it = row.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out.insert(m.captured(1), m.captured(2).toInt());
    }
    return out;
}

struct Tally
{
    int cases = 0;
    int passed = 0;
    int failed = 0; // failing and not marked, or failing a mark's check
    int unsupported = 0; // failing, marked "unsupported"
    int wording = 0; // rejected with other text, marked "wording"
    int skipped = 0;
};

} // namespace

class TestA2uiConformance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void suiteCase_data();
    void suiteCase();
    void marksNameRealCases();
    void cleanupTestCase();

private:
    void record(const Case &c, const QString &outcome, const QString &detail,
                const std::optional<Mark> &mark, bool rejected = false);
    void skipped(const Case &c, const QString &reason);

    QList<Case> m_cases;
    QHash<QString, Mark> m_marks; // markKey(file, case) -> mark
    QMap<QString, Tally> m_tally; // file -> counts
    QMap<QString, QStringList> m_skips; // reason -> "<file> <case>"
    QJsonArray m_report; // every case's outcome, for AGUI_A2UI_CONFORMANCE_REPORT
};

void TestA2uiConformance::initTestCase()
{
    QString error;
    const QList<Suite> suites = readManifest(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QHash<QString, int> sourceCounts = sourceCaseCounts(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));

    // The manifest lists every suite of the copy, and only those.
    QStringList listed;
    for (const Suite &suite : suites)
        listed.append(suite.yamlFile);
    listed.sort();
    const QStringList copied = QDir(dataPath(QStringLiteral("a2ui-spec/core")))
                                   .entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
    QCOMPARE(listed, copied);

    for (const Suite &suite : suites) {
        QFile yaml(dataPath(QStringLiteral("a2ui-spec/core/") + suite.yamlFile));
        QVERIFY2(yaml.open(QIODevice::ReadOnly), qPrintable(suite.yamlFile));
        const QByteArray sha
            = QCryptographicHash::hash(yaml.readAll(), QCryptographicHash::Sha256).toHex();
        QVERIFY2(sha == suite.sha256,
                 qPrintable(QStringLiteral("core/%1 changed since its JSON was generated (sha256 "
                                           "%2, GENERATED.md has %3): run python3 "
                                           "tests/conformance/a2ui_yaml_to_json.py")
                                .arg(suite.yamlFile, QString::fromLatin1(sha),
                                     QString::fromLatin1(suite.sha256))));

        QFile file(dataPath(QStringLiteral("a2ui-spec-json/") + suite.jsonFile));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(suite.jsonFile));
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
        QVERIFY2(parseError.error == QJsonParseError::NoError && doc.isArray(),
                 qPrintable(suite.jsonFile + QStringLiteral(": ") + parseError.errorString()));
        const QJsonArray cases = doc.array();
        QVERIFY2(cases.size() == suite.cases && cases.size() == sourceCounts.value(suite.yamlFile),
                 qPrintable(QStringLiteral("%1: %2 cases, GENERATED.md says %3, SOURCE.md %4")
                                .arg(suite.jsonFile)
                                .arg(cases.size())
                                .arg(suite.cases)
                                .arg(sourceCounts.value(suite.yamlFile))));
        for (const QJsonValue &v : cases) {
            const QJsonObject o = v.toObject();
            QVERIFY2(
                get(o, "name").isString() && get(o, "action").isString(),
                qPrintable(suite.jsonFile + QStringLiteral(": a case without name or action")));
            m_cases.append({suite.yamlFile, get(o, "name").toString(), get(o, "action").toString(),
                            caseVersion(o), o});
        }
    }
    QCOMPARE(m_cases.size(), kSuiteCases);

    QFile marksFile(dataPath(QStringLiteral("a2ui-marks.json")));
    QVERIFY(marksFile.open(QIODevice::ReadOnly));
    const QJsonObject marks = QJsonDocument::fromJson(marksFile.readAll()).object();
    QVERIFY(get(marks, "about").isString());
    for (const QJsonValue &v : get(marks, "marks").toArray()) {
        const QJsonObject m = v.toObject();
        const QString file = get(m, "file").toString();
        const QString name = get(m, "case").toString();
        const Mark mark {get(m, "kind").toString(), get(m, "reason").toString()};
        QVERIFY2(QStringList({QStringLiteral("skip"), QStringLiteral("unsupported"),
                              QStringLiteral("wording")})
                         .contains(mark.kind)
                     && !mark.reason.isEmpty() && !file.isEmpty() && !name.isEmpty(),
                 qPrintable(QStringLiteral("a mark needs a file, a case, a known kind and a "
                                           "reason: ")
                            + json::toCompactJson(m)));
        QVERIFY2(!m_marks.contains(markKey(file, name)),
                 qPrintable(QStringLiteral("%1 %2 is marked twice").arg(file, name)));
        m_marks.insert(markKey(file, name), mark);
    }
}

void TestA2uiConformance::suiteCase_data()
{
    QTest::addColumn<int>("index");
    for (qsizetype i = 0; i < m_cases.size(); ++i) {
        const Case &c = m_cases.at(i);
        QTest::newRow(qPrintable(c.file + QLatin1Char('/') + c.name)) << int(i);
    }
}

void TestA2uiConformance::suiteCase()
{
    QFETCH(int, index);
    const Case &c = m_cases.at(index);
    Tally &tally = m_tally[c.file];
    ++tally.cases;
    if (!SUPPORTED_PROTOCOL_VERSIONS.contains(c.version)) {
        const QString reason
            = QStringLiteral("protocol version %1 is not in SUPPORTED_PROTOCOL_VERSIONS")
                  .arg(c.version);
        skipped(c, reason);
        QSKIP(qPrintable(QStringLiteral("[SKIPPED] ") + reason));
    }
    const auto found = m_marks.constFind(markKey(c.file, c.name));
    const std::optional<Mark> mark
        = found == m_marks.cend() ? std::nullopt : std::optional<Mark>(*found);
    if (mark && mark->kind == QLatin1String("skip")) {
        skipped(c, mark->reason);
        QSKIP(qPrintable(QStringLiteral("[SKIPPED] ") + mark->reason));
    }

    const Outcome o = runCase(c);
    const QString failure = o.passed
        ? QString()
        : QStringLiteral("%1 %2: expected %3, got %4").arg(c.file, c.name, o.expected, o.got);
    record(c, o.passed ? QStringLiteral("pass") : QStringLiteral("fail"), failure, mark,
           o.rejected);
    if (!mark) {
        ++(o.passed ? tally.passed : tally.failed);
        QVERIFY2(o.passed, qPrintable(failure));
        return;
    }
    // A marked case must still fail the way its mark says.
    QString markProblem;
    if (o.passed)
        markProblem = QStringLiteral("%1 %2: marked %3, but it passes now: remove the mark")
                          .arg(c.file, c.name, mark->kind);
    else if (mark->kind == QLatin1String("wording") && !o.rejected)
        markProblem = failure
            + QStringLiteral(" (marked wording, but this is not the expected "
                             "rejection worded otherwise)");
    if (!markProblem.isEmpty()) {
        ++tally.failed;
        QFAIL(qPrintable(markProblem));
    }
    ++(mark->kind == QLatin1String("wording") ? tally.wording : tally.unsupported);
    // XFAIL prints this comment, not the QVERIFY2 message: both go in it.
    QEXPECT_FAIL(
        "",
        qPrintable(QStringLiteral("%1\n   marked %2: %3").arg(failure, mark->kind, mark->reason)),
        Continue);
    QVERIFY2(o.passed, qPrintable(failure));
}

// Every mark names a case of the suites; a "wording" mark, a case that expects an error.
void TestA2uiConformance::marksNameRealCases()
{
    for (auto it = m_marks.cbegin(); it != m_marks.cend(); ++it) {
        const QString file = it.key().section(QLatin1Char('\n'), 0, 0);
        const QString name = it.key().section(QLatin1Char('\n'), 1);
        const auto c = std::find_if(m_cases.cbegin(), m_cases.cend(), [&](const Case &x) {
            return x.file == file && x.name == name;
        });
        QVERIFY2(c != m_cases.cend(),
                 qPrintable(QStringLiteral("a2ui-marks.json: %1 has no case %2").arg(file, name)));
        QVERIFY2(it->kind != QLatin1String("wording") || expectsError(c->body),
                 qPrintable(QStringLiteral("a2ui-marks.json: %1 %2 is marked wording but expects "
                                           "no error")
                                .arg(file, name)));
    }
}

void TestA2uiConformance::cleanupTestCase()
{
    const QString row = QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n");
    const auto line = [&row](const QString &file, const Tally &t) {
        return row.arg(file, -32)
            .arg(t.cases, 5)
            .arg(t.passed, 6)
            .arg(t.failed, 6)
            .arg(t.unsupported, 11)
            .arg(t.wording, 7)
            .arg(t.skipped, 7);
    };
    QString table = QStringLiteral("\nA2UI conformance suites (a2ui-spec/core) against core/a2ui. "
                                   "failed = fails and is not marked (or fails its mark's "
                                   "check); unsupported and wording = fail as marked:\n");
    table += row.arg(QStringLiteral("suite"), -32)
                 .arg(QStringLiteral("cases"), 5)
                 .arg(QStringLiteral("passed"), 6)
                 .arg(QStringLiteral("failed"), 6)
                 .arg(QStringLiteral("unsupported"), 11)
                 .arg(QStringLiteral("wording"), 7)
                 .arg(QStringLiteral("skipped"), 7);
    Tally total;
    for (auto it = m_tally.cbegin(); it != m_tally.cend(); ++it) {
        table += line(it.key(), it.value());
        total.cases += it->cases;
        total.passed += it->passed;
        total.failed += it->failed;
        total.unsupported += it->unsupported;
        total.wording += it->wording;
        total.skipped += it->skipped;
    }
    table += line(QStringLiteral("total"), total);
    if (!m_skips.isEmpty())
        table += QStringLiteral("\nskipped:\n");
    for (auto it = m_skips.cbegin(); it != m_skips.cend(); ++it)
        table += QStringLiteral("- %1\n  %2\n").arg(it->join(QStringLiteral(", ")), it.key());
    qInfo().noquote() << table;

    const QString reportPath = qEnvironmentVariable("AGUI_A2UI_CONFORMANCE_REPORT");
    if (reportPath.isEmpty())
        return;
    QFile report(reportPath);
    QVERIFY2(report.open(QIODevice::WriteOnly | QIODevice::Truncate),
             qPrintable(QStringLiteral("cannot write ") + reportPath));
    report.write(QJsonDocument(m_report).toJson(QJsonDocument::Indented));
}

// One row of the report: the case's real outcome ("pass", "fail" or "skipped"), why, and its mark.
void TestA2uiConformance::record(const Case &c, const QString &outcome, const QString &detail,
                                 const std::optional<Mark> &mark, bool rejected)
{
    QJsonObject row {{QStringLiteral("file"), c.file},
                     {QStringLiteral("case"), c.name},
                     {QStringLiteral("action"), c.action},
                     {QStringLiteral("protocolVersion"), c.version},
                     {QStringLiteral("outcome"), outcome},
                     {QStringLiteral("detail"), detail},
                     {QStringLiteral("expectsError"), expectsError(c.body)}};
    if (outcome == QLatin1String("fail"))
        row.insert(QStringLiteral("rejected"), rejected);
    if (mark)
        row.insert(QStringLiteral("mark"),
                   QJsonObject {{QStringLiteral("kind"), mark->kind},
                                {QStringLiteral("reason"), mark->reason}});
    m_report.append(row);
}

void TestA2uiConformance::skipped(const Case &c, const QString &reason)
{
    ++m_tally[c.file].skipped;
    m_skips[reason].append(c.file + QLatin1Char(' ') + c.name);
    const auto found = m_marks.constFind(markKey(c.file, c.name));
    record(c, QStringLiteral("skipped"), reason,
           found == m_marks.cend() ? std::nullopt : std::optional<Mark>(*found));
}

QTEST_GUILESS_MAIN(TestA2uiConformance)
#include "test_a2ui_conformance.moc"
