#pragma once

// A recorded session as OpenTelemetry spans: the mapping docs/otel.md tables event by event,
// after the OpenTelemetry GenAI semantic conventions (agent and tool spans). One trace per
// AG-UI run, unless the run's request carried a W3C traceparent: then the run joins that trace.
//   run       -> "invoke_agent" (CLIENT): the inspector or proxy is the agent's client
//   tool call -> "execute_tool {name}" under its run (or the subagent that made it)
//   subagent  -> "invoke_agent {name}" under the tool call that spawned it (or its parent)
//   step, text message, reasoning -> INTERNAL spans under their run (or subagent)
//   findings, stalls, the first text token -> span events; a broken stream -> status Error
// Content (message text, tool arguments and results, state, error messages) is left out unless
// TraceOptions::captureContent asks, as the conventions recommend. The ids are derived from
// the session (never random), so exporting the same capture twice gives the same trace.

#include "core/analysis/eventclock.h"
#include "core/analysis/timing.h"
#include "core/capture/capture.h"
#include "core/otel/otelspan.h"
#include "core/otel/traceparent.h"

#include <QList>

namespace agui {
class Session;
}

namespace agui::otel {

// The name of the instrumentation scope every span is written under.
inline constexpr const char kScopeName[] = "agui-inspector";

struct TraceSource
{
    const Session *session = nullptr; // finished (Session::finish), so open runs are truncated
    const Capture *capture = nullptr; // requests and responses; may be null (a raw body)
    analysis::EventClock clock; // EventClock::choose
    QList<int> exchangeOfSeq; // the capture run of each event; empty: unknown
    const analysis::TimingReport *timing = nullptr; // stalls per exchange; optional
};

struct TraceOptions
{
    bool captureContent = false; // message text, arguments, results, error messages
};

// The spans of every run of the session (onlyExchange < 0), or of the runs of one capture run
// (a proxy's exchange as it ends), in a stable order: each run's span, then its children by
// start. An exchange without any AG-UI run (an HTTP error, a body that is not AG-UI) is one
// invoke_agent span with status Error.
QList<Span> spansOf(const TraceSource &source, const TraceOptions &options = {},
                    int onlyExchange = -1);

// The traceparent a client of ours (the CLI's run, the window's runs) sends with a new run when
// the user gave none: a new random trace whose parent id is the id the export gives the run's
// invoke_agent span, so the agent's own spans nest under it.
TraceParent newClientTraceParent();
// Whether `parent` is one newClientTraceParent() made (its parent id is the span we export).
bool isClientTraceParent(const TraceParent &parent);

// The resource of an export: service.name (default "agui-inspector"), then `extra`.
Attributes resourceAttributes(const QString &serviceName,
                              const QList<QPair<QString, QString>> &extra = {});

} // namespace agui::otel
