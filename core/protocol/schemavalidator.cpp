// The schema layer of findings: checks one event (or a message, a JSON Patch, a RunAgentInput)
// against the specification table of catalogue.cpp and reports each deviation as the reference
// client @ag-ui/client 1.0.0 treats it (schema.* rules, see catalogue.h).

#include "core/protocol/catalogue.h"

#include "core/json/jsonpointer.h"
#include "core/json/jsontext.h"
#include "core/protocol/catalogue_p.h"
#include "core/wire/messageroles.h"

#include <QAnyStringView>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUtf8StringView>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace agui {

namespace {

using catalogue::allFieldSpecsRef;
using catalogue::contextFields;
using catalogue::interruptFields;
using catalogue::legacyNullable;
using catalogue::opt;
using catalogue::req;
using catalogue::resumeFields;
using catalogue::runAgentInputFields;
using catalogue::tokenUsageFields;
using catalogue::toolFields;
using catalogue::words;

// Largest integer a JS number holds exactly (Number.MAX_SAFE_INTEGER): zod's .int() bound.
constexpr double kMaxSafeInteger = 9007199254740991.0;
// ---------------------------------------------------------------------------------------------
// Validation.

// Message fields by role (@ag-ui/core 1.0.0), built once.
const QHash<QString, QList<FieldSpec>> &messageFields()
{
    static const QHash<QString, QList<FieldSpec>> byRole = [] {
        const auto S = FieldKind::String;
        const FieldSpec roleField = req("role", S, "author role", "", messageRoles());
        const FieldSpec id = req("id", S, "message id");
        const FieldSpec encrypted = opt("encryptedValue", S, "opaque provider string");
        const FieldSpec metadata = opt("metadata", FieldKind::Object, "open map");
        const FieldSpec subagent = opt("subagentRunId", S, "subagent that produced it");
        const FieldSpec name = opt("name", S, "author name");
        const FieldSpec parts
            = req("content", FieldKind::StringOrArray, "string or ContentPart[]", "ContentPart[]");
        const FieldSpec text = req("content", S, "text");
        QHash<QString, QList<FieldSpec>> h;
        h.insert(QStringLiteral("developer"),
                 {roleField, id, text, name, encrypted, metadata, subagent});
        h.insert(QStringLiteral("system"),
                 {roleField, id, text, name, encrypted, metadata, subagent});
        h.insert(QStringLiteral("assistant"),
                 {roleField, id, opt("content", S, "text"),
                  opt("toolCalls", FieldKind::Array, "tool calls", "ToolCall[]"), name, encrypted,
                  metadata, subagent});
        h.insert(QStringLiteral("user"),
                 {roleField, id, parts, name, encrypted, metadata, subagent});
        h.insert(QStringLiteral("tool"),
                 {roleField, id, parts, req("toolCallId", S, "tool call answered"),
                  opt("error", S, "error text"), encrypted, metadata, subagent});
        h.insert(QStringLiteral("activity"),
                 {roleField, id, req("activityType", S, "activity kind"),
                  req("content", FieldKind::Object, "activity content"), metadata, subagent});
        h.insert(QStringLiteral("reasoning"), {roleField, id, text, encrypted, metadata, subagent});
        return h;
    }();
    return byRole;
}

// Members a later protocol version added that @ag-ui/client 1.0.0 (AG-UI 1.0) does not know, and
// strips: the version that added one, or nullptr. AG-UI 1.1 added only encryptedValueType, beside
// every encryptedValue (docs.ag-ui.com/spec/1.1/events/reasoning#encryptedvaluetype).
const char *newerFieldSince(const QString &key)
{
    return key == QLatin1String("encryptedValueType") ? "1.1" : nullptr;
}

// Whether an object with these fields is one where the newer member belongs (it carries an
// encryptedValue: REASONING_ENCRYPTED_VALUE, messages, tool calls).
bool newerFieldAllowedIn(const QList<FieldSpec> &fields)
{
    return std::any_of(fields.cbegin(), fields.cend(), [](const FieldSpec &f) {
        return f.name == QLatin1String("encryptedValue");
    });
}

QString zodIssue(const QString &pointer, const QString &message);

struct Checker
{
    QString where; // "TEXT_MESSAGE_CONTENT", "RunAgentInput"
    Diagnostics out;
    bool quiet = false; // checksClean(): only whether a finding is made matters

