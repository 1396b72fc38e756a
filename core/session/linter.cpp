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

void Linter::feed(const Event &event)
{
    const qint64 index = event.seq >= 0 ? event.seq : d->fed;
    ++d->fed;
    LintSink sink(&d->findings);

    // Layer 1: what the protocol and wire layers found, as is.
    for (const Diagnostic &diagnostic : event.diagnostics)
        sink.passThrough(index, diagnostic);
    d->extra.observeFrame(event, index, sink);

    // Layers 2 and 3 see what the client's verify stage sees: chunk-expanded events. Everything
    // expanded from this frame (including the ENDs it triggers) is reported at this frame's index.
    const QList<Event> expanded = d->expander.expand(event);
    for (const Event &e : expanded) {
        // The expander's own findings (chunk.*) sit on the events it returns.
        for (const Diagnostic &diagnostic : e.diagnostics) {
            if (!event.diagnostics.contains(diagnostic))
                sink.passThrough(index, diagnostic);
        }
        d->verify.check(e, index, sink);
        d->extra.check(e, event, index, sink);
    }
}

void Linter::finish()
{
    if (d->finished)
        return;
    d->finished = true;
    LintSink sink(&d->findings);
    d->extra.finish(sink);
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
