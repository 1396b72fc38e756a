#include "core/otel/tracemapping.h"

#include "core/otel/attributenames.h"
#include "core/session/session.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

#include <algorithm>

namespace agui::otel {

namespace {

using namespace names;

// Span events one span keeps of its findings, as an SDK's default span event limit
// (OTEL_SPAN_EVENT_COUNT_LIMIT, 128): past it they are counted in droppedEventsCount.
constexpr qsizetype kMaxSpanEvents = 128;

quint64 toNs(qint64 us)
{
    return us < 0 ? 0 : quint64(us) * 1000;
}

void add(Attributes &attributes, QLatin1StringView key, Value value)
{
    attributes.append({QString(key), std::move(value)});
}

void addIfSet(Attributes &attributes, QLatin1StringView key, const QString &value)
{
    if (!value.isEmpty())
        add(attributes, key, value);
}

QString compactJson(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    return QString::fromUtf8(QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact))
        .mid(1)
        .chopped(1);
}

// The URL as a span may show it: no credentials, no query (tokens travel there).
QString safeUrl(const QString &url)
{
    QUrl u(url);
    return u.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment).toString();
}

QByteArray idSeed(const QList<QByteArray> &parts)
{
    QByteArray seed("agui-inspector/otel/1");
    for (const QByteArray &p : parts)
        seed += '|' + p;
    return seed;
}

QByteArray number(qint64 n)
{
    return QByteArray::number(n);
}

QByteArray clientSpanSeed(const QByteArray &traceId)
{
    return idSeed({"client-span", traceId.toHex()});
}

// A run's place in the trace: its ids and its parent.
struct RunIds
{
    QByteArray traceId;
    QByteArray spanId;
    QByteArray parentSpanId;
};

// Items of a snapshot by the run that holds them, gathered in one pass each.
struct RunItems
{
    QList<qsizetype> steps, subagents, toolCalls, messages, reasoning;
    QList<qsizetype> findings;
    qint64 firstTextSeq = -1;
    const Session::ClientRejection *rejection = nullptr; // where the client stopped, if it did
};

class SpanMaker
{
public:
    SpanMaker(const TraceSource &source, const TraceOptions &options)
        : m_src(source)
        , m_options(options)
        , m_session(*source.session)
        , m_model(source.session->current())
        , m_store(source.session->events())
    { }

    QList<Span> make(int onlyExchange);

private:
    int exchangeOf(qint64 seq) const
    {
        return seq >= 0 && seq < m_src.exchangeOfSeq.size() ? m_src.exchangeOfSeq[seq] : -1;
    }
    const RunRecording *recordingOf(int exchange) const
    {
        if (!m_src.capture || exchange < 0 || exchange >= m_src.capture->runs.size())
            return nullptr;
        return &m_src.capture->runs[exchange];
    }
    // The event's time on the session's clock; without any clock, one microsecond per event
    // from the epoch, so the spans keep their order and nesting (docs/otel.md says so).
    qint64 timeOf(qint64 seq) const
    {
        if (m_src.clock.source == analysis::TimeSource::None)
            return seq < 0 ? 0 : seq;
        return m_src.clock.at(seq);
    }
    bool hasArrival() const { return m_src.clock.source == analysis::TimeSource::Arrival; }

    void gather();
    RunIds idsOf(int run, const QByteArray &seed);
    Span runSpan(int run, const RunItems &items, const RunIds &ids);
    Span exchangeSpan(int exchange);
    Span child(const Span &parent, const QByteArray &key, const QString &name, qint64 startSeq,
               qint64 endSeq, qint64 fallbackEndUs) const;
    void addChildren(const RunItems &items, const Span &runSpan, QList<Span> &out) const;
    void addToolCall(const ToolCall &call, const Span &parent, qint64 runEndUs,
                     QList<Span> &out) const;
    void addSubagent(const Subagent &agent, const Span &parent, qint64 runEndUs,
                     QList<Span> &out) const;
    void addMessage(const Message &message, const Span &parent, qint64 runEndUs,
                    QList<Span> &out) const;
    void addFindings(const QList<qsizetype> &findings, Span &span) const;
    void addStalls(int exchange, int run, Span &span) const;
    void markBroken(int run, Span &span) const;
    void addUsage(const RunRare &rare, Attributes &attributes) const;
    void addRequest(int exchange, Attributes &attributes) const;

