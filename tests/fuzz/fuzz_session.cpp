// Fuzz target: a whole stream through decode + lint + reduce (core/session: SessionFeeder ->
// Session::appendFrame). Two sessions read the same bytes, one whole and one in random pieces
// with a checkpoint every 3 events: their findings and models must be equal, and time travel to
// any event (restoring checkpoints and replaying stored events) must give the same snapshot
// either way.

#include "core/session/ingest.h"
#include "core/session/session.h"
#include "fuzzsupport.h"

using namespace agui;
using namespace agui::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = inputBytes(data, size);
    // The framing as a file would be read, or protobuf when the input says so (first byte 0).
    const Framing framing
        = !bytes.isEmpty() && bytes.front() == '\0' ? Framing::Proto : detectFraming(bytes);
    Session whole;
    {
        SessionFeeder feeder(whole, framing);
        feeder.feed(bytes, 1);
        feeder.finish();
    }
    Session pieces(3);
    {
        SessionFeeder feeder(pieces, framing);
        for (QByteArrayView piece : randomPieces(bytes))
            feeder.feed(piece, 1);
        feeder.finish();
    }
    check(whole.size() == pieces.size(), "same events whole and in pieces");
    check(whole.findings() == pieces.findings(), "same findings whole and in pieces");
    check(whole.current() == pieces.current(), "same model whole and in pieces");

    SplitRandom random(bytes, 3);
    for (int i = 0; i < 4 && whole.size() > 0; ++i) {
        const qint64 seq = random.below(whole.size());
        check(whole.snapshotAt(seq) == pieces.snapshotAt(seq), "time travel agrees");
        (void)pieces.changeAt(seq);
        (void)pieces.findingsAt(seq);
    }
    (void)messagesAsAgUi(whole.current());
    return 0;
}
