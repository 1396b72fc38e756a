// Fuzz target: the run client's HTTP response parser (core/net/httpresponseparser): status line,
// headers, chunked / Content-Length / close-delimited bodies, the connection closing anywhere.
// Whole, in random pieces and byte by byte, the bytes must give the same head, body, verdict and
// unparsed rest; and every byte must be accounted for (bytesSeen is the input's size, and a
// response that never got a head hands back every byte as unparsed).

#include "core/net/httpresponseparser.h"
#include "fuzzsupport.h"

using namespace agui::net;
using namespace agui::fuzz;

namespace {

struct Outcome
{
    HttpResponseParser::State state = HttpResponseParser::State::Head;
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QByteArray unparsed;
    QString error;
    qint64 errorOffset = -1;
    friend bool operator==(const Outcome &, const Outcome &) = default;
};

Outcome parse(const QByteArray &bytes, const QList<QByteArrayView> &pieces, bool close)
{
    HttpResponseParser parser;
    Outcome out;
    for (QByteArrayView piece : pieces) {
        out.body += parser.feed(piece.toByteArray());
        out.unparsed += parser.takeUnparsed();
    }
    if (close)
        parser.finish();
    out.unparsed += parser.takeUnparsed();
    check(parser.bytesSeen() == bytes.size(), "every byte is consumed");
    check(parser.bodyBytes() == out.body.size(), "body bytes are counted");
    if (!parser.headComplete() && parser.state() == HttpResponseParser::State::Failed)
        check(out.unparsed == bytes, "a response without a head is handed back whole");
    check(bytes.endsWith(out.unparsed), "unparsed bytes are the input's tail");
    out.state = parser.state();
    out.status = parser.head().status;
    out.headers = parser.head().headers;
    out.error = parser.errorString();
    out.errorOffset = parser.errorOffset();
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = inputBytes(data, size);
    for (const bool close : {false, true}) {
        const Outcome whole = parse(bytes, {bytes}, close);
        check(parse(bytes, randomPieces(bytes), close) == whole,
              "the response does not depend on the split");
        if (bytes.size() <= kByteByByteMax) {
            QList<QByteArrayView> drip;
            for (qsizetype i = 0; i < bytes.size(); ++i)
                drip.append(QByteArrayView(bytes).sliced(i, 1));
            check(parse(bytes, drip, close) == whole, "the response byte by byte");
        }
    }
    return 0;
}