    const TraceSource &m_src;
    const TraceOptions &m_options;
    const Session &m_session;
    const SessionSnapshot &m_model;
    const EventStore &m_store;
    QList<RunItems> m_items; // by run
    QHash<QString, qint64> m_firstTextOfMessage;
    QList<qsizetype> m_findingsOutsideRuns;
    QHash<int, int> m_firstRunOfExchange;
    QHash<int, const analysis::ExchangeTiming *> m_timingOfExchange;
};

void SpanMaker::gather()
{
    m_items.resize(m_model.runCount());
    const auto bucket = [this](int run, QList<qsizetype> RunItems::*list, qsizetype index) {
        if (run >= 0 && run < m_items.size())
            (m_items[run].*list).append(index);
    };
    for (qsizetype i = 0; i < m_model.stepCount(); ++i)
        bucket(m_model.step(i).runIndex, &RunItems::steps, i);
    for (qsizetype i = 0; i < m_model.subagentCount(); ++i)
        bucket(m_model.subagent(i).runIndex, &RunItems::subagents, i);
    for (qsizetype i = 0; i < m_model.toolCallCount(); ++i)
        bucket(m_model.toolCall(i).runIndex, &RunItems::toolCalls, i);
    for (qsizetype i = 0; i < m_model.messageCount(); ++i)
        bucket(m_model.message(i).runIndex, &RunItems::messages, i);
    for (qsizetype i = 0; i < m_model.reasoningSpanCount(); ++i)
        bucket(m_model.reasoningSpan(i).runIndex, &RunItems::reasoning, i);
    const Findings &findings = m_session.findings();
    for (qsizetype i = 0; i < findings.size(); ++i) {
        const qint64 seq = findings[i].eventIndex;
        const int run = seq >= 0 ? m_store.runIndex(seq) : int(m_model.runCount()) - 1;
        if (run >= 0 && run < m_items.size())
            m_items[run].findings.append(i);
        else
            m_findingsOutsideRuns.append(i);
    }
    // The first text token of each run and message: one pass over the event types.
    for (qint64 seq = 0; seq < m_store.size(); ++seq) {
        const EventType type = m_store.type(seq);
        if (type != EventType::TextMessageContent && type != EventType::TextMessageChunk)
            continue;
        const int run = m_store.runIndex(seq);
        if (run >= 0 && run < m_items.size() && m_items[run].firstTextSeq < 0)
            m_items[run].firstTextSeq = seq;
        const QString id = m_store.primaryId(seq);
        if (!id.isEmpty() && !m_firstTextOfMessage.contains(id))
            m_firstTextOfMessage.insert(id, seq);
    }
    // Looked up per run: indexed once, so a capture of many exchanges stays linear.
    for (const Session::ClientRejection &rejection : m_session.clientRejections()) {
        const int run = m_store.runIndex(rejection.seq);
        if (run >= 0 && run < m_items.size() && !m_items[run].rejection)
            m_items[run].rejection = &rejection;
    }
    if (m_src.timing) {
        for (const analysis::ExchangeTiming &t : m_src.timing->exchanges)
            m_timingOfExchange.insert(t.exchange, &t);
    }
    for (int r = 0; r < m_model.runCount(); ++r) {
        const int exchange = exchangeOf(m_model.run(r).firstSeq);
        if (exchange >= 0 && !m_firstRunOfExchange.contains(exchange))
            m_firstRunOfExchange.insert(exchange, r);
    }
}

// One trace per run; a traceparent on the run's request puts it in that trace instead: under
// the span it names, or, when a client of ours made it, as that very span.
RunIds SpanMaker::idsOf(int run, const QByteArray &seed)
{
    RunIds ids;
    const int exchange = run >= 0 ? exchangeOf(m_model.run(run).firstSeq) : -1;
    const RunRecording *rec = recordingOf(exchange);
    std::optional<TraceParent> parent;
    if (rec) {
        const QString header = headerValue(rec->request.headers, QLatin1StringView("traceparent"));
        if (!header.isEmpty())
            parent = TraceParent::parse(header.toLatin1(), nullptr);
    }
    if (!parent) {
        ids.traceId = deriveId(idSeed({"trace", seed}), 16);
        ids.spanId = deriveId(idSeed({"span", seed}), 8);
        return ids;
    }
    ids.traceId = parent->traceId;
    const bool firstOfExchange = m_firstRunOfExchange.value(exchange, -1) == run;
    if (firstOfExchange && isClientTraceParent(*parent)) {
        ids.spanId = parent->parentId;
        return ids;
    }
    ids.parentSpanId = parent->parentId;
    ids.spanId = deriveId(idSeed({"span", parent->parentId.toHex(), seed}), 8);
    return ids;
}

