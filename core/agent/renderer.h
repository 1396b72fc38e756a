#pragma once

// Internal agent events -> AG-UI events: the C++ port of the seed module
// SuperPi.Event.Renderer.AGUI (port contract B; input format in docs/internal-events.md).
// A fold: render(event) returns the AG-UI events that one internal event produces, keeping the
// open streams and a small state projection between calls.

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace agui {

class Renderer
{
public:
    struct Options
    {
        QString threadId; // overrides turn_started.thread_id when set
        QString runId; // overrides the default (the turn id) when set
        std::optional<QJsonObject> projection; // initial projection (see initialProjection)
        std::function<QJsonArray()> messages; // MESSAGES_SNAPSHOT source on compaction
        // Not in the seed: send STATE_SNAPSHOT right after each RUN_STARTED, so a client that
        // starts with no state can apply the deltas that follow (the demo agent sets it).
        bool snapshotOnTurnStart = false;
    };

    struct Result
    {
        QList<QJsonObject> events;
        QString error; // empty when the input event was understood; names the field at fault
    };

    Renderer();
    explicit Renderer(Options options);

    // The AG-UI events for one internal event. An event that is not understood (not an object
    // with a known "type", a required field missing or of the wrong JSON kind) produces no
    // events and an error; the renderer's state is then unchanged.
    Result render(const QJsonObject &internalEvent);

    // STATE_SNAPSHOT of the current projection; marks it sent, so the next delta is relative
    // to it.
    QJsonObject snapshot();

    const QJsonObject &projection() const { return m_projection; }
    // The projection the client holds (last snapshot or delta sent).
    const QJsonObject &sentProjection() const { return m_sent; }

    // {status:"idle", mode:null, model:null, usage:{}, plan:[], pendingPermission:null}
    static QJsonObject defaultProjection();
    // A projection read from stored documents: the six keys taken from `documents` when
    // present (any other key ignored), the defaults otherwise.
    static QJsonObject initialProjection(const QJsonObject &documents);

    // Merges each maximal run of consecutive TEXT_MESSAGE_CONTENT of one messageId (and of
    // TOOL_CALL_ARGS of one toolCallId) into one event; order otherwise preserved; the merged
    // event keeps the first one's other fields.
    static QList<QJsonObject> coalesce(const QList<QJsonObject> &events);

    // Ids the renderer derives (AG-UI needs ids the internal events do not carry).
    static QString reasoningIdFor(const QString &messageId); // "<id>-reasoning"
    static QString toolResultIdFor(const QString &toolCallId); // "<id>-result"

private:
    void startTurn(const QJsonObject &e, QList<QJsonObject> &out);
    void closeOpenStreams(QList<QJsonObject> &out);
    void closeMessage(const QString &messageId, QList<QJsonObject> &out);
    void ensureToolCallStarted(const QString &callId, const QString &name,
                               const QString &parentMessageId, QList<QJsonObject> &out);
    void endToolCall(const QString &callId, QList<QJsonObject> &out);
    void emitStateDelta(QList<QJsonObject> &out);

    Options m_options;
    QJsonObject m_projection;
    QJsonObject m_sent;
    QString m_threadId;
    QString m_runId;
    QStringList m_openText; // open text messages, in start order
    QStringList m_openReasoning; // open reasoning messages (internal message ids), start order
    QStringList m_openCalls; // tool calls started and not ended, in start order
    QSet<QString> m_endedCalls; // tool calls whose arguments are complete, this turn
    bool m_turnOpen = false; // between turn_started and turn_completed/_error/_cancelled
};

} // namespace agui
