// Fuzz target: what a CopilotKit runtime sends us (core/copilotkit, core/wire/debugenvelope,
// the CopilotKitDebug frame splitter). The same bytes are read as
//  - a runtime's /info answer: either an info or an error (never neither), an error offset
//    inside the body, agent ids unique and each found by agent();
//  - one debug-feed envelope: the event span lies inside the text and starts a JSON value, an
//    error names a byte inside the text;
//  - a debug feed, whole and in random pieces: the same streams, notes and per-stream bytes
//    either way, and every byte lands in exactly one run (the runs' chunks in receive order are
//    the feed again);
//  - a body framed as the feed's streams: the same events whole and in pieces.

#include "core/capture/capture.h"
#include "core/copilotkit/debugfeeddemux.h"
#include "core/copilotkit/runtimeinfo.h"
#include "core/net/chunksink.h"
#include "core/protocol/streamdecoder.h"
#include "core/wire/debugenvelope.h"
#include "fuzzsupport.h"

#include <QSet>

#include <algorithm>
#include <memory>
#include <vector>

using namespace agui;
using namespace agui::fuzz;

namespace {

struct Piece
{
    qint64 order;
    QByteArray bytes;
};

// One run's bytes, with a shared counter giving every chunk its place in the feed.
class CollectingSink : public net::ChunkSink
{
public:
    CollectingSink(qint64 *counter, std::vector<Piece> *all)
        : m_counter(counter)
        , m_all(all)
    { }
    void chunkReceived(const QByteArray &bytes, qint64) override
    {
        check(!m_ended, "no chunk after a run's end");
        m_bytes += bytes;
        m_all->push_back({(*m_counter)++, bytes});
    }
    void runEnded(RunEnd, const QString &, qint64) override
    {
        check(!m_ended, "a run ends once");
        m_ended = true;
    }
    QByteArray m_bytes;
    bool m_ended = false;

private:
    qint64 *m_counter;
    std::vector<Piece> *m_all;
};

struct FeedOutcome
{
    QList<QByteArray> streams; // label + bytes per stream
    QList<QByteArray> notes;
    QByteArray feedRunBytes;
};

FeedOutcome demux(const QList<QByteArrayView> &pieces, const QByteArray &whole)
{
    qint64 counter = 0;
    std::vector<Piece> all;
    CollectingSink feedRun(&counter, &all);
    std::vector<std::unique_ptr<CollectingSink>> streams;
    copilotkit::DebugFeedDemux d(&feedRun, [&](const copilotkit::FeedStream &) {
        streams.push_back(std::make_unique<CollectingSink>(&counter, &all));
        return streams.back().get();
    });
    d.opened({}, {});
    qint64 at = 0;
    for (QByteArrayView p : pieces)
        d.feed(p.toByteArray(), at++);
    d.finish(RunEnd::Finished, {}, at);

    QByteArray joined;
    for (const Piece &p : all)
        joined += p.bytes;
    check(joined == whole, "every byte lands in exactly one run, in order");
    check(d.bytesSeen() == whole.size(), "the demux saw every byte");
    check(feedRun.m_ended, "the feed run ended");
    FeedOutcome out;
    for (qsizetype i = 0; i < d.streams().size(); ++i) {
        check(streams[size_t(i)]->m_ended, "every stream ended");
        out.streams.append(d.streams()[i].label().toUtf8() + '\n' + streams[size_t(i)]->m_bytes);
    }
    check(out.streams.size() == qsizetype(streams.size()), "one sink per stream");
    for (const Diagnostic &n : d.notes()) {
        check(n.byteOffset >= -1 && n.byteOffset <= whole.size(), "a note points into the feed");
        out.notes.append(n.ruleId.toUtf8() + '@' + QByteArray::number(n.byteOffset));
    }
    out.feedRunBytes = feedRun.m_bytes;
    return out;
}

QList<QByteArray> decode(const QList<QByteArrayView> &pieces)
{
    StreamDecoder decoder(Framing::CopilotKitDebug);
    QList<QByteArray> out;
    auto add = [&](const QList<Event> &events) {
        for (const Event &e : events) {
            QByteArray line
                = QByteArray::number(e.streamOffset) + ' ' + e.typeName.toUtf8() + ' ' + e.payload;
            for (const Diagnostic &d : e.diagnostics)
                line += ' ' + d.ruleId.toUtf8() + '@' + QByteArray::number(d.byteOffset);
            out.append(line);
        }
    };
    for (QByteArrayView piece : pieces)
        add(decoder.feed(piece, 0));
    add(decoder.finish());
    return out;
}

void checkInfo(const QByteArray &bytes)
{
    const copilotkit::RuntimeInfoResult r = copilotkit::parseRuntimeInfo(
        bytes, QStringLiteral("application/json"), QStringLiteral("fuzz"));
    check(r.info.has_value() != !r.error.isEmpty(), "an info or an error, not both or neither");
    check(r.errorOffset >= -1 && r.errorOffset <= bytes.size(), "the error offset is in the body");
    if (!r.info)
        return;
    QSet<QString> ids;
    for (const copilotkit::RuntimeAgent &a : r.info->agents) {
        check(!ids.contains(a.id), "agent ids are unique");
        ids.insert(a.id);
        check(r.info->agent(a.id) == &a, "each agent is found by its id");
    }
}

void checkEnvelope(const QByteArray &bytes)
{
    const DebugEnvelopeScan s = scanDebugEnvelope(bytes);
    if (s.ok()) {
        check(s.error.isEmpty(), "no error with an event");
        check(s.eventLength > 0 && s.eventStart + s.eventLength <= bytes.size(),
              "the event lies inside the envelope");
    } else {
        check(!s.error.isEmpty(), "an envelope without an event says why");
        check(s.errorOffset >= 0 && s.errorOffset <= bytes.size(), "the error is at a byte of it");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = inputBytes(data, size);
    checkInfo(bytes);
    checkEnvelope(bytes);

    const QList<QByteArrayView> whole {bytes};
    const QList<QByteArrayView> pieces = randomPieces(bytes);
    const FeedOutcome a = demux(whole, bytes);
    const FeedOutcome b = demux(pieces, bytes);
    check(a.streams == b.streams, "the same streams whatever the split");
    check(a.notes == b.notes, "the same notes whatever the split");
    check(a.feedRunBytes == b.feedRunBytes, "the same feed-run bytes whatever the split");

    check(decode(whole) == decode(pieces), "the streams' events do not depend on the split");
    return 0;
}