void SpanMaker::addRequest(int exchange, Attributes &attributes) const
{
    const RunRecording *rec = recordingOf(exchange);
    if (!rec)
        return;
    add(attributes, kExchange, qint64(exchange));
    if (rec->request.present && !rec->request.url.isEmpty()) {
        const QUrl url(rec->request.url);
        addIfSet(attributes, kServerAddress, url.host());
        if (url.port() > 0)
            add(attributes, kServerPort, qint64(url.port()));
        add(attributes, kUrlFull, safeUrl(rec->request.url));
    }
    if (rec->response.present && rec->response.status > 0)
        add(attributes, kHttpStatus, qint64(rec->response.status));
}

// TokenUsage[] of RUN_FINISHED / RUN_ERROR, summed; the model and provider when one only.
void SpanMaker::addUsage(const RunRare &rare, Attributes &attributes) const
{
    if (rare.usage.isEmpty())
        return;
    qint64 input = 0, output = 0;
    bool hasInput = false, hasOutput = false;
    QSet<QString> models, providers;
    for (const QJsonValue &entry : rare.usage) {
        const QJsonObject u = entry.toObject();
        if (u.value(QLatin1String("inputTokens")).isDouble()) {
            input += qint64(u.value(QLatin1String("inputTokens")).toDouble());
            hasInput = true;
        }
        if (u.value(QLatin1String("outputTokens")).isDouble()) {
            output += qint64(u.value(QLatin1String("outputTokens")).toDouble());
            hasOutput = true;
        }
        if (u.value(QLatin1String("model")).isString())
            models.insert(u.value(QLatin1String("model")).toString());
        if (u.value(QLatin1String("provider")).isString())
            providers.insert(u.value(QLatin1String("provider")).toString());
    }
    if (hasInput)
        add(attributes, kInputTokens, input);
    if (hasOutput)
        add(attributes, kOutputTokens, output);
    if (models.size() == 1)
        add(attributes, kResponseModel, *models.cbegin());
    if (providers.size() == 1)
        add(attributes, kProviderName, *providers.cbegin());
}

Span SpanMaker::runSpan(int run, const RunItems &items, const RunIds &ids)
{
    const Run &r = m_model.run(run);
    const RunRare &rare = r.rare();
    const int exchange = exchangeOf(r.firstSeq);
    const RunRecording *rec = recordingOf(exchange);
    Span s;
    s.traceId = ids.traceId;
    s.spanId = ids.spanId;
    s.parentSpanId = ids.parentSpanId;
    s.name = QString(kInvokeAgent);
    s.kind = SpanKind::Client;
    // The client's view: from the request it sent, when this run is the exchange's first.
    qint64 startUs = timeOf(r.firstSeq);
    if (rec && hasArrival() && rec->request.sentAtUs >= 0
        && m_firstRunOfExchange.value(exchange, -1) == run)
        startUs = std::min(startUs < 0 ? rec->request.sentAtUs : startUs, rec->request.sentAtUs);
    qint64 endUs = timeOf(r.endSeq >= 0 ? r.endSeq : r.lastSeq);
    if (r.endSeq < 0 && rec && hasArrival() && rec->endedAtUs > endUs)
        endUs = rec->endedAtUs;
    s.startTimeUnixNano = toNs(startUs);
    s.endTimeUnixNano = toNs(std::max(startUs, endUs));

    Attributes &a = s.attributes;
    add(a, kOperationName, QString(kInvokeAgent));
    addIfSet(a, kConversationId, r.threadId);
    addIfSet(a, kThreadId, r.threadId);
    addIfSet(a, kRunId, r.runId);
    addIfSet(a, kParentRunId, rare.parentRunId);
    add(a, kRunStatus, runStatusName(r.status));
    addIfSet(a, kRunOutcome, r.outcomeType);
    addIfSet(a, kProtocolVersion, rare.protocolVersion);
    add(a, kEventCount, r.eventCount);
    add(a, kFirstEventIndex, r.firstSeq);
    add(a, kLastEventIndex, r.lastSeq);
    add(a, kTimeSource, analysis::timeSourceName(m_src.clock.source));
    addRequest(exchange, a);
    addUsage(rare, a);
    add(a, kFindingCount, qint64(items.findings.size()));
    if (items.firstTextSeq >= 0 && m_src.clock.source != analysis::TimeSource::None) {
        const qint64 tokenUs = timeOf(items.firstTextSeq);
        if (tokenUs >= 0 && startUs >= 0)
            add(a, kTimeToFirstChunk, double(tokenUs - startUs) / 1e6);
        s.events.append({QString(kFirstTokenEvent),
                         toNs(tokenUs),
                         {{QString(kEventIndex), items.firstTextSeq}}});
    }
    markBroken(run, s);
    addFindings(items.findings, s);
    addStalls(exchange, run, s);
    return s;
}

