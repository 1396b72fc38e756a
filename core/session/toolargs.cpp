#include "core/session/toolargs.h"

#include "core/json/jsonparser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

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

} // namespace

void parseToolArgs(ToolCall &call)
{
    call.parsedArgs.reset();
    call.argsError.clear();
    if (call.args.trimmed().isEmpty()) {
        call.argsError = QStringLiteral("the arguments are empty, not JSON");
        return;
    }
    // The client reads them with JSON.parse, whose verdict our parser gives (1e400 is Infinity,
    // which Qt's parser calls an illegal number).
    const QByteArray utf8 = call.args.toUtf8();
    thread_local json::JsonParser parser;
    thread_local json::JsonDoc parsed;
    if (parser.parse(utf8, parsed).ok()) {
        call.parsedArgs = parsedValue(utf8, parsed.root());
        return;
    }
    // Qt's parser words the failure. It reads only arrays and objects; wrapping in [...] accepts
    // any JSON value, and more than one element means the text was not one value.
    const QByteArray wrapped = '[' + utf8 + ']';
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(wrapped, &error);
    if (error.error != QJsonParseError::NoError) {
        call.argsError = QStringLiteral("the arguments are not valid JSON: %1 at byte %2")
                             .arg(error.errorString())
                             .arg(qMax(0, error.offset - 1));
        return;
    }
    const QJsonArray array = doc.array();
    if (array.size() != 1) {
        call.argsError = QStringLiteral("the arguments are not one JSON value");
        return;
    }
    call.parsedArgs = array.at(0);
}

} // namespace agui
