#include "core/session/toolargs.h"

#include "core/json/jsonparser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace agui {

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
        call.parsedArgs = parsed.root().toQJsonValue();
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