// Where the stream broke, the run's span says so (status Error, error.type): an error the
// agent reported, a run cut off, the reference client rejecting the stream, an error finding.
void SpanMaker::markBroken(int run, Span &span) const
{
    const Run &r = m_model.run(run);
    const auto fail = [&](const QString &type, const QString &message) {
        span.statusCode = StatusCode::Error;
        span.statusMessage = message;
        add(span.attributes, kErrorType, type);
    };
    if (r.status == RunStatus::Errored) {
        const RunRare &rare = r.rare();
        fail(rare.errorCode.isEmpty() ? QStringLiteral("RUN_ERROR") : rare.errorCode,
             m_options.captureContent ? rare.errorMessage : QStringLiteral("RUN_ERROR"));
        return;
    }
    if (r.status == RunStatus::Truncated) {
        fail(QStringLiteral("truncated"), QStringLiteral("the stream ended before the run did"));
        return;
    }
    if (const Session::ClientRejection *rejection = m_items[run].rejection) {
        fail(rejection->ruleId,
             QStringLiteral("@ag-ui/client rejects the stream at event %1 (%2)")
                 .arg(rejection->seq)
                 .arg(rejection->ruleId));
        return;
    }
    const Findings &findings = m_session.findings();
    for (qsizetype i : m_items[run].findings) {
        if (findings[i].diagnostic.severity == Severity::Error) {
            fail(findings[i].diagnostic.ruleId,
                 QStringLiteral("%1 at event %2")
                     .arg(findings[i].diagnostic.ruleId)
                     .arg(findings[i].eventIndex));
            return;
        }
    }
}

void SpanMaker::addFindings(const QList<qsizetype> &indexes, Span &span) const
{
    const Findings &findings = m_session.findings();
    for (qsizetype i : indexes) {
        if (span.events.size() >= kMaxSpanEvents) {
            span.droppedEventsCount += 1;
            continue;
        }
        const Finding &f = findings[i];
        SpanEvent e;
        e.name = QString(kFindingEvent);
        const qint64 seq = f.eventIndex >= 0 ? f.eventIndex : m_store.size() - 1;
        e.timeUnixNano = toNs(timeOf(seq));
        add(e.attributes, kRuleId, f.diagnostic.ruleId);
        add(e.attributes, kSeverity, severityName(f.diagnostic.severity));
        addIfSet(e.attributes, kLayer, f.layer);
        add(e.attributes, kEventIndex, f.eventIndex);
        addIfSet(e.attributes, kPath, f.diagnostic.path);
        if (m_options.captureContent)
            add(e.attributes, kFindingMessage, f.diagnostic.message);
        span.events.append(std::move(e));
    }
}

void SpanMaker::addStalls(int exchange, int run, Span &span) const
{
    const analysis::ExchangeTiming *t = m_timingOfExchange.value(exchange);
    if (!t)
        return;
    for (const analysis::Stall &stall : t->stalls) {
        if (m_store.runIndex(stall.afterSeq) != run || span.events.size() >= kMaxSpanEvents)
            continue;
        SpanEvent e;
        e.name = QString(kStallEvent);
        e.timeUnixNano = toNs(stall.fromUs);
        add(e.attributes, kStallMs, stall.durationMs());
        add(e.attributes, kStallOpen, stall.openKind + QLatin1Char(' ') + stall.openId);
        add(e.attributes, kEventIndex, stall.afterSeq);
        span.events.append(std::move(e));
    }
}