    void add(const char *rule, Severity severity, const QString &path, const QString &message)
    {
        out.append(Diagnostic {QString::fromLatin1(rule), severity, path, message, -1});
    }
    // A malformed known value: fatal in the client. Our words, then the client's (the zod issue
    // its ZodError prints), so a user can search for what the client said.
    void error(const char *rule, const QString &path, const QString &ours, const QString &zod)
    {
        add(rule, Severity::Error, path,
            ours + QStringLiteral(" — @ag-ui/client: ") + zodIssue(path, zod));
    }

    void checkObject(json::JsonView obj, const QList<FieldSpec> &fields, const QString &path,
                     const QString &label, bool flagUnknown);
    // One pass over the members: true when checkObject(..., true) would find nothing (the
    // common case, decided without building a path or a label); false means "run checkObject".
    bool checksClean(json::JsonView obj, const QList<FieldSpec> &fields);
    void checkField(json::JsonView obj, const FieldSpec &f, const QString &path,
                    const QString &label);
    void checkValue(json::JsonView v, const FieldSpec &f, const QString &path,
                    const QString &label);
    void checkShape(const QString &shape, json::JsonView v, const QString &path,
                    const QString &label);
    void checkArray(json::JsonView v, const QString &path, const QString &label,
                    void (Checker::*item)(json::JsonView, const QString &, const QString &));

    void checkMessage(json::JsonView v, const QString &path, const QString &label);
    void checkToolCall(json::JsonView v, const QString &path, const QString &label);
    void checkContentPart(json::JsonView v, const QString &path, const QString &label);
    void checkSource(json::JsonView v, const QString &path, const QString &label);
    void checkTokenUsage(json::JsonView v, const QString &path, const QString &label);
    void checkInterrupt(json::JsonView v, const QString &path, const QString &label);
    void checkTool(json::JsonView v, const QString &path, const QString &label);
    void checkContext(json::JsonView v, const QString &path, const QString &label);
    void checkResume(json::JsonView v, const QString &path, const QString &label);
    void checkPatchOp(json::JsonView v, const QString &path, const QString &label);
    void checkStringItem(json::JsonView v, const QString &path, const QString &label);
    void checkRunOutcome(json::JsonView o, const QString &path, const QString &label);
    void checkSubagentOutcome(json::JsonView o, const QString &path, const QString &label);
    // Checks the discriminator field of a variant object; returns its value or "" if unusable.
    // An unknown one makes the client remove the object (at `removedPath`, "" = path): a
    // schema.unknown-variant finding there.
    QString discriminator(json::JsonView o, const char *key, const QStringList &allowed,
                          const QString &path, const QString &label,
                          const QString &strippedLabel = QString(),
                          const QString &removedPath = QString());
};

QString quoted(const QStringList &values)
{
    QStringList q;
    for (const QString &v : values)
        q.append(QLatin1Char('\'') + v + QLatin1Char('\''));
    return q.join(QStringLiteral(", "));
}

// How a value looks in a message: short, and never the whole of a big value.
QString describe(json::JsonView v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Bool:
    case QJsonValue::Double:
        return json::jsString(v);
    case QJsonValue::String: {
        QString s = v.toString();
        if (s.size() > 40)
            s = s.left(40) + QStringLiteral("...");
        return QLatin1Char('\'') + s + QLatin1Char('\'');
    }
    case QJsonValue::Undefined:
        return QStringLiteral("nothing");
    default:
        return json::typePhrase(v.type());
    }
}

QString expectedText(FieldKind kind)
{
    return QString::fromLatin1(catalogue::fieldKindWords(kind).phrase);
}

bool isInteger(json::JsonView v)
{
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    return std::isfinite(d) && std::floor(d) == d;
}

bool kindMatches(FieldKind kind, json::JsonView v)
{
    switch (kind) {
    case FieldKind::String:
        return v.isString();
    case FieldKind::Integer:
        return isInteger(v);
    case FieldKind::Number:
        return v.isDouble();
    case FieldKind::Boolean:
        return v.isBool();
    case FieldKind::Object:
        return v.isObject();
    case FieldKind::Array:
        return v.isArray();
    case FieldKind::Any:
        return true;
    case FieldKind::NonNull:
        return !v.isNull();
    case FieldKind::StringOrArray:
        return v.isString() || v.isArray();
    }
    return false;
}

QString zodExpected(FieldKind kind)
{
    return QString::fromLatin1(catalogue::fieldKindWords(kind).zod);
}

QString zodTypeMessage(FieldKind kind, json::JsonView v)
{
    QString expected = zodExpected(kind);
    if (expected.isEmpty())
        return QStringLiteral("Invalid input");
    if (expected == QLatin1String("int") && !v.isDouble() && !v.isUndefined())
        expected = QStringLiteral("number");
    return QStringLiteral("Invalid input: expected %1, received %2")
        .arg(expected, json::typeName(v.type()));
}

