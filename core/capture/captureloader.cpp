#include "core/capture/captureloader.h"

#include <QFile>
#include <QHash>

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

namespace agui {

namespace {

// Decodes the chunks of every run as they come, keeping one StreamDecoder per run and one
// sequence numbering for the whole capture.
class RunDecoders
{
public:
    explicit RunDecoders(const CaptureLoadOptions &options)
        : m_options(options)
    { }

    void chunk(const Capture &capture, int runIndex, const Chunk &chunk)
    {
        const RecordedResponse &response = capture.runs[runIndex].response;
        if (response.present && (response.status < 200 || response.status > 299)) {
            // Like the reference client: a non-2xx body is the error, not an event stream.
            ErrorBody &error = m_errorBodies[runIndex];
            if (error.firstOffset < 0)
                error.firstOffset = chunk.sourceOffset;
            QByteArray &body = error.bytes;
            if (body.size() < kErrorSnippet)
                body += QByteArrayView(chunk.bytes)
                            .first(std::min<qsizetype>(chunk.bytes.size(),
                                                       kErrorSnippet - body.size()));
            return;
        }
        RunState &state = stateFor(capture, runIndex);
        // Spans before the cursor are never looked at again (events come in stream order):
        // drop them now and then so a long recording keeps a bounded table.
        if (state.cursor > 4096 && state.cursor * 2 > state.spans.size()) {
            state.spans.erase(state.spans.begin(), state.spans.begin() + state.cursor);
            state.cursor = 0;
        }
        state.spans.push_back(
            {state.decoder->bytesSeen(), chunk.sourceOffset, chunk.sourceIsBytes});
        Delivery sink(*this, state, runIndex);
        state.decoder->feed(chunk.bytes, chunk.receivedAtUs, sink);
    }

    void finish()
    {
        for (auto &[runIndex, state] : m_runs) {
            Delivery sink(*this, state, runIndex);
            state.decoder->finish(sink);
        }
    }

    // One run's end (its recording ended while others may go on): the unterminated rest of its
    // body becomes a last event now, numbered where the run ended.
    void finishRun(int runIndex)
    {
        const auto it = m_runs.find(runIndex);
        if (it == m_runs.end())
            return;
        Delivery sink(*this, it->second, runIndex);
        it->second.decoder->finish(sink);
        m_runs.erase(it);
    }

    // Runs whose response was not 2xx: one problem each, naming status and body.
    void reportHttpErrors(Capture &capture) const
    {
        for (int r = 0; r < capture.runs.size(); ++r) {
            const RecordedResponse &response = capture.runs[r].response;
            if (!response.present || (response.status >= 200 && response.status <= 299))
                continue;
            const ErrorBody error = m_errorBodies.value(r);
            const QByteArray &body = error.bytes;
            capture.problems.append(
                {Severity::Error, error.firstOffset, -1,
                 QStringLiteral("run %1: HTTP %2: %3 (the reference client fails the run; its "
                                "body is not decoded as events)")
                     .arg(r)
                     .arg(response.status)
                     .arg(body.isEmpty() ? QStringLiteral("empty body")
                                         : QString::fromUtf8(body).simplified()),
                 QStringLiteral("capture.http-error")});
        }
    }

private:
    struct Span
    {
        qint64 streamStart;
        qint64 sourceOffset;
        bool exact;
    };
    struct RunState
    {
        std::unique_ptr<StreamDecoder> decoder;
        std::vector<Span> spans;
        size_t cursor = 0; // events come in stream order, so the span search only moves on
    };

    RunState &stateFor(const Capture &capture, int runIndex)
    {
        auto it = m_runs.find(runIndex);
        if (it != m_runs.end())
            return it->second;
        if (m_options.onRunStart)
            m_options.onRunStart(capture, runIndex);
        RunState state;
        state.decoder = std::make_unique<StreamDecoder>(capture.runs[runIndex].framing);
        return m_runs.emplace(runIndex, std::move(state)).first->second;
    }

    qint64 sourceOffsetOf(RunState &state, qint64 streamOffset)
    {
        if (state.spans.empty() || streamOffset < 0)
            return -1;
        while (state.cursor + 1 < state.spans.size()
               && state.spans[state.cursor + 1].streamStart <= streamOffset)
            ++state.cursor;
        const Span &span = state.spans[state.cursor];
        if (span.sourceOffset < 0)
            return -1;
        return span.exact ? span.sourceOffset + (streamOffset - span.streamStart)
                          : span.sourceOffset;
    }

    // Hands a run's frames and heartbeats on, in stream order, numbered across the capture.
    class Delivery final : public FrameSink
    {
    public:
        Delivery(RunDecoders &owner, RunState &state, int runIndex)
            : m_owner(owner)
            , m_state(state)
            , m_runIndex(runIndex)
        { }
        void frame(const DecodedFrame &f) override
        {
            const EventOrigin origin {m_runIndex, m_owner.sourceOffsetOf(m_state, f.streamOffset)};
            DecodedFrame numbered = f;
            numbered.event.seq = m_owner.m_nextSeq++;
            if (m_owner.m_options.onFrame)
                m_owner.m_options.onFrame(numbered, origin);
            if (m_owner.m_options.onEvent) {
                Event e = materialize(numbered.event, numbered.framing);
                e.streamOffset = numbered.streamOffset;
                e.raw = numbered.raw.toByteArray();
                e.payload = numbered.payload.toByteArray();
                e.diagnostics = *numbered.diagnostics;
                m_owner.m_options.onEvent(std::move(e), origin);
            }
        }
        void heartbeat(const Heartbeat &beat) override
        {
            if (m_owner.m_options.onHeartbeat)
                m_owner.m_options.onHeartbeat(
                    beat, {m_runIndex, m_owner.sourceOffsetOf(m_state, beat.streamOffset)});
        }

