#include "core/session/toolargs.h"

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
    // QJsonDocument parses only arrays and objects; wrapping in [...] accepts any JSON value
    // and a result with more than one element means the text was not one value.
    const QByteArray wrapped = '[' + call.args.toUtf8() + ']';
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
