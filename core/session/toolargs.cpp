#include "core/session/toolargs.h"

#include "core/json/jsonparser.h"
#include "core/json/jsontext.h"
#include "core/platform/threadlocal.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>

namespace agui {

namespace {

// The value of arguments JSON.parse accepts. Qt reads an object or array straight from the text,
// which costs less than rebuilding it from the view (that writes the text again first); the view
// serves scalars and the few texts Qt's parser refuses (1e400).
QJsonValue parsedValue(const QByteArray &utf8, const json::JsonView &root)
{
    if (root.isObject() || root.isArray()) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(utf8, &error);
        if (error.error == QJsonParseError::NoError)
            return doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
    }
    return root.toQJsonValue();
}

struct ToolArgsDocument; // this file's own document (platform::threadLocal's tag)

} // namespace

ToolArgsReading readToolArgs(const QByteArray &utf8, bool wantValue)
{
    ToolArgsReading reading;
    json::JsonParser &parser = platform::threadLocal<json::JsonParser>();
    json::JsonDoc &parsed = platform::threadLocal<json::JsonDoc, ToolArgsDocument>();
    if (parser.parse(utf8, parsed).ok()) {
        reading.ok = true;
        if (wantValue)
            reading.value = parsedValue(utf8, parsed.root());
        return reading;
    }
    // Qt's parser reads only arrays and objects at the top level: wrapped in [...] any JSON value
    // parses, more than one element means several values, and offsets shift back by one byte.
    const QByteArray wrapped = '[' + utf8 + ']';
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(wrapped, &error);
    if (error.error != QJsonParseError::NoError) {
        reading.parseError = error.errorString();
        reading.offset = std::clamp<qsizetype>(error.offset - 1, 0, utf8.size());
        return reading;
    }
    const QJsonArray array = doc.array();
    reading.valueCount = array.size();
    // JsonParser refuses documents nested deeper than it allows; Qt reads them.
    reading.ok = array.size() == 1;
    if (reading.ok && wantValue)
        reading.value = array.at(0);
    return reading;
}

void parseToolArgs(ToolCall &call)
{
    call.argsAreJson = false;
    QString error;
    QString compact;
    if (call.args.trimmed().isEmpty()) {
        error = QStringLiteral("the arguments are empty, not JSON");
    } else {
        const ToolArgsReading reading = readToolArgs(call.args.toUtf8(), /*wantValue=*/true);
        if (reading.ok) {
            call.argsAreJson = true;
            compact = json::toCompactJson(*reading.value);
            if (compact == call.args)
                compact.clear();
        } else if (!reading.parseError.isEmpty()) {
            error = QStringLiteral("the arguments are not valid JSON: %1 at byte %2")
                        .arg(reading.parseError)
                        .arg(reading.offset);
        } else {
            error = QStringLiteral("the arguments are not one JSON value");
        }
    }
    call.rareMembers.set(&ToolCallRare::argsError, std::move(error));
    call.rareMembers.set(&ToolCallRare::compactArgs, std::move(compact));
}

std::optional<QJsonValue> parsedToolArgs(const ToolCall &call)
{
    if (!call.argsAreJson)
        return std::nullopt;
    return readToolArgs(call.args.toUtf8(), /*wantValue=*/true).value;
}

QString toolArgsText(const ToolCall &call)
{
    const QString &compact = call.rare().compactArgs;
    return call.argsAreJson && !compact.isEmpty() ? compact : call.args;
}

} // namespace agui
