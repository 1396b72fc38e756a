// Fuzz target: the SSE parser (core/wire/sseparser), the SSE frame splitter and the stream
// decoder (core/protocol). The same bytes are fed whole, in random pieces and byte by byte; every
// way must give the same blocks, events and findings (the parsers promise split invariance), the
// blocks must partition the stream, and the handler path (views) must agree with the collecting
// one.

#include "core/protocol/streamdecoder.h"
#include "core/wire/sseparser.h"
#include "fuzzsupport.h"

using namespace agui;
using namespace agui::fuzz;

namespace {

// One block as (offset, raw, data, is event): what any split must reproduce.
struct Block
{
    qint64 offset = 0;
    QByteArray raw;
    QByteArray data;
    bool event = false;
    WireIssues issues;
    friend bool operator==(const Block &, const Block &) = default;
};

// Blocks as the handler path sees them (views, valid during the call: copied here).
class BlockCopier : public SseBlockHandler
{
public:
    explicit BlockCopier(QList<Block> *blocks)
        : m_blocks(blocks)
    { }
    void block(const SseBlock &b) override
    {
        check(b.raw.size() > 0 && b.data.size() < b.raw.size(), "block data inside its block");
        m_blocks->append({b.offset, b.raw.toByteArray(), b.data.toByteArray(), b.isEvent(),
                          b.issues ? *b.issues : WireIssues()});
    }

private:
    QList<Block> *m_blocks;
};

QList<Block> parse(const QList<QByteArrayView> &pieces, bool handlerPath)
{
    SseParser::Options options;
    options.maxLineBytes = 4096; // small, so over-long lines are reached too
    SseParser parser(options);
    QList<Block> blocks;
    BlockCopier copier(&blocks);
    auto take = [&] {
        for (const SseEvent &e : parser.takeEvents()) {
            check(e.raw.size() == e.length, "event raw has its length");
            blocks.append({e.offset, e.raw, e.data, true, e.issues});
        }
        for (const SseKeepAlive &k : parser.takeKeepAlives()) {
            check(k.raw.size() == k.length, "keep-alive raw has its length");
            blocks.append({k.offset, k.raw, {}, false, k.issues});
        }
        parser.takeComments();
    };
    for (QByteArrayView piece : pieces) {
        if (handlerPath) {
            parser.feed(piece, copier);
        } else {
            parser.feed(piece);
            take();
        }
    }
    if (handlerPath) {
        parser.finish(copier);
    } else {
        parser.finish();
        take();
    }
    std::stable_sort(blocks.begin(), blocks.end(),
                     [](const Block &a, const Block &b) { return a.offset < b.offset; });
    // Blocks partition [bomLength, bytesSeen) without gap or overlap.
    qint64 at = parser.bomLength();
    for (const Block &b : std::as_const(blocks)) {
        check(b.offset == at, "blocks partition the stream");
        at += b.raw.size();
    }
    check(at == parser.bytesSeen(), "blocks cover the stream");
    return blocks;
}

// Decoded events as comparable text: seq, offset, type, raw, diagnostics.
QList<QByteArray> decode(const QList<QByteArrayView> &pieces, Framing framing)
{
    StreamDecoder decoder(framing);
    QList<QByteArray> out;
    auto add = [&](const QList<Event> &events) {
        for (const Event &e : events) {
            QByteArray line = QByteArray::number(e.seq) + ' ' + QByteArray::number(e.streamOffset)
                + ' ' + e.typeName.toUtf8() + ' ' + e.raw + ' ' + e.payload;
            for (const Diagnostic &d : e.diagnostics)
                line += ' ' + d.ruleId.toUtf8() + '@' + QByteArray::number(d.byteOffset);
            out.append(line);
        }
    };
    for (QByteArrayView piece : pieces)
        add(decoder.feed(piece, 0));
    add(decoder.finish());
    check(
        decoder.bytesSeen() ==
            [&] {
                qint64 n = 0;
                for (QByteArrayView p : pieces)
                    n += p.size();
                return n;
            }(),
        "decoder saw every byte");
    return out;
}

QList<QByteArrayView> byteByByte(QByteArrayView bytes)
{
    QList<QByteArrayView> pieces;
    for (qsizetype i = 0; i < bytes.size(); ++i)
        pieces.append(bytes.sliced(i, 1));
    return pieces;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = inputBytes(data, size);
    const QList<QByteArrayView> whole
        = bytes.isEmpty() ? QList<QByteArrayView>() : QList<QByteArrayView> {bytes};
    const QList<QByteArrayView> pieces = randomPieces(bytes);

    const QList<Block> reference = parse(whole, false);
    check(parse(pieces, false) == reference, "SSE blocks do not depend on the split");
    // The handler path (views, nothing copied) gives the same blocks as the collecting one.
    check(parse(pieces, true) == reference, "SSE handler path agrees with the collecting one");

    const QList<QByteArray> events = decode(whole, Framing::Sse);
    check(decode(pieces, Framing::Sse) == events, "SSE events do not depend on the split");
    check(decode(randomPieces(bytes, 1), Framing::JsonLine) == decode(whole, Framing::JsonLine),
          "JSON-lines events do not depend on the split");
    if (bytes.size() <= kByteByByteMax) {
        check(parse(byteByByte(bytes), false) == reference, "SSE blocks byte by byte");
        check(decode(byteByByte(bytes), Framing::Sse) == events, "SSE events byte by byte");
    }
    return 0;
}