QString zodEnumMessage(const QStringList &values)
{
    QStringList quoted;
    for (const QString &v : values)
        quoted.append(QLatin1Char('"') + v + QLatin1Char('"'));
    return values.size() == 1
        ? QStringLiteral("Invalid input: expected ") + quoted.first()
        : QStringLiteral("Invalid option: expected one of ") + quoted.join(QLatin1Char('|'));
}

// One issue of the ZodError @ag-ui/client 1.0.0 throws, as its error message prints it (JSON):
// {"path":["role"],"message":"Invalid input: expected \"reasoning\""}.
QString zodIssue(const QString &pointer, const QString &message)
{
    QJsonArray path;
    for (const QString &token : pointer.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        bool index = false;
        const int i = token.toInt(&index);
        if (index && QString::number(i) == token)
            path.append(i);
        else
            path.append(json::Pointer::unescapeToken(token));
    }
    const QJsonObject issue {{QStringLiteral("path"), path}, {QStringLiteral("message"), message}};
    return QString::fromUtf8(QJsonDocument(issue).toJson(QJsonDocument::Compact));
}

QString labelAppend(const QString &label, const QString &key)
{
    return label.isEmpty() ? key : label + QLatin1Char('.') + key;
}

QString labelAppend(const QString &label, qsizetype index)
{
    return label + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

bool enumAllows(const FieldSpec &f, json::JsonView v)
{
    if (f.enumKeys.isEmpty())
        return true;
    const std::string_view s = v.utf8();
    return v.isString()
        && std::any_of(f.enumKeys.cbegin(), f.enumKeys.cend(), [s](const QByteArray &k) {
               return std::string_view(k.constData(), size_t(k.size())) == s;
           });
}

// True when the value needs no further look: right JSON type, allowed enum value, nothing nested.
bool plainlyValid(json::JsonView v, const FieldSpec &f)
{
    if (v.isNull())
        return f.kind == FieldKind::Any && !f.legacyNull && !f.nullStripped;
    if (!f.shape.isEmpty()) {
        if (f.shape != QLatin1String("timestamp"))
            return false;
        return isInteger(v) && std::fabs(v.toDouble()) <= kMaxSafeInteger;
    }
    if (!kindMatches(f.kind, v))
        return false;
    return enumAllows(f, v);
}

void Checker::checkObject(json::JsonView obj, const QList<FieldSpec> &fields, const QString &path,
                          const QString &label, bool flagUnknown)
{
    for (const FieldSpec &f : fields)
        checkField(obj, f, path, label);
    if (!flagUnknown)
        return;
    for (const json::JsonMember m : obj.members()) {
        const std::string_view k = m.keyUtf8();
        const bool known = std::any_of(fields.cbegin(), fields.cend(), [k](const FieldSpec &f) {
            return std::string_view(f.key.constData(), size_t(f.key.size())) == k;
        });
        if (known)
            continue;
        const QString key = m.key();
        const QString at = pointerAppend(path, key);
        if (newerFieldSince(key) && newerFieldAllowedIn(fields)) {
            add("compat.newer-field", Severity::Info, at,
                QStringLiteral("Removed unrecognised material at '%1' on %2: '%3' is AG-UI %4 "
                               "(the producer's name for the kind of encrypted value), which "
                               "@ag-ui/client 1.0.0 does not know; it strips it (kept here)")
                    .arg(at, where, labelAppend(label, key),
                         QString::fromLatin1(newerFieldSince(key))));
            continue;
        }
        add("schema.unknown-field", Severity::Warning, at,
            QStringLiteral("Removed unrecognised material at '%1' on %2: '%3' is not defined "
                           "there; the client strips it (kept here)")
                .arg(at, where, labelAppend(label, key)));
    }
}

bool Checker::checksClean(json::JsonView obj, const QList<FieldSpec> &fields)
{
    if (!obj.isObject() || fields.size() > 64)
        return false;
    quint64 seen = 0;
    quint64 required = 0;
    for (qsizetype i = 0; i < fields.size(); ++i)
        if (fields[i].required)
            required |= quint64(1) << i;
    const qsizetype before = out.size();
    for (auto it = obj.rawMembersBegin(); it.valid(); it.next()) {
        const std::string_view key = it.key().utf8();
        qsizetype index = -1;
        for (qsizetype i = 0; i < fields.size(); ++i) {
            const QByteArray &k = fields[i].key;
            if (size_t(k.size()) == key.size()
                && std::memcmp(k.constData(), key.data(), key.size()) == 0) {
                index = i;
                break;
            }
        }
        if (index < 0)
            return false; // an unknown field: reported by checkObject
        const quint64 bit = quint64(1) << index;
        if (seen & bit)
            return false; // a repeated key: checkObject reads it the JSON.parse way
        seen |= bit;
        const FieldSpec &f = fields[index];
        if (plainlyValid(it.value(), f))
            continue;
        quiet = true;
        checkValue(it.value(), f, QString(), QString());
        quiet = false;
        if (out.size() != before) {
            out.resize(before);
            return false;
        }
    }
    return (seen & required) == required;
}

void Checker::checkField(json::JsonView obj, const FieldSpec &f, const QString &path,
                         const QString &label)
{
    // Paths and labels are built only when there is something to say or to walk into: most
    // fields of most events are absent-and-optional or plainly right.
    const json::JsonView v = obj.value(std::string_view(f.key.constData(), size_t(f.key.size())));
    if (v.isUndefined()) {
        if (f.required)
            error("schema.required", pointerAppend(path, f.name),
                  QStringLiteral("'%1' is required on %2").arg(labelAppend(label, f.name), where),
                  zodTypeMessage(f.kind, v));
        return;
    }
    if (plainlyValid(v, f))
        return;
    checkValue(v, f, pointerAppend(path, f.name), labelAppend(label, f.name));
}

void Checker::checkValue(json::JsonView v, const FieldSpec &f, const QString &path,
                         const QString &label)
{
    if (v.isNull()) {
        if (f.legacyNull) {
            add("schema.deprecated", Severity::Warning, path,
                QStringLiteral("'%1: null' on %2 is a legacy form: the client removes it "
                               "(Converting deprecated %2.%1: null to an absent field); omit the "
                               "field instead")
                    .arg(label, where));
            return;
        }
        if (f.nullStripped) {
            add("schema.null-stripped", Severity::Warning, path,
                QStringLiteral("'%1: null' on %2 is silently removed by the reference client "
                               "(treated as absent); omit the field instead")
                    .arg(label, where));
            return;
        }
        if (f.kind != FieldKind::Any) {
            error("schema.null-not-allowed", path,
                  QStringLiteral("'%1' must not be null on %2 (expected %3%4)")
                      .arg(label, where, expectedText(f.kind),
                           f.required ? QString() : QStringLiteral("; omit it instead")),
                  zodTypeMessage(f.kind, v));
        }
        return;
    }
    if (f.shape == QLatin1String("timestamp")) {
        if (!v.isDouble()) {
            error("schema.type", path,
                  QStringLiteral("'%1' must be an integer, got %2").arg(label, describe(v)),
                  zodTypeMessage(FieldKind::Integer, v));
        } else if (!isInteger(v)) {
            error("schema.integer-timestamp", path,
                  QStringLiteral("'%1' must be an integer, got %2").arg(label, describe(v)),
                  zodTypeMessage(FieldKind::Integer, v));
        } else if (std::fabs(v.toDouble()) > kMaxSafeInteger) {
            error("schema.integer-timestamp", path,
                  QStringLiteral("'%1' must be a safe integer within ±(2^53−1), got %2")
                      .arg(label, describe(v)),
                  v.toDouble() > 0
                      ? QStringLiteral("Too big: expected int to be <9007199254740991")
                      : QStringLiteral("Too small: expected int to be >-9007199254740991"));
        }
        return;
    }
    if (!kindMatches(f.kind, v)) {
        error(
            "schema.type", path,
            QStringLiteral("'%1' must be %2, got %3").arg(label, expectedText(f.kind), describe(v)),
            zodTypeMessage(f.kind, v));
        return;
    }
    if (!enumAllows(f, v)) {
        error("schema.enum", path,
              QStringLiteral("'%1' must be one of %2, got %3")
                  .arg(label, quoted(f.enumValues), describe(v)),
              zodEnumMessage(f.enumValues));
        return;
    }
    if (!f.shape.isEmpty())
        checkShape(f.shape, v, path, label);
}

void Checker::checkShape(const QString &shape, json::JsonView v, const QString &path,
                         const QString &label)
{
    if (shape == QLatin1String("count")) {
        const double d = v.toDouble();
        if (d < 0 || d > kMaxSafeInteger)
            error("schema.range", path,
                  QStringLiteral("'%1' must be a non-negative safe integer, got %2")
                      .arg(label, describe(v)),
                  d < 0 ? QStringLiteral("Too small: expected number to be >=0")
                        : QStringLiteral("Too big: expected int to be <9007199254740991"));
    } else if (shape == QLatin1String("Message[]")) {
        checkArray(v, path, label, &Checker::checkMessage);
    } else if (shape == QLatin1String("ToolCall[]")) {
        checkArray(v, path, label, &Checker::checkToolCall);
    } else if (shape == QLatin1String("ContentPart[]")) {
        if (v.isArray()) // content may also be a plain string
            checkArray(v, path, label, &Checker::checkContentPart);
    } else if (shape == QLatin1String("TokenUsage[]")) {
        checkArray(v, path, label, &Checker::checkTokenUsage);
    } else if (shape == QLatin1String("Interrupt[]")) {
        checkArray(v, path, label, &Checker::checkInterrupt);
    } else if (shape == QLatin1String("Tool[]")) {
        checkArray(v, path, label, &Checker::checkTool);
    } else if (shape == QLatin1String("Context[]")) {
        checkArray(v, path, label, &Checker::checkContext);
    } else if (shape == QLatin1String("ResumeEntry[]")) {
        checkArray(v, path, label, &Checker::checkResume);
    } else if (shape == QLatin1String("JsonPatch")) {
        checkArray(v, path, label, &Checker::checkPatchOp);
    } else if (shape == QLatin1String("string[]")) {
        checkArray(v, path, label, &Checker::checkStringItem);
    } else if (shape == QLatin1String("RunOutcome")) {
        checkRunOutcome(v.toObject(), path, label);
    } else if (shape == QLatin1String("SubagentOutcome")) {
        checkSubagentOutcome(v.toObject(), path, label);
    } else if (shape == QLatin1String("RunAgentInput")) {
        checkObject(v.toObject(), runAgentInputFields(), path, label, true);
    } else if (shape == QLatin1String("FunctionCall")) {
        static const QList<FieldSpec> fields = {
            req("name", FieldKind::String, "tool name"),
            req("arguments", FieldKind::String, "JSON text of the arguments, verbatim"),
        };
        checkObject(v.toObject(), fields, path, label, true);
    } else if (shape == QLatin1String("Source")) {
        checkSource(v, path, label);
    }
}

void Checker::checkArray(json::JsonView v, const QString &path, const QString &label,
                         void (Checker::*item)(json::JsonView, const QString &, const QString &))
{
    qsizetype i = 0;
    for (const json::JsonView element : v.toArray()) {
        // Quick checks only ask whether anything is wrong: no path or label to build.
        if (quiet)
            (this->*item)(element, QString(), QString());
        else
            (this->*item)(element, pointerAppend(path, i), labelAppend(label, i));
        ++i;
    }
}

bool requireObject(Checker &c, json::JsonView v, const QString &path, const QString &label)
{
    if (v.isObject())
        return true;
    c.error(v.isNull() ? "schema.null-not-allowed" : "schema.type", path,
            QStringLiteral("'%1' must be an object, got %2").arg(label, describe(v)),
            zodTypeMessage(FieldKind::Object, v));
    return false;
}

QString Checker::discriminator(json::JsonView o, const char *key, const QStringList &allowed,
                               const QString &path, const QString &label,
                               const QString &strippedLabel, const QString &removedPath)
{
    // The client's enforce stage removes a discriminated object whose discriminator is missing,
    // not a string or unknown (outcome, message, content part, patch op): no error, the data is
    // silently gone (checked against @ag-ui/client 1.0 enforceEvents).
    const json::JsonView v = o.value(std::string_view(key));
    if (v.isString()) {
        const std::string_view sent = v.utf8();
        for (const QString &a : allowed)
            if (QAnyStringView::equal(QUtf8StringView(sent.data(), qsizetype(sent.size())), a))
                return a;
    }
    const QString k = QString::fromLatin1(key);
    const QString what = v.isUndefined()
        ? QStringLiteral("'%1' is missing (expected one of %2)")
              .arg(labelAppend(label, k), quoted(allowed))
        : QStringLiteral("'%1' must be one of %2, got %3")
              .arg(labelAppend(label, k), quoted(allowed), describe(v));
    const QString removed = removedPath.isNull() ? path : removedPath;
    add("schema.unknown-variant", Severity::Warning, removed,
        QStringLiteral("Removed unrecognised material at '%1' on %2: ").arg(removed, where) + what
            + QStringLiteral("; the client removes '%1' entirely (kept here)")
                  .arg(strippedLabel.isEmpty() ? label : strippedLabel));
    return {};
}

void Checker::checkMessage(json::JsonView v, const QString &path, const QString &label)
{
    if (!requireObject(*this, v, path, label))
        return;
    const json::JsonView o = v.toObject();
    const QString role = discriminator(o, "role", messageRoles(), path, label);
    if (role.isEmpty())
        return;
    checkObject(o, messageFields().value(role), path, label, true);
}

void Checker::checkToolCall(json::JsonView v, const QString &path, const QString &label)
{
    if (!requireObject(*this, v, path, label))
        return;
    static const QList<FieldSpec> fields = {
        req("id", FieldKind::String, "tool call id"),
        req("type", FieldKind::String, "always \"function\"", "", words({"function"})),
        req("function", FieldKind::Object, "name and arguments", "FunctionCall"),
        opt("encryptedValue", FieldKind::String, "opaque provider string"),
        opt("metadata", FieldKind::Object, "open map"),
    };
    checkObject(v.toObject(), fields, path, label, true);
}

void Checker::checkContentPart(json::JsonView v, const QString &path, const QString &label)
{
    if (!requireObject(*this, v, path, label))
        return;
    const json::JsonView o = v.toObject();
    static const QStringList types
        = words({"text", "image", "audio", "video", "document", "binary"});
    const QString type = discriminator(o, "type", types, path, label);
    if (type.isEmpty())
        return;
    const FieldSpec typeField = req("type", FieldKind::String, "part kind", "", types);
    const FieldSpec id = opt("id", FieldKind::String, "part id");
    if (type == QLatin1String("text")) {
        checkObject(o,
                    {typeField, req("text", FieldKind::String, "the text"), id,
                     opt("metadata", FieldKind::Object, "open map")},
                    path, label, true);
    } else if (type == QLatin1String("binary")) {
        add("schema.deprecated", Severity::Warning, path,
            QStringLiteral("'%1' is a legacy binary content part; the client upgrades it to an "
                           "image/audio/video/document part by mimeType in message content "
                           "(Converting deprecated binary input content to the modern media "
                           "content parts) and removes it elsewhere")
                .arg(label));
        checkObject(o,
                    {typeField, req("mimeType", FieldKind::String, "media type"),
                     opt("data", FieldKind::String, "base64 data"),
                     opt("url", FieldKind::String, "location"), id,
                     opt("filename", FieldKind::String, "file name")},
                    path, label, true);
    } else {
        checkObject(o,
                    {typeField, req("source", FieldKind::Object, "data / url / file", "Source"), id,
                     legacyNullable(opt("metadata", FieldKind::Object, "open map"))},
                    path, label, true);
    }
}

void Checker::checkSource(json::JsonView v, const QString &path, const QString &label)
{
    const json::JsonView o = v.toObject();
    static const QStringList types = words({"data", "url", "file"});
    // An unknown source makes the client drop the whole content part holding it.
    const QString part = label.left(label.lastIndexOf(QLatin1Char('.')));
    const QString partPath = path.left(path.lastIndexOf(QLatin1Char('/')));
    const QString type = discriminator(o, "type", types, path, label, part, partPath);
    if (type.isEmpty())
        return;
    const FieldSpec typeField = req("type", FieldKind::String, "source kind", "", types);
    QList<FieldSpec> fields = {typeField};
    if (type == QLatin1String("data")) {
        fields << req("value", FieldKind::String, "base64 data")
               << req("mimeType", FieldKind::String, "media type");
    } else if (type == QLatin1String("url")) {
        fields << req("value", FieldKind::String, "URL")
               << opt("mimeType", FieldKind::String, "media type");
    } else {
        fields << req("value", FieldKind::String, "provider-issued file handle")
               << opt("provider", FieldKind::String, "lowercase vendor id")
               << opt("mimeType", FieldKind::String, "media type");
    }
    checkObject(o, fields, path, label, true);
}

void Checker::checkTokenUsage(json::JsonView v, const QString &path, const QString &label)
{
    if (requireObject(*this, v, path, label))
        checkObject(v.toObject(), tokenUsageFields(), path, label, true);
}

void Checker::checkInterrupt(json::JsonView v, const QString &path, const QString &label)
{
    if (requireObject(*this, v, path, label))
        checkObject(v.toObject(), interruptFields(), path, label, true);
}

void Checker::checkTool(json::JsonView v, const QString &path, const QString &label)
{
    if (requireObject(*this, v, path, label))
        checkObject(v.toObject(), toolFields(), path, label, true);
}

void Checker::checkContext(json::JsonView v, const QString &path, const QString &label)
{
    if (requireObject(*this, v, path, label))
        checkObject(v.toObject(), contextFields(), path, label, true);
}

void Checker::checkResume(json::JsonView v, const QString &path, const QString &label)
{
    if (requireObject(*this, v, path, label))
        checkObject(v.toObject(), resumeFields(), path, label, true);
}

void Checker::checkStringItem(json::JsonView v, const QString &path, const QString &label)
{
    if (!v.isString())
        error(v.isNull() ? "schema.null-not-allowed" : "schema.type", path,
              QStringLiteral("'%1' must be a string, got %2").arg(label, describe(v)),
              zodTypeMessage(FieldKind::String, v));
}

void Checker::checkPatchOp(json::JsonView v, const QString &path, const QString &label)
{
    if (!requireObject(*this, v, path, label))
        return;
    const json::JsonView o = v.toObject();
    static const QStringList ops = words({"add", "remove", "replace", "move", "copy", "test"});
    const QString op = discriminator(o, "op", ops, path, label);
    if (op.isEmpty())
        return;
    static const FieldSpec pathField = req("path", FieldKind::String, "RFC 6901 JSON Pointer");
    static const QList<FieldSpec> withValue
        = {pathField, req("value", FieldKind::Any, "the value")};
    static const QList<FieldSpec> withFrom
        = {pathField, req("from", FieldKind::String, "RFC 6901 JSON Pointer")};
    static const QList<FieldSpec> pathOnly = {pathField};
    const bool value = op == QLatin1String("add") || op == QLatin1String("replace")
        || op == QLatin1String("test");
    const bool from = op == QLatin1String("move") || op == QLatin1String("copy");
    const QList<FieldSpec> &fields = value ? withValue : from ? withFrom : pathOnly;
    const qsizetype before = out.size();
    // Extra members on an op are allowed by the schema: not flagged.
    checkObject(o, fields, path, label, false);
    if (out.size() != before)
        return;
    for (const char *key : {"path", "from"}) {
        const json::JsonView pointer = o.value(std::string_view(key));
        if (pointer.isUndefined() || isJsonPointerSyntax(pointer.utf8()))
            continue;
        const QString k = QString::fromLatin1(key);
        error("schema.format", pointerAppend(path, k),
              QStringLiteral("'%1' must be an RFC 6901 JSON Pointer (\"\" or \"/a/b\"), got %2")
                  .arg(labelAppend(label, k), describe(pointer)),
              QStringLiteral("Invalid string: must match pattern /^(\\/([^/~]|~[01])*)*$/"));
    }
}

void Checker::checkRunOutcome(json::JsonView o, const QString &path, const QString &label)
{
    static const QStringList types = words({"success", "interrupt", "cancelled"});
    const QString type = discriminator(o, "type", types, path, label);
    if (type.isEmpty())
        return;
    QList<FieldSpec> fields = {req("type", FieldKind::String, "outcome kind", "", types)};
    if (type == QLatin1String("success"))
        fields << opt("pendingToolCallIds", FieldKind::Array, "calls left unanswered", "string[]");
    else if (type == QLatin1String("interrupt"))
        fields << req("interrupts", FieldKind::Array, "why the run paused (at least one)",
                      "Interrupt[]");
    checkObject(o, fields, path, label, true);
    if (type == QLatin1String("interrupt") && o.value(QStringLiteral("interrupts")).isArray()
        && o.value(QStringLiteral("interrupts")).toArray().isEmpty())
        error("schema.min-items", pointerAppend(path, QStringLiteral("interrupts")),
              QStringLiteral("'%1' must hold at least 1 interrupt on %2")
                  .arg(labelAppend(label, QStringLiteral("interrupts")), where),
              QStringLiteral("Too small: expected array to have >=1 items"));
}

void Checker::checkSubagentOutcome(json::JsonView o, const QString &path, const QString &label)
{
    static const QStringList types = words({"success", "suspended"});
    const QString type = discriminator(o, "type", types, path, label);
    if (type.isEmpty())
        return;
    QList<FieldSpec> fields = {req("type", FieldKind::String, "outcome kind", "", types)};
    if (type == QLatin1String("suspended"))
        fields << opt("interruptIds", FieldKind::Array, "interrupts it waits on", "string[]");
    checkObject(o, fields, path, label, true);
}

} // namespace

