#include "core/analysis/timing.h"

#include "core/session/eventstore.h"
#include "core/session/snapshot.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <vector>

namespace agui::analysis {

namespace {

double ms(qint64 us)
{
    return us / 1000.0;
}

QJsonValue orNull(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

bool isTextDelta(EventType type)
{
    return type == EventType::TextMessageContent || type == EventType::TextMessageChunk;
}

// What is open at a point of the stream: messages, reasoning messages and tool calls between
// their START and END (a *_CHUNK keeps its id open until an event of another type arrives, as
// chunk expansion closes it then).
// What is open at a point of the stream (messages, reasoning, tool calls), by the store's interned
// id (-1 for none, as "" is): ids are compared as numbers and become text only when a stall names
// one. Resolving every event's id to a string was a tenth of `stats` on a text flood.
struct OpenItem
{
    QString kind;
    qint32 id = -1;
};

class OpenItems
{
public:
    void apply(EventType type, qint32 id)
    {
        if (type != m_chunkType)
            m_chunk = {};
        m_chunkType = EventType::Invalid;
        // Every type is listed, with no default: a new type that opens or closes a stream does
        // not compile (-Wswitch) until it is tracked here, instead of leaving its stalls unnamed.
        switch (type) {
        case EventType::TextMessageStart:
            m_open.append({QStringLiteral("message"), id});
            break;
        case EventType::ReasoningMessageStart:
        case EventType::ThinkingTextMessageStart:
            m_open.append({QStringLiteral("reasoning"), id});
            break;
        case EventType::ToolCallStart:
            m_open.append({QStringLiteral("tool call"), id});
            break;
        case EventType::TextMessageEnd:
        case EventType::ReasoningMessageEnd:
        case EventType::ThinkingTextMessageEnd:
        case EventType::ToolCallEnd:
            close(id);
            break;
        case EventType::TextMessageChunk:
        case EventType::ToolCallChunk:
            m_chunkType = type;
            if (id >= 0)
                m_chunk = {type == EventType::ToolCallChunk ? QStringLiteral("tool call")
                                                            : QStringLiteral("message"),
                           id};
            break;
        case EventType::RunFinished:
        case EventType::RunError:
            m_open.clear();
            break;
        // Open and close nothing a stall is named after.
        case EventType::RunStarted:
        case EventType::StepStarted:
        case EventType::StepFinished:
        case EventType::TextMessageContent:
        case EventType::ToolCallArgs:
        case EventType::ToolCallResult:
        case EventType::StateSnapshot:
        case EventType::StateDelta:
        case EventType::MessagesSnapshot:
        case EventType::ActivitySnapshot:
        case EventType::ActivityDelta:
        case EventType::ReasoningStart:
        case EventType::ReasoningMessageContent:
        case EventType::ReasoningEnd:
        case EventType::ReasoningEncryptedValue:
        case EventType::SubagentStarted:
        case EventType::SubagentFinished:
        case EventType::SubagentError:
        case EventType::Raw:
        case EventType::Custom:
        case EventType::ThinkingStart:
        case EventType::ThinkingEnd:
        case EventType::ThinkingTextMessageContent:
        case EventType::Unknown:
        case EventType::Invalid:
        // Not kept open as a chunk, unlike the text and tool call chunks above.
        case EventType::ReasoningMessageChunk:
            break;
        }
    }
    // The innermost open item, or nullptr.
    const OpenItem *current() const
    {
        if (m_chunk.id >= 0)
            return &m_chunk;
        return m_open.isEmpty() ? nullptr : &m_open.last();
    }

private:
    void close(qint32 id)
    {
        for (qsizetype i = m_open.size() - 1; i >= 0; --i) {
            if (m_open[i].id == id) {
                m_open.removeAt(i);
                return;
            }
        }
    }
    QList<OpenItem> m_open;
    OpenItem m_chunk;
    EventType m_chunkType = EventType::Invalid;
};

// Everything the per-exchange computation reads, gathered once.
struct ExchangeEvents
{
    QList<qint64> seqs; // in stream order
    QList<qint64> byteTimes; // sorted: body pieces and keep-alives (or event times)
};

void measureStart(const ExchangeTimes &times, bool arrival, qint64 firstByte, qint64 firstEvent,
                  ExchangeTiming &t, qint64 *origin)
{
    if (arrival && times.requestSentUs >= 0) {
        *origin = times.requestSentUs;
        t.measuredFrom = QStringLiteral("request");
        if (firstByte >= 0)
            t.ttfbMs = ms(firstByte - times.requestSentUs);
        if (times.responseHeadUs >= 0)
            t.responseHeadMs = ms(times.responseHeadUs - times.requestSentUs);
    } else if (firstByte >= 0) {
        *origin = firstByte;
        t.measuredFrom = arrival ? QStringLiteral("first byte") : QStringLiteral("first event");
    } else {
        *origin = firstEvent;
        t.measuredFrom = QStringLiteral("first event");
    }
}

QList<qint64> interTokenGaps(const TimingInput &in, const QList<qint64> &seqs)
{
    // By the store's interned id, which is dense (-1 for none, as "" is, at slot 0): a flat
    // table instead of a hash, looked up once per text delta.
    std::vector<qint64> lastAt(size_t(in.store->ids().size()) + 1, -1); // id + 1 -> last time
    qint32 lastChunkId = -1;
    QList<qint64> gaps;
    gaps.reserve(seqs.size());
    for (const qint64 seq : seqs) {
        const EventType type = in.store->type(seq);
        const qint64 at = in.clock.at(seq);
        if (!isTextDelta(type) || at < 0)
            continue;
        qint32 id = in.store->primaryIdIndex(seq);
        if (type == EventType::TextMessageChunk) {
            if (id < 0)
                id = lastChunkId; // a continuation chunk names no id
            lastChunkId = id;
        }
        qint64 &last = lastAt[size_t(id + 1)];
        if (last >= 0)
            gaps.append(at - last);
        last = at;
    }
    return gaps;
}

void findStalls(const TimingInput &in, const ExchangeEvents &ex, qint64 endUs,
                const TimingOptions &options, ExchangeTiming &t)
{
    OpenItems open;
    qsizetype next = 0; // next event of ex.seqs to apply
    qint64 lastSeq = -1;
    QList<qint64> bytes = ex.byteTimes;
    if (endUs >= 0 && (bytes.isEmpty() || endUs > bytes.last()))
        bytes.append(endUs); // a silence until the exchange ended counts too
    qint64 longest = -1;
    for (qsizetype i = 1; i < bytes.size(); ++i) {
        const qint64 from = bytes[i - 1];
        while (next < ex.seqs.size() && in.clock.at(ex.seqs[next]) <= from) {
            lastSeq = ex.seqs[next];
            open.apply(in.store->type(lastSeq), in.store->primaryIdIndex(lastSeq));
            ++next;
        }
        const qint64 silence = bytes[i] - from;
        longest = std::max(longest, silence);
        const auto *item = open.current();
        if (silence > options.stallUs && item)
            t.stalls.append(
                {from, bytes[i], lastSeq, item->kind, in.store->ids().string(item->id)});
    }
    if (longest >= 0)
        t.longestSilenceMs = ms(longest);
}

void findBursts(const TimingInput &in, const ExchangeEvents &ex, const TimingOptions &options,
                ExchangeTiming &t)
{
    qsizetype i = 0;
    while (i < ex.seqs.size()) {
        const qint64 at = in.clock.at(ex.seqs[i]);
        qsizetype j = i;
        while (j < ex.seqs.size() && in.clock.at(ex.seqs[j]) == at)
            ++j;
        const int count = int(j - i);
        // The byte before this piece: the latest body piece or keep-alive strictly before it.
        const auto before = std::lower_bound(ex.byteTimes.cbegin(), ex.byteTimes.cend(), at);
        if (at >= 0 && count >= options.burstEvents && before != ex.byteTimes.cbegin()) {
            const qint64 silence = at - *(before - 1);
            if (silence >= options.burstGapUs)
                t.bursts.append({at, ex.seqs[i], count, ms(silence)});
        }
        i = j;
    }
}

// inExchange: the exchange's events, in ascending order.
void toolLatencies(const TimingInput &in, const QList<qint64> &inExchange, ExchangeTiming &t)
{
    if (!in.model)
        return;
    for (qsizetype i = 0; i < in.model->toolCallCount(); ++i) {
        const ToolCall &call = in.model->toolCall(i);
        if (call.startSeq < 0
            || !std::binary_search(inExchange.cbegin(), inExchange.cend(), call.startSeq))
            continue;
        ToolLatency l {call.id, call.name, call.startSeq, {}, {}};
        const qint64 start = in.clock.at(call.startSeq);
        const qint64 end = in.clock.at(call.endSeq);
        const qint64 result = in.clock.at(call.resultSeq);
        if (start >= 0 && end >= 0)
            l.argsMs = ms(end - start);
        if (result >= 0 && (end >= 0 || start >= 0))
            l.resultMs = ms(result - (end >= 0 ? end : start));
        t.tools.append(l);
    }
}

ExchangeEvents gather(const TimingInput &in, QList<qint64> seqs, const ExchangeTimes &times,
                      bool arrival)
{
    ExchangeEvents ex;
    ex.seqs = std::move(seqs);
    QList<qint64> pieces;
    if (arrival && !times.chunkAtUs.isEmpty()) {
        pieces = times.chunkAtUs;
    } else {
        pieces.reserve(ex.seqs.size());
        for (const qint64 seq : std::as_const(ex.seqs)) {
            if (in.clock.at(seq) >= 0)
                pieces.append(in.clock.at(seq));
        }
    }
    QList<qint64> keepAlives = arrival ? times.keepAliveAtUs : QList<qint64>();
    // Each list is nearly always in time order already (as received, or events in order): it
    // is sorted only when it is not, and the two are merged. Sorting them together was a sixth
    // of `stats` on a one-message flood once the events were read.
    for (QList<qint64> *list : {&pieces, &keepAlives}) {
        if (!std::is_sorted(list->cbegin(), list->cend()))
            std::sort(list->begin(), list->end());
    }
    ex.byteTimes.resize(pieces.size() + keepAlives.size());
    std::merge(pieces.cbegin(), pieces.cend(), keepAlives.cbegin(), keepAlives.cend(),
               ex.byteTimes.begin());
    ex.byteTimes.erase(std::unique(ex.byteTimes.begin(), ex.byteTimes.end()), ex.byteTimes.end());
    ex.byteTimes.removeIf([](qint64 v) { return v < 0; });
    return ex;
}

ExchangeTiming computeExchange(const TimingInput &in, int exchange, QList<qint64> seqs,
                               const ExchangeTimes &times, const TimingOptions &options)
{
    const bool arrival = in.clock.source == TimeSource::Arrival;
    ExchangeTiming t;
    t.exchange = exchange;
    // Counted from 1, as the event list's Run column and the Diff tab's pickers count.
    t.label = times.label.isEmpty() ? QStringLiteral("run %1").arg(exchange + 1) : times.label;
    t.bodyBytes = times.bodyBytes;
    t.keepAlives = times.keepAliveAtUs.size();
    const ExchangeEvents ex = gather(in, std::move(seqs), times, arrival);
    t.events = ex.seqs.size();
    qint64 firstEvent = -1;
    qint64 firstText = -1;
    qint64 lastEvent = -1;
    for (const qint64 seq : ex.seqs) {
        const qint64 at = in.clock.at(seq);
        if (in.store->type(seq) == EventType::RunStarted) {
            const QString runId = in.store->primaryId(seq);
            if (!runId.isEmpty() && !t.runIds.contains(runId))
                t.runIds.append(runId);
        }
        if (at < 0)
            continue;
        firstEvent = firstEvent < 0 ? at : std::min(firstEvent, at);
        lastEvent = std::max(lastEvent, at);
        if (firstText < 0 && isTextDelta(in.store->type(seq)))
            firstText = at;
    }
    const qint64 firstByte = ex.byteTimes.isEmpty() ? -1 : ex.byteTimes.first();
    const qint64 lastByte = ex.byteTimes.isEmpty() ? -1 : ex.byteTimes.last();
    qint64 origin = -1;
    measureStart(times, arrival, firstByte, firstEvent, t, &origin);
    if (origin >= 0 && firstEvent >= 0)
        t.firstEventMs = ms(firstEvent - origin);
    if (origin >= 0 && firstText >= 0)
        t.firstTextMs = ms(firstText - origin);
    if (firstByte >= 0 && lastByte >= 0) {
        t.durationMs = ms(lastByte - firstByte);
        if (lastByte > firstByte) {
            const double seconds = (lastByte - firstByte) / 1e6;
            t.eventsPerSecond = t.events / seconds;
            if (arrival && t.bodyBytes > 0)
                t.bytesPerSecond = t.bodyBytes / seconds;
        }
    }
    if (!times.pieceTimes) {
        t.note = QStringLiteral("the body has no times per piece (a HAR keeps it whole): no gaps, "
                                "stalls, buffering or rates");
        t.eventsPerSecond.reset();
        t.bytesPerSecond.reset();
        t.ttfbMs = t.responseHeadMs; // HAR "wait": until the first byte of the response
        t.firstEventMs.reset(); // every event carries the time the body ended
        t.firstTextMs.reset();
        if (times.endedUs >= 0 && times.responseHeadUs >= 0)
            t.durationMs = ms(times.endedUs - times.responseHeadUs);
        toolLatencies(in, ex.seqs, t);
        return t;
    }
    t.interTokenGapsUs = interTokenGaps(in, ex.seqs);
    t.interToken = Distribution::of(t.interTokenGapsUs);
    QList<qint64> keepAliveGaps;
    for (qsizetype i = 1; i < times.keepAliveAtUs.size(); ++i)
        keepAliveGaps.append(times.keepAliveAtUs[i] - times.keepAliveAtUs[i - 1]);
    t.keepAliveIntervals = Distribution::of(keepAliveGaps);
    findStalls(in, ex, arrival ? times.endedUs : -1, options, t);
    if (arrival)
        findBursts(in, ex, options, t);
    toolLatencies(in, ex.seqs, t);
    return t;
}

QJsonObject distributionJson(const Distribution &d)
{
    QJsonObject o;
    o.insert(QLatin1String("count"), double(d.count));
    o.insert(QLatin1String("p50Ms"), d.count ? QJsonValue(d.p50Ms) : QJsonValue());
    o.insert(QLatin1String("p95Ms"), d.count ? QJsonValue(d.p95Ms) : QJsonValue());
    o.insert(QLatin1String("maxMs"), d.count ? QJsonValue(d.maxMs) : QJsonValue());
    return o;
}

QJsonObject exchangeJson(const ExchangeTiming &t)
{
    QJsonObject o;
    o.insert(QLatin1String("exchange"), t.exchange);
    o.insert(QLatin1String("label"), t.label);
    o.insert(QLatin1String("runIds"), QJsonArray::fromStringList(t.runIds));
    o.insert(QLatin1String("events"), double(t.events));
    o.insert(QLatin1String("bodyBytes"), double(t.bodyBytes));
    o.insert(QLatin1String("measuredFrom"), t.measuredFrom);
    if (!t.note.isEmpty())
        o.insert(QLatin1String("note"), t.note);
    o.insert(QLatin1String("ttfbMs"), orNull(t.ttfbMs));
    o.insert(QLatin1String("responseHeadMs"), orNull(t.responseHeadMs));
    o.insert(QLatin1String("firstEventMs"), orNull(t.firstEventMs));
    o.insert(QLatin1String("firstTextMs"), orNull(t.firstTextMs));
    o.insert(QLatin1String("durationMs"), orNull(t.durationMs));
    o.insert(QLatin1String("eventsPerSecond"), orNull(t.eventsPerSecond));
    o.insert(QLatin1String("bytesPerSecond"), orNull(t.bytesPerSecond));
    o.insert(QLatin1String("interTokenGaps"), distributionJson(t.interToken));
    QJsonObject keepAlive = distributionJson(t.keepAliveIntervals);
    keepAlive.insert(QLatin1String("keepAlives"), double(t.keepAlives));
    o.insert(QLatin1String("keepAliveIntervals"), keepAlive);
    o.insert(QLatin1String("longestSilenceMs"), orNull(t.longestSilenceMs));
    QJsonArray stalls;
    for (const Stall &s : t.stalls)
        stalls.append(QJsonObject {{QLatin1String("fromUs"), double(s.fromUs)},
                                   {QLatin1String("durationMs"), s.durationMs()},
                                   {QLatin1String("afterEvent"), double(s.afterSeq)},
                                   {QLatin1String("open"), s.openKind},
                                   {QLatin1String("id"), s.openId}});
    o.insert(QLatin1String("stalls"), stalls);
    QJsonArray bursts;
    for (const Burst &b : t.bursts)
        bursts.append(QJsonObject {{QLatin1String("atUs"), double(b.atUs)},
                                   {QLatin1String("firstEvent"), double(b.firstSeq)},
                                   {QLatin1String("events"), b.events},
                                   {QLatin1String("silenceBeforeMs"), b.silenceBeforeMs}});
    o.insert(QLatin1String("buffering"), bursts);
    QJsonArray tools;
    for (const ToolLatency &l : t.tools)
        tools.append(QJsonObject {{QLatin1String("toolCallId"), l.toolCallId},
                                  {QLatin1String("name"), l.name},
                                  {QLatin1String("startEvent"), double(l.startSeq)},
                                  {QLatin1String("argsMs"), orNull(l.argsMs)},
                                  {QLatin1String("resultMs"), orNull(l.resultMs)}});
    o.insert(QLatin1String("toolLatency"), tools);
    return o;
}

} // namespace

QString ExchangeTiming::title() const
{
    if (runIds.isEmpty())
        return label;
    if (runIds.size() <= kTitleRunIds)
        return QStringLiteral("%1 (%2)").arg(label, runIds.join(QStringLiteral(", ")));
    return QStringLiteral("%1 (%2 and %3 more)")
        .arg(label, runIds.first(kTitleRunIds).join(QStringLiteral(", ")))
        .arg(runIds.size() - kTitleRunIds);
}

Distribution Distribution::of(QList<qint64> durationsUs)
{
    Distribution d;
    d.count = durationsUs.size();
    if (durationsUs.isEmpty())
        return d;
    // Nearest rank: the smallest value with at least q of the values at or below it, i.e. the
    // k-th smallest. Selected, not sorted: a sort of every gap was a sixth of `stats` on a
    // one-message flood once the events were read.
    const auto rankIndex = [&](double q) {
        const qsizetype k = qsizetype(std::ceil(q * double(durationsUs.size())));
        return std::clamp<qsizetype>(k - 1, 0, durationsUs.size() - 1);
    };
    const auto begin = durationsUs.begin();
    const qsizetype k50 = rankIndex(0.50);
    const qsizetype k95 = rankIndex(0.95);
    std::nth_element(begin, begin + k50, durationsUs.end());
    d.p50Ms = ms(durationsUs[k50]); // read now: the next selection reorders from k50 on
    // Everything after k50 is at least as large, so the k95-th smallest is among them.
    std::nth_element(begin + k50, begin + k95, durationsUs.end());
    d.p95Ms = ms(durationsUs[k95]);
    d.maxMs = ms(*std::max_element(begin + k95, durationsUs.end()));
    return d;
}

QList<ExchangeTimes> exchangesOf(const Capture &capture)
{
    QList<ExchangeTimes> list;
    for (const RunRecording &run : capture.runs) {
        ExchangeTimes e;
        // Counted from 1 in the capture's order, as every view counts runs (the file's own run
        // ids are its business).
        e.label = run.label.isEmpty() ? QStringLiteral("run %1").arg(list.size() + 1) : run.label;
        e.httpStatus = run.response.status;
        e.requestSentUs = run.request.present ? run.request.sentAtUs : -1;
        e.responseHeadUs = run.response.present ? run.response.receivedAtUs : -1;
        e.endedUs = run.endedAtUs;
        e.pieceTimes = capture.format != CaptureFormat::Har || run.chunks.size() > 1;
        for (const Chunk &c : run.chunks) {
            if (c.receivedAtUs >= 0) {
                e.chunkAtUs.append(c.receivedAtUs);
                e.chunkBytes.append(c.bytes.size());
            }
            e.bodyBytes += c.bytes.size();
        }
        list.append(e);
    }
    return list;
}

TimingReport computeTiming(const TimingInput &input, const TimingOptions &options)
{
    TimingReport report;
    report.source = input.clock.source;
    report.options = options;
    if (!input.store)
        return report;
    QList<QList<qint64>> seqsByExchange(input.exchanges.size());
    for (qint64 seq = 0; seq < input.store->size(); ++seq) {
        const int e = input.exchangeOfSeq.isEmpty() ? std::max(0, input.store->runIndex(seq))
                                                    : std::max(0, input.exchangeOfSeq.value(seq));
        if (e >= seqsByExchange.size())
            seqsByExchange.resize(e + 1);
        seqsByExchange[e].append(seq);
    }
    for (int e = 0; e < seqsByExchange.size(); ++e)
        report.exchanges.append(computeExchange(input, e, std::move(seqsByExchange[e]),
                                                input.exchanges.value(e, ExchangeTimes {}),
                                                options));
    return report;
}

QJsonObject timingToJson(const TimingReport &report)
{
    QJsonObject o;
    o.insert(QLatin1String("timeSource"), timeSourceName(report.source));
    o.insert(QLatin1String("thresholds"),
             QJsonObject {{QLatin1String("stallMs"), ms(report.options.stallUs)},
                          {QLatin1String("burstGapMs"), ms(report.options.burstGapUs)},
                          {QLatin1String("burstEvents"), report.options.burstEvents}});
    QJsonArray list;
    for (const ExchangeTiming &t : report.exchanges)
        list.append(exchangeJson(t));
    o.insert(QLatin1String("exchanges"), list);
    return o;
}

} // namespace agui::analysis
