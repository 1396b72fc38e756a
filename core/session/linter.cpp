#include "core/session/linter.h"

#include "core/protocol/chunkexpander.h"
#include "core/session/lintextra.h"
#include "core/session/lintsink.h"
#include "core/session/lintverify.h"

namespace agui {

class LinterState
{
public:
    ChunkExpander expander;
    Expansion expansion;
    VerifyRules verify;
    ExtraRules extra;
    Findings findings;
    qint64 fed = 0;
    bool finished = false;
};

Linter::Linter()
    : d(std::make_unique<LinterState>())
{ }

Linter::~Linter() = default;
Linter::Linter(Linter &&) noexcept = default;
Linter &Linter::operator=(Linter &&) noexcept = default;

void Linter::setRunInput(const QJsonObject &runAgentInput)
{
    d->extra.setRunInput(runAgentInput);
}

void Linter::feed(const EventView &event, const Diagnostics &diagnostics,
                  const EventChange *reduced)
{
    const qint64 index = event.seq >= 0 ? event.seq : d->fed;
    ++d->fed;
    LintSink sink(&d->findings);

    // Layer 1: what the protocol and wire layers found, as is.
    for (const Diagnostic &diagnostic : diagnostics)
        sink.passThrough(index, diagnostic);
    d->extra.observeFrame(event, index, sink);

    // Layers 2 and 3 see what the client's verify stage sees: chunk-expanded events. Everything
    // expanded from this frame (including the ENDs it triggers) is reported at this frame's index.
    if (event.type == EventType::Invalid)
        return;
    d->expander.expand(event, d->expansion);
    // (std::as_const everywhere here: a non-const begin() of an empty Qt 6 list allocates.)
    for (const Diagnostic &diagnostic : std::as_const(d->expansion.diagnostics))
        sink.passThrough(index, diagnostic);
    for (const EventView &e : std::as_const(d->expansion.events)) {
        d->verify.check(e, index, sink);
        d->extra.check(e, event, diagnostics, reduced, index, sink);
    }
}

void Linter::feed(const Event &event)
{
    const json::JsonDoc doc = json::JsonDoc::fromQJson(event.json);
    EventView view;
    view.type = event.type;
    view.json
        = event.json.isEmpty() && event.type == EventType::Invalid ? json::JsonView() : doc.root();
    view.seq = event.seq;
    view.receivedAtUs = event.receivedAtUs;
    feed(view, event.diagnostics, nullptr);
}

void Linter::finish()
{
    if (d->finished)
        return;
    d->finished = true;
    LintSink sink(&d->findings);
    d->extra.finish(sink);
}

bool Linter::hasFindings() const
{
    return !d->findings.isEmpty();
}

Findings Linter::takeFindings()
{
    return std::exchange(d->findings, Findings());
}

qint64 Linter::eventsSeen() const
{
    return d->fed;
}

} // namespace agui