Diagnostics validateEvent(const QJsonObject &obj, EventType type)
{
    const json::JsonDoc doc = json::JsonDoc::fromQJson(obj);
    return validateEvent(doc.root(), type);
}

Diagnostics validateEvent(json::JsonView obj, EventType type)
{
    if (type == EventType::Invalid)
        return {};
    Checker c;
    if (type == EventType::Unknown) {
        const QString name = obj.value(QStringLiteral("type")).toString();
        c.add("schema.unknown-type", Severity::Warning, QStringLiteral("/type"),
              QStringLiteral("'%1' is not an AG-UI 1.0 event type; the client drops the event "
                             "(Dropping unrecognised event '%1') (kept here)")
                  .arg(name));
        return c.out;
    }
    const QList<FieldSpec> &fields = allFieldSpecsRef(type);
    const bool legacy = isLegacyType(type);
    // Most events are clean, and that is decided before anything is named (the type's name,
    // paths, labels are only for findings).
    if (!legacy && c.checksClean(obj, fields))
        return {};
    c.where = eventSpec(type).typeName;
    if (legacy) {
        static const QHash<EventType, const char *> replacement = {
            {EventType::ThinkingStart, "REASONING_START"},
            {EventType::ThinkingEnd, "REASONING_END"},
            {EventType::ThinkingTextMessageStart, "REASONING_MESSAGE_START"},
            {EventType::ThinkingTextMessageContent, "REASONING_MESSAGE_CONTENT"},
            {EventType::ThinkingTextMessageEnd, "REASONING_MESSAGE_END"},
        };
        c.add("schema.deprecated", Severity::Warning, QStringLiteral("/type"),
              QStringLiteral("'%1' is a legacy 0.x event type; the client converts it to %2 with "
                             "a client-minted id (Converting deprecated %1 to %2)")
                  .arg(c.where, QString::fromLatin1(replacement.value(type))));
        if (type == EventType::ThinkingStart && obj.contains(QStringLiteral("title")))
            c.add("schema.deprecated", Severity::Warning, QStringLiteral("/title"),
                  QStringLiteral("'title' on THINKING_START is dropped by the client "
                                 "(REASONING_START has no title): Dropping THINKING_START.title"));
    }
    c.checkObject(obj, fields, QString(), QString(), true);
    // Attribution is "not defined" on RUN_* and MESSAGES_SNAPSHOT: checkObject already reported
    // a subagentRunId there as an unknown field (the client strips it).
    return c.out;
}

