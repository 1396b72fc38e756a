// core/otel/tracemapping: a recorded session as spans (docs/otel.md). Runs, tool calls,
// subagents, steps and messages nest as documented, with the conventions' names; content stays
// out unless asked; a broken stream sets the status; a traceparent puts the run in its trace;
// the same capture gives the same ids.

#include "core/analysis/capturesession.h"
#include "core/otel/attributenames.h"
#include "core/otel/tracemapping.h"
#include "core/session/session.h"

#include <QTest>

using namespace agui;
using namespace agui::otel;

namespace {

constexpr qint64 kStartUs = 1'760'000'000'000'000; // an October 2025 morning
constexpr qint64 kStepUs = 10'000; // 10 ms between events

// One recorded exchange: the request, a head, one SSE chunk per event 10 ms apart, and the end.
// The first exchange's request is sent at kStartUs; one whose chunks start at firstOrder comes
// that many steps later (twice over: a session orders the exchanges' chunks by time).
RunRecording exchange(const QList<QByteArray> &events, const HttpHeaders &headers = {},
                      int status = 200, qint64 firstOrder = 0)
{
    RunRecording run;
    run.request.present = true;
    run.request.method = QStringLiteral("POST");
    run.request.url = QStringLiteral("http://agent.example:8000/agent?key=secret");
    run.request.headers = headers;
    const qint64 startUs = kStartUs + 2 * firstOrder * kStepUs;
    run.request.sentAtUs = startUs;
    run.response.present = true;
    run.response.status = status;
    run.response.receivedAtUs = startUs + kStepUs / 2;
    run.response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")}};
    qint64 at = startUs + kStepUs;
    for (const QByteArray &e : events) {
        Chunk c;
        c.receivedAtUs = at;
        c.bytes = status == 200 ? "data: " + e + "\n\n" : e;
        c.order = firstOrder++;
        run.chunks.append(c);
        at += kStepUs;
    }
    run.end = RunEnd::Finished;
    run.endedAtUs = at;
    run.endOrder = firstOrder;
    return run;
}

struct Traced
{
    analysis::CaptureSession loaded;
    QList<Span> spans;
};

std::unique_ptr<Traced> trace(const Capture &capture, const TraceOptions &options = {},
                              int onlyExchange = -1)
{
    auto t = std::make_unique<Traced>();
    analysis::sessionFromCapture(capture, &t->loaded);
    TraceSource source;
    source.session = t->loaded.session.get();
    source.capture = &t->loaded.capture;
    source.clock
        = analysis::EventClock::choose(t->loaded.session->events(), t->loaded.samples.timestampsMs);
    source.exchangeOfSeq = t->loaded.samples.exchangeOfSeq;
    t->spans = spansOf(source, options, onlyExchange);
    return t;
}

Capture captureOf(const QList<RunRecording> &runs)
{
    Capture c;
    c.format = CaptureFormat::Agui;
    c.runs = runs;
    for (const RunRecording &r : runs)
        c.chunkCount += r.chunks.size();
    return c;
}

const Span *find(const QList<Span> &spans, const QString &name)
{
    for (const Span &s : spans) {
        if (s.name == name)
            return &s;
    }
    return nullptr;
}

const Value *attribute(const Span &span, QLatin1StringView key)
{
    for (const Attribute &a : span.attributes) {
        if (a.key == key)
            return &a.value;
    }
    return nullptr;
}

QString text(const Span &span, QLatin1StringView key)
{
    const Value *v = attribute(span, key);
    return v && std::holds_alternative<QString>(*v) ? std::get<QString>(*v) : QString();
}

const QList<QByteArray> kAgentRun {
    R"({"type":"RUN_STARTED","threadId":"t1","runId":"r1"})",
    R"({"type":"STEP_STARTED","stepName":"plan"})",
    R"({"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"})",
    R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Looking up the weather"})",
    R"({"type":"TEXT_MESSAGE_END","messageId":"m1"})",
    R"({"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"get_weather","parentMessageId":"m2"})",
    // Not a raw string: moc's tokenizer reads \" inside one as an escape.
    "{\"type\":\"TOOL_CALL_ARGS\",\"toolCallId\":\"c1\",\"delta\":\"{\\\"city\\\":\\\"Paris\\\"}"
    "\"}",
    R"({"type":"TOOL_CALL_END","toolCallId":"c1"})",
    R"({"type":"SUBAGENT_STARTED","subagentRunId":"s1","name":"forecaster","parentToolCallId":"c1"})",
    R"({"type":"SUBAGENT_FINISHED","subagentRunId":"s1"})",
    R"({"type":"TOOL_CALL_RESULT","messageId":"m3","toolCallId":"c1","content":"sunny"})",
    R"({"type":"STEP_FINISHED","stepName":"plan"})",
    R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r1","usage":[{"model":"m-1","inputTokens":12,"outputTokens":30}]})",
};