Span SpanMaker::child(const Span &parent, const QByteArray &key, const QString &name,
                      qint64 startSeq, qint64 endSeq, qint64 fallbackEndUs) const
{
    Span s;
    s.traceId = parent.traceId;
    s.parentSpanId = parent.spanId;
    s.spanId = deriveId(idSeed({parent.spanId.toHex(), key, number(startSeq)}), 8);
    s.name = name;
    s.kind = SpanKind::Internal;
    const qint64 startUs = timeOf(startSeq);
    const qint64 endUs = endSeq >= 0 ? timeOf(endSeq) : fallbackEndUs;
    s.startTimeUnixNano = toNs(startUs);
    s.endTimeUnixNano = toNs(std::max(startUs, endUs));
    return s;
}

void SpanMaker::addToolCall(const ToolCall &call, const Span &parent, qint64 runEndUs,
                            QList<Span> &out) const
{
    const qint64 endSeq = call.resultSeq >= 0 ? call.resultSeq : call.endSeq;
    Span s = child(parent, "tool:" + call.id.toUtf8(),
                   QString(kExecuteTool) + QLatin1Char(' ') + call.name, call.startSeq, endSeq,
                   runEndUs);
    Attributes &a = s.attributes;
    add(a, kOperationName, QString(kExecuteTool));
    addIfSet(a, kToolName, call.name);
    addIfSet(a, kToolCallId, call.id);
    add(a, kToolType, QStringLiteral("function"));
    add(a, kToolStatus, toolCallStatusName(call.status));
    add(a, kToolArgumentsBytes, qint64(call.args.toUtf8().size()));
    const QJsonValue result = call.result();
    if (!result.isUndefined()) {
        const QString text = compactJson(result);
        add(a, kToolResultBytes, qint64(text.toUtf8().size()));
        if (m_options.captureContent)
            add(a, kToolCallResult, text);
    }
    if (m_options.captureContent)
        add(a, kToolCallArguments, call.args);
    add(a, kFirstEventIndex, call.startSeq);
    if (call.endSeq >= 0 && call.resultSeq >= 0)
        s.events.append({QString(kArgumentsEndEvent),
                         toNs(timeOf(call.endSeq)),
                         {{QString(kEventIndex), call.endSeq}}});
    const Message *answer = m_model.findMessage(call.resultMessageId);
    if (answer && !answer->rare().error.isEmpty()) {
        s.statusCode = StatusCode::Error;
        s.statusMessage
            = m_options.captureContent ? answer->rare().error : QStringLiteral("tool error");
        add(a, kErrorType, QStringLiteral("tool_error"));
    }
    out.append(std::move(s));
}

void SpanMaker::addSubagent(const Subagent &agent, const Span &parent, qint64 runEndUs,
                            QList<Span> &out) const
{
    QString name = QString(kInvokeAgent);
    if (!agent.name.isEmpty())
        name += QLatin1Char(' ') + agent.name;
    Span s = child(parent, "subagent:" + agent.subagentRunId.toUtf8(), name, agent.startSeq,
                   agent.endSeq, runEndUs);
    Attributes &a = s.attributes;
    add(a, kOperationName, QString(kInvokeAgent));
    addIfSet(a, kAgentName, agent.name);
    addIfSet(a, kAgentDescription, agent.description);
    addIfSet(a, kSubagentRunId, agent.subagentRunId);
    add(a, kRunStatus, subagentStatusName(agent.status));
    add(a, kFirstEventIndex, agent.startSeq);
    if (agent.status == SubagentStatus::Errored) {
        s.statusCode = StatusCode::Error;
        s.statusMessage
            = m_options.captureContent ? agent.errorMessage : QStringLiteral("SUBAGENT_ERROR");
        add(a, kErrorType,
            agent.errorCode.isEmpty() ? QStringLiteral("SUBAGENT_ERROR") : agent.errorCode);
    }
    out.append(std::move(s));
}

