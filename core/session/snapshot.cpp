#include "core/session/snapshot.h"

namespace agui {

QString runStatusName(RunStatus status)
{
    switch (status) {
    case RunStatus::Running:
        return QStringLiteral("running");
    case RunStatus::Finished:
        return QStringLiteral("finished");
    case RunStatus::Errored:
        return QStringLiteral("errored");
    case RunStatus::Truncated:
        return QStringLiteral("truncated");
    }
    return {};
}

QString toolCallStatusName(ToolCallStatus status)
{
    switch (status) {
    case ToolCallStatus::StreamingArgs:
        return QStringLiteral("streaming-args");
    case ToolCallStatus::ArgsComplete:
        return QStringLiteral("args-complete");
    case ToolCallStatus::Answered:
        return QStringLiteral("answered");
    }
    return {};
}

QString subagentStatusName(SubagentStatus status)
{
    switch (status) {
    case SubagentStatus::Running:
        return QStringLiteral("running");
    case SubagentStatus::Finished:
        return QStringLiteral("finished");
    case SubagentStatus::Errored:
        return QStringLiteral("errored");
    }
    return {};
}

namespace {

// Content kept as a string or as JSON (a message's, a tool call's result), as one value.
QJsonValue contentValue(ContentKind kind, const QString &text, const QJsonValue &json)
{
    switch (kind) {
    case ContentKind::Absent:
        return QJsonValue(QJsonValue::Undefined);
    case ContentKind::Text:
        return QJsonValue(text);
    case ContentKind::Json:
        return json;
    }
    return QJsonValue(QJsonValue::Undefined);
}

} // namespace

QJsonValue ToolCall::result() const
{
    return contentValue(resultKind, resultString, rare().resultJson);
}

void ToolCall::setResult(const QJsonValue &content)
{
    resultKind = content.isString() ? ContentKind::Text
        : content.isUndefined()     ? ContentKind::Absent
                                    : ContentKind::Json;
    resultString = content.isString() ? content.toString() : QString();
    rareMembers.set(&ToolCallRare::resultJson,
                    resultKind == ContentKind::Json ? content : QJsonValue());
}

void ToolCall::setResult(const Message &toolMessage)
{
    resultKind = toolMessage.contentKind;
    resultString = resultKind == ContentKind::Text ? toolMessage.text : QString();
    rareMembers.set(&ToolCallRare::resultJson,
                    resultKind == ContentKind::Json ? toolMessage.rare().contentJson
                                                    : QJsonValue());
}

QJsonValue Message::content() const
{
    return contentValue(contentKind, text, rare().contentJson);
}

QList<ThreadInfo> SessionSnapshot::threads() const
{
    QList<ThreadInfo> result;
    for (qsizetype i = 0; i < m_runs.size(); ++i) {
        const QString &thread = m_runs.at(i).threadId;
        auto it = std::find_if(result.begin(), result.end(),
                               [&](const ThreadInfo &t) { return t.threadId == thread; });
        if (it == result.end()) {
            result.append(ThreadInfo {thread, {}});
            it = result.end() - 1;
        }
        it->runIndexes.append(int(i));
    }
    return result;
}

qsizetype SessionSnapshot::messagePosition(const QString &id) const
{
    Q_ASSERT(m_indexed);
    return lookup(m_messagePos, keyOf(id));
}

const Message *SessionSnapshot::findMessage(const QString &id) const
{
    const qsizetype pos = messagePosition(id);
    return pos < 0 ? nullptr : &message(pos);
}

const ToolCall *SessionSnapshot::findToolCall(const QString &id) const
{
    const qsizetype i = toolCallIndex(id);
    return i < 0 ? nullptr : &m_toolCalls.at(i);
}

qsizetype SessionSnapshot::toolCallIndex(const QString &id) const
{
    Q_ASSERT(m_indexed);
    return lookup(m_toolCallIdx, keyOf(id));
}

qsizetype SessionSnapshot::findSubagent(const QString &subagentRunId) const
{
    Q_ASSERT(m_indexed);
    return lookup(m_subagentIdx, keyOf(subagentRunId));
}

IdKeys &SessionSnapshot::keys()
{
    if (!m_keys)
        m_keys = std::make_shared<IdKeys>();
    return *m_keys;
}

void SessionSnapshot::store(QList<qint32> &index, qint32 key, qint32 value)
{
    if (key >= index.size())
        index.resize(key + 1, -1);
    index[key] = value;
}

int SessionSnapshot::appendRun(Run run)
{
    m_currentRun = int(m_runs.append(std::move(run)));
    return m_currentRun;
}

void SessionSnapshot::appendMessage(Message message)
{
    ++m_generation;
    const qint32 key = keys().intern(message.id);
    const auto slot = qint32(m_messages.append(std::move(message)));
    m_messageKeys.append(key);
    m_order.append(slot);
    // The client's look-ups (Array.find) see the first message with an id.
    if (lookup(m_messagePos, key) < 0)
        store(m_messagePos, key, qint32(m_order.size() - 1));
}

void SessionSnapshot::insertMessage(qsizetype position, Message message)
{
    ++m_generation;
    if (position >= m_order.size()) {
        appendMessage(std::move(message));
        return;
    }
    const qint32 key = keys().intern(message.id);
    const auto slot = qint32(m_messages.append(std::move(message)));
    m_messageKeys.append(key);
    m_order.insert(position, slot);
    reindexFrom(position);
}

void SessionSnapshot::replaceMessage(qsizetype position, Message message)
{
    ++m_generation;
    const qint32 slotIndex = m_order.at(position);
    Message &slot = m_messages.ref(slotIndex);
    const bool sameId = slot.id == message.id;
    if (!sameId)
        m_messageKeys.set(slotIndex, keys().intern(message.id));
    slot = std::move(message);
    if (!sameId)
        reindexFrom(position);
}

void SessionSnapshot::retainMessages(const QList<qsizetype> &positions)
{
    ++m_generation;
    // Messages before the first one that moves keep their positions and their index entries: a
    // MESSAGES_SNAPSHOT mostly drops recent messages of a long thread, so re-indexing from there
    // is O(tail). Entries of ids first seen at or past it are stale (reindexFrom's rule).
    qsizetype first = 0;
    while (first < positions.size() && positions.at(first) == first)
        ++first;
    for (qsizetype p = first; p < m_order.size(); ++p) {
        const qint32 key = m_messageKeys.at(m_order.at(p));
        if (lookup(m_messagePos, key) >= first)
            store(m_messagePos, key, -1);
    }
    QList<qint32> order;
    order.reserve(positions.size());
    for (qsizetype p : positions)
        order.append(m_order.at(p));
    m_order.assign(order);
    reindexFrom(first);
}

void SessionSnapshot::reindexFrom(qsizetype position)
{
    // Entries pointing at or past position are stale; they all belong to ids of the messages
    // now at or past position (ids first seen before it keep theirs). O(tail), not O(thread).
    for (qsizetype p = position; p < m_order.size(); ++p) {
        const qint32 key = m_messageKeys.at(m_order.at(p));
        if (lookup(m_messagePos, key) >= position)
            store(m_messagePos, key, -1);
    }
    for (qsizetype p = position; p < m_order.size(); ++p) {
        const qint32 key = m_messageKeys.at(m_order.at(p));
        if (lookup(m_messagePos, key) < 0)
            store(m_messagePos, key, qint32(p));
    }
}

qsizetype SessionSnapshot::appendToolCall(ToolCall call)
{
    const qint32 key = keys().intern(call.id);
    const qsizetype i = m_toolCalls.append(std::move(call));
    m_toolCallKeys.append(key);
    store(m_toolCallIdx, key, qint32(i));
    return i;
}

void SessionSnapshot::setState(const QJsonValue &state, qint64 seq)
{
    m_state.value = state;
    m_hasState = true;
    m_stateSeq = seq;
}

qsizetype SessionSnapshot::appendStep(Step step)
{
    return m_steps.append(std::move(step));
}

qsizetype SessionSnapshot::appendReasoningSpan(ReasoningSpan span)
{
    return m_spans.append(std::move(span));
}

qsizetype SessionSnapshot::appendSubagent(Subagent subagent)
{
    const qint32 key = keys().intern(subagent.subagentRunId);
    const qsizetype i = m_subagents.append(std::move(subagent));
    m_subagentKeys.append(key);
    store(m_subagentIdx, key, qint32(i));
    return i;
}

void SessionSnapshot::dropIndexes()
{
    m_messagePos = {};
    m_toolCallIdx = {};
    m_subagentIdx = {};
    m_indexed = false;
}

void SessionSnapshot::rebuildIndexes()
{
    ++m_generation;
    const qint32 keyCount = m_keys ? m_keys->size() : 0;
    // Slot -> key read out once in order: m_messageKeys.at() per slot would search its chunks.
    QList<qint32> slotKeys(m_messageKeys.size());
    qint32 *slotKey = slotKeys.data();
    m_messageKeys.forEach([slotKey](qsizetype slot, qint32 key) { slotKey[slot] = key; });
    m_messagePos.fill(-1, keyCount);
    qint32 *messagePos = m_messagePos.data();
    m_order.forEach([slotKey, messagePos](qsizetype position, qint32 slot) {
        qint32 &at = messagePos[slotKey[slot]];
        if (at < 0)
            at = qint32(position);
    });
    const auto byIndex = [keyCount](QList<qint32> &index, const ChunkedOrder &keys) {
        index.fill(-1, keyCount);
        qint32 *data = index.data();
        keys.forEach([data](qsizetype i, qint32 key) { data[key] = qint32(i); }); // last wins
    };
    byIndex(m_toolCallIdx, m_toolCallKeys);
    byIndex(m_subagentIdx, m_subagentKeys);
    m_indexed = true;
}

bool operator==(const SessionSnapshot &a, const SessionSnapshot &b)
{
    if (a.m_lastSeq != b.m_lastSeq || a.m_currentRun != b.m_currentRun
        || a.m_hasState != b.m_hasState || a.m_stateSeq != b.m_stateSeq
        || a.m_order.size() != b.m_order.size())
        return false;
    if (!(a.m_state.value == b.m_state.value))
        return false;
    for (qsizetype i = 0; i < a.m_order.size(); ++i)
        if (!(a.message(i) == b.message(i)))
            return false;
    return a.m_runs == b.m_runs && a.m_toolCalls == b.m_toolCalls && a.m_steps == b.m_steps
        && a.m_spans == b.m_spans && a.m_subagents == b.m_subagents;
}

namespace {

// The members the client's schema (@ag-ui/core 1.0.0) allows per role: its enforce stage
// strips every other key, so agent.messages never holds them. The model keeps them (Message::extra,
// ToolCall::extra); this view, like agent.messages, leaves them out.
bool allowedKey(const QString &role, QLatin1StringView key)
{
    static const QLatin1StringView kCommon[]
        = {QLatin1String("id"), QLatin1String("role"), QLatin1String("metadata"),
           QLatin1String("subagentRunId")};
    for (QLatin1StringView k : kCommon)
        if (key == k)
            return true;
    const bool content = key == QLatin1String("content");
    const bool encrypted = key == QLatin1String("encryptedValue");
    if (role == QLatin1String("activity"))
        return content || key == QLatin1String("activityType");
    if (role == QLatin1String("reasoning"))
        return content || encrypted;
    if (role == QLatin1String("tool"))
        return content || encrypted || key == QLatin1String("toolCallId")
            || key == QLatin1String("error");
    if (role == QLatin1String("assistant"))
        return content || encrypted || key == QLatin1String("name")
            || key == QLatin1String("toolCalls");
    if (role == QLatin1String("user") || role == QLatin1String("system")
        || role == QLatin1String("developer"))
        return content || encrypted || key == QLatin1String("name");
    return true; // a role the schema does not know: the client rejects the event; show it all
}

QJsonObject toolCallAsAgUi(const SessionSnapshot &snapshot, const QString &id)
{
    const ToolCall *call = snapshot.findToolCall(id);
    QJsonObject obj;
    obj.insert(QLatin1String("id"), id);
    obj.insert(QLatin1String("type"), QLatin1String("function"));
    QJsonObject function;
    function.insert(QLatin1String("name"), call ? call->name : QString());
    function.insert(QLatin1String("arguments"), call ? call->args : QString());
    obj.insert(QLatin1String("function"), function);
    static const ToolCallRare kNone;
    const ToolCallRare &rare = call ? call->rare() : kNone;
    if (!rare.encryptedValue.isEmpty())
        obj.insert(QLatin1String("encryptedValue"), rare.encryptedValue);
    if (rare.metadata)
        obj.insert(QLatin1String("metadata"), *rare.metadata);
    return obj;
}

} // namespace

QJsonObject messageAsAgUi(const SessionSnapshot &snapshot, const Message &m)
{
    QJsonObject obj;
    const MessageRare &rare = m.rare();
    // Schema members kept verbatim in extra (e.g. an empty "name": "" or a non-string value).
    for (auto it = rare.extra.constBegin(); it != rare.extra.constEnd(); ++it) {
        const QString key = it.key();
        if (allowedKey(m.role, QLatin1StringView(key.toLatin1())))
            obj.insert(key, it.value());
    }
    auto put = [&](QLatin1StringView key, const QJsonValue &value) {
        if (allowedKey(m.role, key))
            obj.insert(key, value);
    };
    auto optional = [&](QLatin1StringView key, const QString &value) {
        if (!value.isEmpty())
            put(key, value);
    };
    put(QLatin1String("id"), m.id);
    put(QLatin1String("role"), m.role);
    if (m.contentKind != ContentKind::Absent)
        put(QLatin1String("content"), m.content());
    optional(QLatin1String("name"), rare.name);
    if (m.hasToolCalls) {
        QJsonArray calls;
        for (const QString &id : m.toolCalls)
            calls.append(toolCallAsAgUi(snapshot, id));
        put(QLatin1String("toolCalls"), calls);
    }
    optional(QLatin1String("toolCallId"), m.toolCallId);
    if (m.isActivity())
        put(QLatin1String("activityType"), rare.activityType);
    else
        optional(QLatin1String("activityType"), rare.activityType);
    optional(QLatin1String("encryptedValue"), rare.encryptedValue);
    optional(QLatin1String("error"), rare.error);
    optional(QLatin1String("subagentRunId"), rare.subagentRunId);
    if (rare.metadata)
        put(QLatin1String("metadata"), *rare.metadata);
    return obj;
}

QJsonArray messagesAsAgUi(const SessionSnapshot &snapshot)
{
    QJsonArray result;
    for (qsizetype i = 0; i < snapshot.messageCount(); ++i)
        result.append(messageAsAgUi(snapshot, snapshot.message(i)));
    return result;
}

} // namespace agui
