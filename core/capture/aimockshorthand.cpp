#include "core/capture/aimockshorthand.h"

#include "core/capture/jsontext.h"

namespace agui {

QList<QByteArray> aimockTextResponse(const QString &text, int fixtureIndex)
{
    const QByteArray n = QByteArray::number(fixtureIndex);
    const QByteArray ids
        = R"("threadId":"aimock-thread-)" + n + R"(","runId":"aimock-run-)" + n + '"';
    const QByteArray message = R"("messageId":"aimock-message-)" + n + '"';
    return {
        R"({"type":"RUN_STARTED",)" + ids + '}',
        R"({"type":"TEXT_MESSAGE_START",)" + message + R"(,"role":"assistant"})",
        R"({"type":"TEXT_MESSAGE_CONTENT",)" + message + R"(,"delta":)" + capturejson::quoted(text)
            + '}',
        R"({"type":"TEXT_MESSAGE_END",)" + message + '}',
        R"({"type":"RUN_FINISHED",)" + ids + '}',
    };
}

} // namespace agui
