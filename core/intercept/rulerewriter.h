#pragma once

// Applies RewriteRules to one exchange's response body as it streams through a proxy: splits it
// into events the way the front end will (SSE blocks, or protobuf frames for
// application/vnd.ag-ui.event+proto), and for each whole event asks the rules. An event no rule
// takes goes on as the very bytes it came in; a changed one goes on re-encoded in the same
// framing (an SSE edit is written as "data: <compact JSON>\n\n", keys in sorted order), and the
// change is reported with the original's place in the body, so the recording keeps both.

#include "core/capture/capture.h"
#include "core/intercept/rewriterules.h"
#include "core/net/bodyrewriter.h"

#include <memory>

namespace agui::intercept {

// A rewriter for one exchange (its number is what `run:` in a rule's filter counts, from 1), or
// nullptr when this body cannot be rewritten (a non-2xx answer, or a compressed body: *whyNot
// says so and it passes untouched). The rewriter keeps a (shared) copy of the rules.
std::unique_ptr<net::BodyRewriter> makeRuleRewriter(const RewriteRules &rules, int exchange,
                                                    const RecordedResponse &response,
                                                    QString *whyNot);

} // namespace agui::intercept