Diagnostics validateMessage(const QJsonValue &message, const QString &path)
{
    const json::JsonDoc doc = json::JsonDoc::fromQJson(message);
    return validateMessage(doc.root(), path);
}

Diagnostics validateMessage(json::JsonView message, const QString &path)
{
    Checker c;
    c.where = QStringLiteral("message");
    c.checkMessage(message, path, QStringLiteral("message"));
    return c.out;
}

Diagnostics validateMessages(const QJsonValue &messages, const QString &path)
{
    const json::JsonDoc doc = json::JsonDoc::fromQJson(messages);
    return validateMessages(doc.root(), path);
}

Diagnostics validateMessages(json::JsonView messages, const QString &path)
{
    Checker c;
    c.where = QStringLiteral("messages");
    FieldSpec f = req("messages", FieldKind::Array, "messages", "Message[]");
    c.checkValue(messages, f, path, QStringLiteral("messages"));
    return c.out;
}

Diagnostics validateJsonPatch(const QJsonValue &patch, const QString &path)
{
    const json::JsonDoc doc = json::JsonDoc::fromQJson(patch);
    return validateJsonPatch(doc.root(), path);
}

Diagnostics validateJsonPatch(json::JsonView patch, const QString &path)
{
    Checker c;
    c.where = QStringLiteral("JSON Patch");
    FieldSpec f = req("patch", FieldKind::Array, "patch operations", "JsonPatch");
    c.checkValue(patch, f, path, QStringLiteral("patch"));
    return c.out;
}