    private:
        RunDecoders &m_owner;
        RunState &m_state;
        int m_runIndex;
    };

    static constexpr qsizetype kErrorSnippet = 300;
    struct ErrorBody
    {
        QByteArray bytes; // the first kErrorSnippet bytes
        qint64 firstOffset = -1; // in the capture file
    };
    const CaptureLoadOptions &m_options;
    std::map<int, RunState> m_runs;
    QHash<int, ErrorBody> m_errorBodies;
    qint64 m_nextSeq = 0;
};

CaptureReadOptions readOptionsFor(const CaptureLoadOptions &options, RunDecoders &decoders)
{
    CaptureReadOptions read;
    read.keepChunks = options.keepChunks;
    read.onProgress = options.onProgress;
    read.cancel = options.cancel;
    read.blockSize = options.blockSize;
    read.mappedFile = options.mappedFile;
    read.onChunk = [&decoders](const Capture &capture, int runIndex, const Chunk &chunk) {
        decoders.chunk(capture, runIndex, chunk);
    };
    // A run's unterminated last frame is an event where the run ended, as in the live session
    // that recorded it, not after every other run's events.
    read.onRunEnd = [&decoders](const Capture &, int runIndex) { decoders.finishRun(runIndex); };
    return read;
}

} // namespace

Capture loadCapture(QIODevice &in, const CaptureLoadOptions &options)
{
    RunDecoders decoders(options);
    Capture capture = readCapture(in, readOptionsFor(options, decoders));
    if (!capture.cancelled)
        decoders.finish();
    decoders.reportHttpErrors(capture);
    return capture;
}

bool loadCaptureFile(const QString &path, Capture *capture, QString *error,
                     const CaptureLoadOptions &options)
{
    RunDecoders decoders(options);
    if (!readCaptureFile(path, capture, error, readOptionsFor(options, decoders)))
        return false;
    if (!capture->cancelled)
        decoders.finish();
    decoders.reportHttpErrors(*capture);
    return true;
}

struct CaptureFollower::Impl
{
    explicit Impl(CaptureLoadOptions loadOptions)
        : options(std::move(loadOptions))
        , decoders(options)
    { }

    // A capture continues the one fed before when it has at least its runs and chunks.
    bool continues(const Capture &capture) const
    {
        if (capture.runs.size() < fed.size())
            return false;
        for (qsizetype r = 0; r < fed.size(); ++r) {
            if (capture.runs[r].chunks.size() < fed[r])
                return false;
        }
        return true;
    }

    CaptureLoadOptions options; // before decoders, which keep a reference to it
    RunDecoders decoders;
    QList<qsizetype> fed; // chunks decoded, by run
    QList<bool> finished; // by run
};

CaptureFollower::CaptureFollower(CaptureLoadOptions options)
    : m_impl(std::make_unique<Impl>(std::move(options)))
{ }

CaptureFollower::~CaptureFollower() = default;

bool CaptureFollower::feed(const Capture &capture)
{
    Impl &d = *m_impl;
    if (!d.continues(capture))
        return false;
    d.fed.resize(capture.runs.size(), 0);
    d.finished.resize(capture.runs.size(), false);
    // The new chunks of all runs in arrival order, as they were recorded (a stable merge by time
    // keeps concurrent runs interleaved the way they happened; unknown times keep file order).
    struct Ref
    {
        qint64 at;
        int run;
        qsizetype chunk;
    };
    std::vector<Ref> order;
    qint64 total = 0;
    for (int r = 0; r < capture.runs.size(); ++r) {
        const QList<Chunk> &chunks = capture.runs[r].chunks;
        for (qsizetype c = d.fed[r]; c < chunks.size(); ++c) {
            order.push_back({chunks[c].receivedAtUs, r, c});
            total += chunks[c].bytes.size();
        }
    }
    std::stable_sort(order.begin(), order.end(), [](const Ref &a, const Ref &b) {
        return a.at >= 0 && b.at >= 0 && a.at < b.at;
    });
    qint64 done = 0;
    for (const Ref &ref : order) {
        const Chunk &chunk = capture.runs[ref.run].chunks[ref.chunk];
        d.decoders.chunk(capture, ref.run, chunk);
        d.fed[ref.run] = ref.chunk + 1;
        done += chunk.bytes.size();
        if (d.options.onProgress)
            d.options.onProgress(done, total);
        if (d.options.cancel && d.options.cancel->load())
            return true;
    }
    for (int r = 0; r < capture.runs.size(); ++r) {
        if (capture.runs[r].end != RunEnd::Open && !d.finished[r]) {
            d.decoders.finishRun(r);
            d.finished[r] = true;
        }
    }
    return true;
}

void CaptureFollower::finish()
{
    m_impl->decoders.finish();
}

void forEachEvent(const Capture &capture, const CaptureLoadOptions &options)
{
    CaptureFollower follower(options);
    follower.feed(capture);
    if (!(options.cancel && options.cancel->load()))
        follower.finish();
}

} // namespace agui
