// Fuzz target: the protobuf binding (core/wire/protoframes, protoevent) and the protobuf framing
// of the stream decoder. Frames must not depend on how the bytes are split and must cover the
// stream; every frame's message is decoded; a message that decodes cleanly re-encodes to a
// message that decodes to the same event (the codec is its own inverse on what it produces).

#include "core/protocol/streamdecoder.h"
#include "core/wire/protoevent.h"
#include "core/wire/protoframes.h"
#include "fuzzsupport.h"

using namespace agui;
using namespace agui::fuzz;

namespace {

QList<ProtoFrame> split(const QList<QByteArrayView> &pieces)
{
    ProtoFrameSplitter::Options options;
    options.maxFrameBytes = 64 * 1024; // small, so the too-large path is reached too
    ProtoFrameSplitter splitter(options);
    QList<ProtoFrame> frames;
    for (QByteArrayView piece : pieces) {
        splitter.feed(piece);
        frames += splitter.takeFrames();
    }
    splitter.finish();
    frames += splitter.takeFrames();
    qint64 at = 0;
    for (const ProtoFrame &f : std::as_const(frames)) {
        check(f.offset == at && f.raw.size() == f.length, "proto frames partition the stream");
        at += f.length;
    }
    check(at == splitter.bytesSeen(), "proto frames cover the stream");
    return frames;
}

bool sameFrames(const QList<ProtoFrame> &a, const QList<ProtoFrame> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a[i].raw != b[i].raw || a[i].message != b[i].message || a[i].offset != b[i].offset
            || a[i].complete != b[i].complete || a[i].issues != b[i].issues)
            return false;
    }
    return true;
}

void roundTrip(QByteArrayView message)
{
    const ProtoDecodeResult decoded = decodeProtoEvent(message);
    if (!decoded.ok() || !decoded.warnings.isEmpty())
        return;
    const ProtoEncodeResult encoded = encodeProtoEvent(decoded.event);
    if (!encoded.ok() || !encoded.warnings.isEmpty())
        return;
    const ProtoDecodeResult again = decodeProtoEvent(encoded.message);
    check(again.ok(), "a re-encoded event decodes");
    check(again.event == decoded.event, "decode(encode(decode(m))) == decode(m)");
}

QList<QByteArray> decode(const QList<QByteArrayView> &pieces)
{
    StreamDecoder decoder(Framing::Proto);
    QList<QByteArray> out;
    auto add = [&](const QList<Event> &events) {
        for (const Event &e : events) {
            QByteArray line = QByteArray::number(e.seq) + ' ' + QByteArray::number(e.streamOffset)
                + ' ' + e.typeName.toUtf8() + ' ' + e.raw;
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

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = inputBytes(data, size);
    const QList<QByteArrayView> whole
        = bytes.isEmpty() ? QList<QByteArrayView>() : QList<QByteArrayView> {bytes};
    const QList<ProtoFrame> frames = split(whole);
    check(sameFrames(split(randomPieces(bytes)), frames),
          "proto frames do not depend on the split");
    for (const ProtoFrame &f : frames)
        roundTrip(f.message);
    roundTrip(bytes); // the whole input as one message too: most inputs are not framed
    check(decode(randomPieces(bytes, 7)) == decode(whole),
          "proto events do not depend on the split");
    return 0;
}
