#include "core/session/linter.h"

#include "core/session/clientpipeline.h"
#include "core/session/lintextra.h"
#include "core/session/lintsink.h"
#include "core/session/lintverify.h"

namespace agui {

class LinterState
{
public:
    ClientPipeline pipeline; // a Linter on its own; in a Session, the reducer's pipeline
    ClientStep step;
    VerifyRules verify;
    ExtraRules extra;
    Findings findings;
    qint64 fed = 0;
    int rejectedPiece = -1; // of the last frame
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
                  const ClientStep *delivered, const EventChange *reduced)
{
    const qint64 index = event.seq >= 0 ? event.seq : d->fed;
    ++d->fed;
    LintSink sink(&d->findings);
    d->rejectedPiece = -1;
    // Whether the findings from `mark` on hold an error (of the layers that model the client).
    const auto erred = [this](qsizetype mark) {
        for (qsizetype i = mark; i < d->findings.size(); ++i)
            if (d->findings.at(i).diagnostic.severity == Severity::Error
                && d->findings.at(i).layer != QLatin1String("lint"))
                return true;
        return false;
    };
    const qsizetype start = d->findings.size();

    // Layer 1: what the protocol and wire layers found, as is.
    for (const Diagnostic &diagnostic : diagnostics)
        sink.passThrough(index, diagnostic);
    d->extra.observeFrame(event, index, sink);
    if (isLegacyType(event.type))
        d->verify.checkThinking(event, index, sink);

    // Layers 2 and 3 see what the client's verify stage sees: the events its pipeline delivers
    // (chunks expanded, retired types translated, unknown material stripped). Everything delivered
    // for this frame (including the ENDs it triggers) is reported at this frame's index.
    if (erred(start))
        d->rejectedPiece = 0; // the enforce stage throws before anything is delivered
    if (!delivered) {
        d->pipeline.process(event, diagnostics, d->step);
        delivered = &d->step;
    }
    // (std::as_const everywhere here: a non-const begin() of an empty Qt 6 list allocates.)
    const qsizetype chunkMark = d->findings.size();
    for (const Diagnostic &diagnostic : std::as_const(delivered->diagnostics))
        sink.passThrough(index, diagnostic);
    if (d->rejectedPiece < 0 && erred(chunkMark))
        d->rejectedPiece = int(delivered->events.size()); // the rejected chunk comes last
    for (qsizetype i = 0; i < delivered->events.size(); ++i) {
        const EventView &e = delivered->events.at(i);
        const qsizetype mark = d->findings.size();
        d->verify.check(e, index, sink);
        if (erred(mark) && (d->rejectedPiece < 0 || i < d->rejectedPiece))
            d->rejectedPiece = int(i);
        d->extra.check(e, event, diagnostics, reduced, index, sink);
    }
}

int Linter::rejectedPiece() const
{
    return d->rejectedPiece;
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
    feed(view, event.diagnostics, nullptr, nullptr);
}

void Linter::endRequest(qint64 lastIndex)
{
    LintSink sink(&d->findings);
    d->extra.endRequest(lastIndex, sink);
    d->verify = VerifyRules();
    d->pipeline.reset();
}

void Linter::startRequestAfterFinish()
{
    d->verify = VerifyRules();
    d->pipeline.reset();
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