// kAgentRun with other ids: a second run of its own (ids seen before name the same items).
QList<QByteArray> secondRun()
{
    QList<QByteArray> events;
    for (QByteArray e : kAgentRun) {
        for (const char *id : {"\"r1\"", "\"m1\"", "\"m2\"", "\"m3\"", "\"c1\"", "\"s1\""})
            e.replace(id, QByteArray(id).replace('1', '7').replace('2', '8').replace('3', '9'));
        events.append(e);
    }
    return events;
}

} // namespace

class TestOtelMapping : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runNestsItsParts()
    {
        const auto t = trace(captureOf({exchange(kAgentRun)}));
        const QList<Span> &spans = t->spans;
        const Span *run = find(spans, QStringLiteral("invoke_agent"));
        QVERIFY(run);
        QCOMPARE(run->kind, SpanKind::Client);
        QVERIFY(run->parentSpanId.isEmpty());
        QCOMPARE(run->traceId.size(), 16);
        QCOMPARE(run->spanId.size(), 8);
        QCOMPARE(text(*run, names::kOperationName), QStringLiteral("invoke_agent"));
        QCOMPARE(text(*run, names::kConversationId), QStringLiteral("t1"));
        QCOMPARE(text(*run, names::kRunId), QStringLiteral("r1"));
        QCOMPARE(text(*run, names::kRunStatus), QStringLiteral("finished"));
        QCOMPARE(text(*run, names::kServerAddress), QStringLiteral("agent.example"));
        // No query in the URL a span carries: tokens travel there.
        QCOMPARE(text(*run, names::kUrlFull), QStringLiteral("http://agent.example:8000/agent"));
        QCOMPARE(std::get<qint64>(*attribute(*run, names::kInputTokens)), 12);
        QCOMPARE(std::get<qint64>(*attribute(*run, names::kOutputTokens)), 30);
        QCOMPARE(text(*run, names::kTimeSource), QStringLiteral("arrival"));
        // From the request sent to RUN_FINISHED's arrival.
        QCOMPARE(run->startTimeUnixNano, quint64(kStartUs) * 1000);
        QCOMPARE(run->endTimeUnixNano, quint64(kStartUs + 13 * kStepUs) * 1000);
        // The first text token came with event 3: 40 ms after the request.
        QCOMPARE(std::get<double>(*attribute(*run, names::kTimeToFirstChunk)), 0.04);
        QCOMPARE(run->statusCode, StatusCode::Unset);

        const Span *tool = find(spans, QStringLiteral("execute_tool get_weather"));
        QVERIFY(tool);
        QCOMPARE(tool->parentSpanId, run->spanId);
        QCOMPARE(tool->traceId, run->traceId);
        QCOMPARE(text(*tool, names::kToolName), QStringLiteral("get_weather"));
        QCOMPARE(text(*tool, names::kToolCallId), QStringLiteral("c1"));
        QCOMPARE(std::get<qint64>(*attribute(*tool, names::kToolArgumentsBytes)), 16);
        // START (event 5) to RESULT (event 10).
        QCOMPARE(tool->startTimeUnixNano, quint64(kStartUs + 6 * kStepUs) * 1000);
        QCOMPARE(tool->endTimeUnixNano, quint64(kStartUs + 11 * kStepUs) * 1000);

        const Span *subagent = find(spans, QStringLiteral("invoke_agent forecaster"));
        QVERIFY(subagent);
        QCOMPARE(subagent->parentSpanId, tool->spanId); // the call that spawned it
        QCOMPARE(subagent->kind, SpanKind::Internal);
        QCOMPARE(text(*subagent, names::kAgentName), QStringLiteral("forecaster"));

        const Span *step = find(spans, QStringLiteral("step plan"));
        QVERIFY(step);
        QCOMPARE(step->parentSpanId, run->spanId);
        const Span *message = find(spans, QStringLiteral("text_message"));
        QVERIFY(message);
        QCOMPARE(text(*message, names::kMessageId), QStringLiteral("m1"));
        QCOMPARE(message->events.size(), 1);
        QCOMPARE(message->events.first().name, QString(names::kFirstTokenEvent));
    }

    void contentOnlyWhenAsked()
    {
        const Capture capture = captureOf({exchange(kAgentRun)});
        const auto without = trace(capture);
        for (const Span &s : without->spans) {
            for (QLatin1StringView key : {names::kToolCallArguments, names::kToolCallResult,
                                          names::kOutputMessages, names::kFindingMessage})
                QVERIFY2(!attribute(s, key), qPrintable(s.name + QLatin1Char(' ') + key));
        }
        TraceOptions content;
        content.captureContent = true;
        const auto with = trace(capture, content);
        const Span *tool = find(with->spans, QStringLiteral("execute_tool get_weather"));
        QVERIFY(tool);
        QCOMPARE(text(*tool, names::kToolCallArguments), QStringLiteral(R"({"city":"Paris"})"));
        QCOMPARE(text(*tool, names::kToolCallResult), QStringLiteral("sunny"));
        const Span *message = find(with->spans, QStringLiteral("text_message"));
        QVERIFY(text(*message, names::kOutputMessages).contains(QLatin1String("Looking up")));
    }

    void brokenStreamsSayWhere()
    {
        const QList<QByteArray> errored {
            R"({"type":"RUN_STARTED","threadId":"t1","runId":"r1"})",
            R"({"type":"RUN_ERROR","message":"model overloaded: key sk-123","code":"overloaded"})",
        };
        const QList<QByteArray> cut {
            R"({"type":"RUN_STARTED","threadId":"t1","runId":"r2"})",
            R"({"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"})",
        };
        const auto t = trace(captureOf({exchange(errored), exchange(cut, {}, 200, 2)}));
        QList<const Span *> runs;
        for (const Span &s : t->spans) {
            if (s.name == QLatin1String("invoke_agent"))
                runs.append(&s);
        }
        QCOMPARE(runs.size(), 2);

        QCOMPARE(runs[0]->statusCode, StatusCode::Error);
        QCOMPARE(text(*runs[0], names::kErrorType), QStringLiteral("overloaded"));
        QVERIFY(!runs[0]->statusMessage.contains(QLatin1String("sk-123"))); // content is off
        QCOMPARE(runs[1]->statusCode, StatusCode::Error);
        QCOMPARE(text(*runs[1], names::kErrorType), QStringLiteral("truncated"));
        // The finding that says so is an event of the run's span, with its rule id.
        bool truncatedEvent = false;
        for (const SpanEvent &e : runs[1]->events) {
            for (const Attribute &a : e.attributes)
                truncatedEvent = truncatedEvent
                    || (a.key == names::kRuleId
                        && std::get<QString>(a.value) == QLatin1String("lint.truncated-run"));
        }
        QVERIFY(truncatedEvent);
        QVERIFY(runs[0]->traceId != runs[1]->traceId); // a trace per run
    }

    void anExchangeWithoutARunIsAFailedCall()
    {
        const auto t = trace(captureOf({exchange({R"({"error":"no such agent"})"}, {}, 404)}));
        QCOMPARE(t->spans.size(), 1);
        const Span &s = t->spans.first();
        QCOMPARE(s.name, QStringLiteral("invoke_agent"));
        QCOMPARE(s.statusCode, StatusCode::Error);
        QCOMPARE(text(s, names::kErrorType), QStringLiteral("404"));
        QCOMPARE(std::get<qint64>(*attribute(s, names::kHttpStatus)), 404);
    }

    void aForeignTraceParentIsTheParent()
    {
        const QByteArray header = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        const auto t = trace(captureOf(
            {exchange(kAgentRun, {{QStringLiteral("traceparent"), QString::fromLatin1(header)}})}));
        const Span *run = find(t->spans, QStringLiteral("invoke_agent"));
        QCOMPARE(run->traceId.toHex(), QByteArray("4bf92f3577b34da6a3ce929d0e0e4736"));
        QCOMPARE(run->parentSpanId.toHex(), QByteArray("00f067aa0ba902b7"));
        for (const Span &s : t->spans)
            QCOMPARE(s.traceId, run->traceId);
    }

    void ourOwnTraceParentIsTheRunSpan()
    {
        const TraceParent sent = newClientTraceParent();
        QVERIFY(isClientTraceParent(sent));
        QVERIFY(!isClientTraceParent(TraceParent::generate()));
        const auto t = trace(captureOf({exchange(
            kAgentRun, {{QStringLiteral("traceparent"), QString::fromLatin1(sent.toHeader())}})}));
        const Span *run = find(t->spans, QStringLiteral("invoke_agent"));
        QCOMPARE(run->traceId, sent.traceId);
        QCOMPARE(run->spanId, sent.parentId); // the agent's spans nest under this one
        QVERIFY(run->parentSpanId.isEmpty());
    }

    void sameCaptureSameIds()
    {
        const Capture capture = captureOf({exchange(kAgentRun)});
        QCOMPARE(trace(capture)->spans, trace(capture)->spans);
        QList<QByteArray> other = kAgentRun;
        other[0] = R"({"type":"RUN_STARTED","threadId":"t1","runId":"r9"})";
        other.last() = R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r9"})";
        QVERIFY(trace(capture)->spans.first().traceId
                != trace(captureOf({exchange(other)}))->spans.first().traceId);
    }

    void oneExchangeAtATime()
    {
        const Capture capture
            = captureOf({exchange(kAgentRun), exchange(secondRun(), {}, 200, 13)});
        const auto all = trace(capture);
        const auto second = trace(capture, {}, 1);

        QVERIFY(!second->spans.isEmpty());
        QCOMPARE(all->spans.size(), 2 * second->spans.size());
        for (const Span &s : second->spans) {
            if (s.name == QLatin1String("invoke_agent"))
                QCOMPARE(std::get<qint64>(*attribute(s, names::kExchange)), 1);
        }
    }

    void findingsPastTheLimitAreCounted()
    {
        QList<QByteArray> events {R"({"type":"RUN_STARTED","threadId":"t1","runId":"r1"})"};
        for (int i = 0; i < 200; ++i) // each an error: content for a message never started
            events.append(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"nope","delta":"x"})");
        events.append(R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r1"})");
        const auto t = trace(captureOf({exchange(events)}));
        const Span *run = find(t->spans, QStringLiteral("invoke_agent"));
        QCOMPARE(run->events.size(), 128);
        QVERIFY(run->droppedEventsCount > 0);
        QCOMPARE(qint64(run->events.size()) + run->droppedEventsCount,
                 std::get<qint64>(*attribute(*run, names::kFindingCount)) + 1); // + first token
        QCOMPARE(run->statusCode, StatusCode::Error);
    }
};

QTEST_GUILESS_MAIN(TestOtelMapping)
#include "test_otel_mapping.moc"
