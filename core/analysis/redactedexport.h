#pragma once

// A capture with its content taken out, to attach to a bug report: the same HTTP exchanges,
// request and response heads, every event re-encoded in its own framing with its receive time,
// keep-alives as they were; text, tool arguments and results, state values and A2UI data replaced
// by typed length markers (ContentRedactor). The result lints the same as the original (same
// rules at the same events and paths), which the tests check on real captures.

#include "core/analysis/contentredactor.h"
#include "core/capture/capture.h"

namespace agui::analysis {

struct RedactionSummary
{
    qint64 events = 0;
    qint64 keepAlives = 0;
    qint64 values = 0; // strings and numbers replaced
};

// `capture` must have been read with its chunks.
Capture redactCapture(const Capture &capture, ContentRedactor &redactor,
                      RedactionSummary *summary = nullptr);

} // namespace agui::analysis
