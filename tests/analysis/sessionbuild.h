#pragma once

// The analysis tests' small sessions: events written as JSON, folded into a Session.

#include "core/analysis/sessiondiff.h"
#include "core/session/session.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <memory>

namespace agui::test {

inline QJsonObject ev(const char *json)
{
    return QJsonDocument::fromJson(json).object();
}

inline std::unique_ptr<Session> sessionOf(const QList<QJsonObject> &events)
{
    auto session = std::make_unique<Session>();
    for (const QJsonObject &o : events) {
        Event e;
        e.typeName = o.value(QLatin1String("type")).toString();
        e.type = eventTypeFromName(e.typeName);
        e.json = o;
        e.payload = QJsonDocument(o).toJson(QJsonDocument::Compact);
        e.raw = "data: " + e.payload + "\n\n";
        session->append(e);
    }
    session->finish();
    return session;
}

// A small run: text, a tool call with a result, a state snapshot.
inline QList<QJsonObject> baseRun()
{
    return {
        ev(R"({"type":"RUN_STARTED","threadId":"t1","runId":"r1","timestamp":1000})"),
        ev(R"({"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant","timestamp":1001})"),
        ev(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Hello world","timestamp":1002})"),
        ev(R"({"type":"TEXT_MESSAGE_END","messageId":"m1","timestamp":1003})"),
        ev(R"({"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"weather","parentMessageId":"m1","timestamp":1004})"),
        ev("{\"type\":\"TOOL_CALL_ARGS\",\"toolCallId\":\"c1\",\"delta\":\"{\\\"city\\\":"
           "\\\"Paris\\\"}\",\"timestamp\":1005}"),
        ev(R"({"type":"TOOL_CALL_END","toolCallId":"c1","timestamp":1006})"),
        ev(R"({"type":"TOOL_CALL_RESULT","messageId":"tm1","toolCallId":"c1","content":"sunny","timestamp":1007})"),
        ev(R"({"type":"STATE_SNAPSHOT","snapshot":{"count":1,"name":"x"},"timestamp":1008})"),
        ev(R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r1","timestamp":1009})")};
}

inline QString dump(const analysis::SessionDiff &d)
{
    QStringList lines;
    for (const analysis::DiffItem &i : d.items)
        lines.append(i.section + QLatin1Char(' ') + analysis::describeDiffItem(i));
    return lines.join(QLatin1Char('\n'));
}

} // namespace agui::test