void SpanMaker::addMessage(const Message &m, const Span &parent, qint64 runEndUs,
                           QList<Span> &out) const
{
    Span s = child(parent, "message:" + m.id.toUtf8(), QStringLiteral("text_message"), m.firstSeq,
                   m.lastSeq, runEndUs);
    Attributes &a = s.attributes;
    addIfSet(a, kMessageId, m.id);
    addIfSet(a, kMessageRole, m.role);
    add(a, kMessageChars, qint64(m.text.size()));
    add(a, kFirstEventIndex, m.firstSeq);
    const qint64 first = m_firstTextOfMessage.value(m.id, -1);
    if (first >= 0) {
        s.events.append(
            {QString(kFirstTokenEvent), toNs(timeOf(first)), {{QString(kEventIndex), first}}});
        if (m_src.clock.source != analysis::TimeSource::None)
            add(a, kTimeToFirstTokenMs, double(timeOf(first) - timeOf(m.firstSeq)) / 1000.0);
    }
    if (m_options.captureContent && m.contentKind == ContentKind::Text) {
        // The conventions' output message shape: role and text parts.
        const QJsonArray messages {
            QJsonObject {{QStringLiteral("role"), m.role},
                         {QStringLiteral("parts"),
                          QJsonArray {QJsonObject {{QStringLiteral("type"), QStringLiteral("text")},
                                                   {QStringLiteral("content"), m.text}}}}}};
        add(a, kOutputMessages, compactJson(messages));
    }
    out.append(std::move(s));
}

void SpanMaker::addChildren(const RunItems &items, const Span &runSpan, QList<Span> &out) const
{
    const qsizetype first = out.size();
    const qint64 runEndUs = qint64(runSpan.endTimeUnixNano / 1000);
    // Subagents first: tool calls and steps may nest under them, subagents under tool calls.
    QHash<QString, qsizetype> subagentSpan; // subagent run id -> index in out
    QHash<QString, qsizetype> toolSpan; // tool call id -> index in out
    const auto parentFor = [&](const QString &subagentRunId) -> const Span & {
        const qsizetype at = subagentSpan.value(subagentRunId, -1);
        return at >= 0 ? out[at] : runSpan;
    };
    for (qsizetype i : items.subagents) {
        const Subagent &agent = m_model.subagent(i);
        const Span *parent = &runSpan;
        if (const qsizetype at = subagentSpan.value(agent.parentSubagentRunId, -1); at >= 0)
            parent = &out[at];
        addSubagent(agent, *parent, runEndUs, out);
        subagentSpan.insert(agent.subagentRunId, out.size() - 1);
    }
    for (qsizetype i : items.toolCalls) {
        const ToolCall &call = m_model.toolCall(i);
        if (call.startSeq < 0)
            continue; // came whole in a snapshot: no time of its own
        addToolCall(call, parentFor(call.rare().subagentRunId), runEndUs, out);
        toolSpan.insert(call.id, out.size() - 1);
    }
    // A subagent a tool call spawned belongs under that call.
    for (qsizetype i : items.subagents) {
        const Subagent &agent = m_model.subagent(i);
        const qsizetype call = toolSpan.value(agent.parentToolCallId, -1);
        const qsizetype self = subagentSpan.value(agent.subagentRunId, -1);
        if (call >= 0 && self >= 0 && agent.parentSubagentRunId.isEmpty())
            out[self].parentSpanId = out[call].spanId;
    }
    for (qsizetype i : items.steps) {
        const Step &step = m_model.step(i);
        Span s = child(parentFor(step.subagentRunId), "step:" + step.name.toUtf8(),
                       QStringLiteral("step ") + step.name, step.startSeq, step.endSeq, runEndUs);
        add(s.attributes, kStepName, step.name);
        out.append(std::move(s));
    }
    for (qsizetype i : items.messages) {
        const Message &m = m_model.message(i);
        if (m.fromSnapshot || m.firstSeq < 0 || m.role == QLatin1String("tool") || m.isActivity()
            || (m.contentKind == ContentKind::Absent && m.hasToolCalls))
            continue;
        addMessage(m, parentFor(m.rare().subagentRunId), runEndUs, out);
    }
    for (qsizetype i : items.reasoning) {
        const ReasoningSpan &r = m_model.reasoningSpan(i);
        Span s = child(parentFor(r.subagentRunId), "reasoning:" + r.id.toUtf8(),
                       QStringLiteral("reasoning"), r.startSeq, r.endSeq, runEndUs);
        add(s.attributes, kReasoningId, r.id);
        out.append(std::move(s));
    }
    std::stable_sort(out.begin() + first, out.end(), [](const Span &a, const Span &b) {
        return a.startTimeUnixNano < b.startTimeUnixNano;
    });
}

