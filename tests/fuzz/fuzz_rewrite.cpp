// Fuzz target: the proxy's rule rewriter (core/intercept) on hostile bodies. The first byte picks
// the framing (odd: protobuf frames, even: SSE); the rest is the body as an agent sends it. A
// fixed set of rules uses every action; held events (a breakpoint) get a decision by their number.
// Invariants: the output and the changes do not depend on how the body is split into reads; the
// changes lie in the body, in order, without overlap; the agent's body with the changes applied
// (what the recording reconstructs) is exactly what the front end got; and with no rule matching,
// the output is the body itself.

#include "core/capture/capture.h"
#include "core/intercept/rewriterules.h"
#include "core/intercept/rulerewriter.h"
#include "fuzzsupport.h"

#include <QJsonObject>

#include <algorithm>

using namespace agui;
using namespace agui::fuzz;
using namespace agui::intercept;

namespace {

const RewriteRules &rules()
{
    static const RewriteRules parsed = [] {
        QString error;
        RewriteRules r = RewriteRules::fromJson(R"([
          {"filter": "type:TEXT_MESSAGE_CONTENT", "action": "drop", "times": 2},
          {"filter": "type:TOOL_CALL_ARGS", "action": "edit",
           "patch": [{"op": "replace", "path": "/delta", "value": "{}"}]},
          {"filter": "type:STATE_DELTA", "action": "edit",
           "patch": [{"op": "test", "path": "/delta", "value": 0}]},
          {"filter": "type:RUN_STARTED", "action": "inject",
           "before": [{"type": "CUSTOM", "name": "b", "value": 1}],
           "after": [{"type": "RAW", "event": {"x": 1}}]},
          {"filter": "type:RUN_FINISHED text:done", "action": "delay", "ms": 0},
          {"filter": "id:m*", "action": "edit", "patch": [{"op": "remove", "path": "/messageId"}]},
          {"filter": "type:TOOL_CALL_* -type:TOOL_CALL_ARGS", "action": "break"}
        ])",
                                                &error);
        check(error.isEmpty(), "the fuzz rules parse");
        return r;
    }();
    return parsed;
}

// Resume, drop, edit into another event, inject around it: by the held event's number.
net::HoldDecision decision(int id)
{
    const QJsonObject custom {{QStringLiteral("type"), QStringLiteral("CUSTOM")},
                              {QStringLiteral("name"), QStringLiteral("held")},
                              {QStringLiteral("value"), id}};
    switch (id % 4) {
    case 0:
        return {};
    case 1:
        return {false, {}};
    case 2:
        return {false, {custom}};
    default:
        return {false, {custom, custom}};
    }
}

struct Result
{
    QByteArray out;
    QList<BodyRewrite> changes;
};

Result rewrite(const RewriteRules &with, const QList<QByteArrayView> &pieces, bool proto)
{
    RecordedResponse response;
    response.status = 200;
    response.headers.append({QStringLiteral("Content-Type"),
                             proto ? QStringLiteral("application/vnd.ag-ui.event+proto")
                                   : QStringLiteral("text/event-stream")});
    QString whyNot;
    const auto rewriter = makeRuleRewriter(with, 0, response, &whyNot);
    check(rewriter != nullptr, "an uncompressed body gets a rewriter");
    net::BodyRewriter::Output output;
    for (QByteArrayView piece : pieces)
        rewriter->feed(piece, output);
    rewriter->finish(output);
    Result result;
    result.changes = output.rewrites;
    for (const auto &piece : std::as_const(output.pieces)) {
        if (piece.hold < 0) {
            result.out += piece.bytes;
            continue;
        }
        // A person's decision, the same for the same held event however the body was split.
        const auto held = std::find_if(output.held.cbegin(), output.held.cend(),
                                       [&piece](const auto &h) { return h.id == piece.hold; });
        check(held != output.held.cend() && held->raw == piece.bytes,
              "a hold piece carries its held event's bytes");
        net::BodyRewriter::Output decided;
        // Keep-alives the proxy sent while it waited reach the front end first.
        const QByteArray keepAlive = held->id % 3 == 0 ? QByteArray(": k\n\n") : QByteArray();
        result.out += keepAlive;
        rewriter->resolve(*held, decision(held->id), keepAlive, decided);
        check(decided.held.isEmpty(), "a decision holds nothing more");
        for (const auto &instead : std::as_const(decided.pieces))
            result.out += instead.bytes;
        result.changes += decided.rewrites;
    }
    // A decision's change is made after the rules' later ones: the recording keeps body order.
    std::stable_sort(
        result.changes.begin(), result.changes.end(),
        [](const BodyRewrite &a, const BodyRewrite &b) { return a.offset < b.offset; });
    return result;
}

bool sameChanges(const QList<BodyRewrite> &a, const QList<BodyRewrite> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a[i].offset != b[i].offset || a[i].length != b[i].length || a[i].rule != b[i].rule
            || a[i].delivered != b[i].delivered || a[i].error != b[i].error)
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input = inputBytes(data, size);
    if (input.isEmpty())
        return 0;
    const bool proto = (uchar(input.at(0)) & 1) != 0;
    const QByteArray body = input.mid(1);
    const QList<QByteArrayView> whole {body};

    const Result reference = rewrite(rules(), whole, proto);
    const Result split = rewrite(rules(), randomPieces(body), proto);
    check(split.out == reference.out, "the output does not depend on the split");
    check(sameChanges(split.changes, reference.changes), "the changes do not depend on the split");

    RunRecording run;
    run.chunks.append(Chunk {-1, body, -1, false});
    qint64 at = 0;
    for (const BodyRewrite &change : reference.changes) {
        check(change.offset >= at && change.length > 0
                  && change.offset + change.length <= body.size(),
              "changes lie in the body, in order, without overlap");
        at = change.offset + change.length;
    }
    run.rewrites = reference.changes;
    check(run.deliveredBody() == reference.out, "the recording reconstructs what was delivered");

    // A rule for another exchange matches nothing here: the very bytes go on.
    static const RewriteRules elsewhere = [] {
        QString error;
        RewriteRules r
            = RewriteRules::fromJson(R"([{"filter": "run:99", "action": "drop"}])", &error);
        check(error.isEmpty(), "the idle rule parses");
        return r;
    }();
    const Result untouched = rewrite(elsewhere, randomPieces(body, 7), proto);
    check(untouched.out == body && untouched.changes.isEmpty(),
          "a body no rule takes passes byte for byte");
    return 0;
}