Diagnostics validateRunAgentInputSchema(const QJsonObject &input)
{
    const json::JsonDoc doc = json::JsonDoc::fromQJson(input);
    Checker c;
    c.where = QStringLiteral("RunAgentInput");
    c.checkObject(doc.root(), runAgentInputFields(), QString(), QString(), true);
    return c.out;
}

bool isJsonPointerSyntax(std::string_view pointer)
{
    // "" or "/"-separated tokens in which every '~' starts "~0" or "~1".
    if (pointer.empty())
        return true;
    if (pointer.front() != '/')
        return false;
    for (size_t i = 0; i < pointer.size(); ++i)
        if (pointer[i] == '~'
            && (i + 1 >= pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')))
            return false;
    return true;
}

bool isJsonPointerSyntax(const QString &pointer)
{
    const QByteArray utf8 = pointer.toUtf8();
    return isJsonPointerSyntax(std::string_view(utf8.constData(), size_t(utf8.size())));
}

QString pointerAppend(const QString &base, const QString &key)
{
    QString escaped = key;
    escaped.replace(QLatin1Char('~'), QStringLiteral("~0"));
    escaped.replace(QLatin1Char('/'), QStringLiteral("~1"));
    return base + QLatin1Char('/') + escaped;
}

QString pointerAppend(const QString &base, qsizetype index)
{
    return base + QLatin1Char('/') + QString::number(index);
}

} // namespace agui
