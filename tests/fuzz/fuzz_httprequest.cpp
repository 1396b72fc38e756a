// Fuzz target: the HTTP request parser of `serve` (core/net/httprequestparser), with small
// limits so the 413/431 paths are reached. Whole, in random pieces and byte by byte, the bytes
// must give the same verdict and the same request; what it holds stays within the limits.

#include "core/net/httprequestparser.h"
#include "fuzzsupport.h"

using namespace agui::net;
using namespace agui::fuzz;

namespace {

struct Outcome
{
    HttpRequestParser::State state = HttpRequestParser::State::Head;
    int status = 0;
    QString message;
    QByteArray method, target, version, body;
    QString path;
    QList<QPair<QByteArray, QByteArray>> headers;
    friend bool operator==(const Outcome &, const Outcome &) = default;
};

Outcome parse(const QList<QByteArrayView> &pieces)
{
    const HttpRequestParser::Limits limits {512, 1024};
    HttpRequestParser parser(limits);
    for (QByteArrayView piece : pieces) {
        parser.feed(piece);
        check(parser.bufferedBytes() <= limits.maxHeaderBytes + limits.maxBodyBytes + piece.size(),
              "the parser holds no more than its limits and one read");
    }
    const HttpRequest &r = parser.request();
    if (parser.state() == HttpRequestParser::State::Complete)
        check(r.body.size() == parser.expectedBodyBytes(), "the body has its Content-Length");
    return {parser.state(),
            parser.errorStatus(),
            parser.errorMessage(),
            r.method,
            r.target,
            r.version,
            r.body,
            r.path,
            r.headers};
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = inputBytes(data, size);
    const Outcome whole = parse({bytes});
    check(parse(randomPieces(bytes)) == whole, "the request does not depend on the split");
    if (bytes.size() <= kByteByByteMax) {
        QList<QByteArrayView> drip;
        for (qsizetype i = 0; i < bytes.size(); ++i)
            drip.append(QByteArrayView(bytes).sliced(i, 1));
        check(parse(drip) == whole, "the request byte by byte");
    }
    return 0;
}