// An exchange that carried no AG-UI run: the client's invoke_agent failed.
Span SpanMaker::exchangeSpan(int exchange)
{
    const RunRecording &rec = m_src.capture->runs[exchange];
    const QByteArray seed = idSeed(
        {"exchange", number(exchange), number(rec.request.sentAtUs), rec.request.url.toUtf8()});
    Span s;
    s.traceId = deriveId(idSeed({"trace", seed}), 16);
    s.spanId = deriveId(idSeed({"span", seed}), 8);
    const QString header = headerValue(rec.request.headers, QLatin1StringView("traceparent"));
    if (const auto parent = TraceParent::parse(header.toLatin1(), nullptr)) {
        s.traceId = parent->traceId;
        if (isClientTraceParent(*parent))
            s.spanId = parent->parentId;
        else
            s.parentSpanId = parent->parentId;
    }
    s.name = QString(kInvokeAgent);
    s.kind = SpanKind::Client;
    const qint64 startUs
        = rec.request.sentAtUs >= 0 ? rec.request.sentAtUs : rec.response.receivedAtUs;
    s.startTimeUnixNano = toNs(startUs);
    s.endTimeUnixNano = toNs(std::max(startUs, rec.endedAtUs));
    add(s.attributes, kOperationName, QString(kInvokeAgent));
    add(s.attributes, kTimeSource, analysis::timeSourceName(m_src.clock.source));
    addRequest(exchange, s.attributes);
    s.statusCode = StatusCode::Error;
    if (rec.response.present && rec.response.status >= 400) {
        add(s.attributes, kErrorType, QString::number(rec.response.status));
        s.statusMessage = QStringLiteral("HTTP %1").arg(rec.response.status);
    } else if (rec.end == RunEnd::Error) {
        add(s.attributes, kErrorType, QStringLiteral("transport"));
        s.statusMessage = rec.endError;
    } else {
        add(s.attributes, kErrorType, QStringLiteral("no_run"));
        s.statusMessage = QStringLiteral("the response carried no AG-UI run");
    }
    return s;
}

QList<Span> SpanMaker::make(int onlyExchange)
{
    gather();
    QList<Span> out;
    QSet<int> exchangesWithRuns;
    for (int run = 0; run < m_model.runCount(); ++run) {
        const Run &r = m_model.run(run);
        const int exchange = exchangeOf(r.firstSeq);
        exchangesWithRuns.insert(exchange);
        if (onlyExchange >= 0 && exchange != onlyExchange)
            continue;
        const QByteArray seed
            = idSeed({r.threadId.toUtf8(), r.runId.toUtf8(), number(run), number(r.firstSeq),
                      number(r.eventCount), number(timeOf(r.firstSeq))});
        Span span = runSpan(run, m_items[run], idsOf(run, seed));
        if (run == m_model.runCount() - 1 && onlyExchange < 0)
            addFindings(m_findingsOutsideRuns, span);
        out.append(span);
        addChildren(m_items[run], span, out);
    }
    if (m_src.capture) {
        for (int e = 0; e < m_src.capture->runs.size(); ++e) {
            if (exchangesWithRuns.contains(e) || (onlyExchange >= 0 && e != onlyExchange))
                continue;
            Span span = exchangeSpan(e);
            if (m_model.runCount() == 0 && onlyExchange < 0 && e == 0)
                addFindings(m_findingsOutsideRuns, span);
            out.append(std::move(span));
        }
    }
    return out;
}

} // namespace

QList<Span> spansOf(const TraceSource &source, const TraceOptions &options, int onlyExchange)
{
    if (!source.session)
        return {};
    return SpanMaker(source, options).make(onlyExchange);
}

TraceParent newClientTraceParent()
{
    TraceParent parent = TraceParent::generate();
    parent.parentId = deriveId(clientSpanSeed(parent.traceId), 8);
    return parent;
}

bool isClientTraceParent(const TraceParent &parent)
{
    return parent.parentId == deriveId(clientSpanSeed(parent.traceId), 8);
}

Attributes resourceAttributes(const QString &serviceName,
                              const QList<QPair<QString, QString>> &extra)
{
    Attributes a;
    a.append({QString(kServiceName),
              serviceName.isEmpty() ? QStringLiteral("agui-inspector") : serviceName});
    for (const auto &[key, value] : extra) {
        if (key != kServiceName)
            a.append({key, value});
    }
    return a;
}

} // namespace agui::otel
