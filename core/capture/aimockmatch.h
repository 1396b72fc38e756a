#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace agui {

// The match conditions of one CopilotKit aimock AG-UI fixture (@copilotkit/aimock 1.43.0,
// AGUIFixtureMatch in dist/agui-types.d.ts; the four a fixture file can hold, as its config
// loader reads them). aimock serves a request the events of the first fixture whose conditions
// all hold (dist/agui-handler.js, matchesFixture / findFixture); no condition matches anything.
struct AimockMatch
{
    std::optional<QString> message; // the last user message's text contains it
    std::optional<QString> toolCallId; // the last message is a tool result for this call
    std::optional<QString> toolName; // the request offers a tool of this name
    std::optional<QString> stateKey; // the request's state is an object with this member

    bool isEmpty() const { return !message && !toolCallId && !toolName && !stateKey; }
    QJsonObject toJson() const; // in the order above, absent conditions left out
    static AimockMatch fromJson(const QJsonObject &match); // string members only
    friend bool operator==(const AimockMatch &, const AimockMatch &) = default;
};

// The header of an imported run's request that holds its fixture's match as written (compact
// JSON), so that writing the capture as a fixture file again keeps the conditions exactly.
inline constexpr char kAimockMatchHeader[] = "X-Aimock-Match";

// The text aimock matches `message` against: the last user message with text, its string
// content or its text parts joined by spaces (extractLastUserMessage in dist/agui-handler.js).
QString aimockLastUserText(const QJsonObject &runAgentInput);

// Whether aimock would serve a request with this RunAgentInput from a fixture with this match.
bool aimockMatches(const QJsonObject &runAgentInput, const AimockMatch &match);

// The conditions a fixture made from a recorded request gets: `message`, the last user
// message's text, and `toolCallId` when the last message is a tool result (the two aimock's own
// recorder keys fixtures on, dist/agui-recorder.js; both when both are there, so fewer
// fixtures answer for each other). Empty when the body is not a RunAgentInput with either.
AimockMatch aimockMatchForRequest(const QJsonObject &runAgentInput);

// A RunAgentInput that the fixture's match accepts: a user message with `message`, a tool
// result for `toolCallId` after it, a tool named `toolName`, a state with a `stateKey` member;
// threadId and runId as given, message ids made from `fixtureIndex`. Without a `stateKey` it has
// no "state" member, so a session carries the thread's state on from the runs before it (as the
// front end that sends the request would). Compact JSON with a fixed member order.
QByteArray aimockRequestFor(const AimockMatch &match, const QString &threadId, const QString &runId,
                            int fixtureIndex);

} // namespace agui
