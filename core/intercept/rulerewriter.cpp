#include "core/intercept/rulerewriter.h"

#include "core/capture/capturewriter.h"
#include "core/json/jsonpatch.h"
#include "core/protocol/eventtype.h"
#include "core/wire/protoevent.h"
#include "core/wire/protoframes.h"
#include "core/wire/sseencoder.h"
#include "core/wire/sseparser.h"

#include <QJsonDocument>

namespace agui::intercept {

namespace {

// An event still incomplete after this many bytes goes on as it comes, unchanged: the proxy
// must not hold an endless line in memory (an SSE line this long is not interpreted anyway, and
// the reference client refuses protobuf frames over 10 MiB).
constexpr qsizetype kMaxHeldBytes = 16 * 1024 * 1024;

// What the rules make of one whole event. Framing-neutral: the subclasses split the body and
// encode events; this holds the bytes not yet passed on and decides.
class RuleRewriter : public net::BodyRewriter
{
public:
    RuleRewriter(const RewriteRules &rules, int exchange, Framing framing)
        : m_rules(rules)
        , m_exchange(exchange)
        , m_framing(framing)
        , m_used(rules.rules().size(), 0)
    { }

    void feed(QByteArrayView bytes, Output &out) final
    {
        m_held.append(bytes.data(), bytes.size());
        m_out = &out;
        split(bytes);
        passUpTo(m_wholeUpTo); // every whole event the rules left alone goes on now
        if (m_held.size() > kMaxHeldBytes)
            passUpTo(m_heldFrom + m_held.size());
        m_out = nullptr;
    }

    void finish(Output &out) final
    {
        m_out = &out;
        finishSplit();
        passUpTo(m_heldFrom + m_held.size()); // an unfinished event goes on as it came
        m_out = nullptr;
    }

protected:
    virtual void split(QByteArrayView bytes) = 0;
    virtual void finishSplit() = 0;
    virtual QByteArray encode(const QJsonObject &event, QString *error) const = 0;

    // A unit of the body [offset, offset + raw.size()) is complete: an event (with its object,
    // when it decoded to one) or anything else (a keep-alive), which passes unchanged.
    void whole(qint64 offset, QByteArrayView raw, const QJsonObject *event, QByteArrayView text)
    {
        m_wholeUpTo = offset + raw.size();
        if (!event || offset < m_heldFrom)
            return; // not an event, or too long to hold: its start has gone on already
        const qint64 seq = m_seq++;
        const int index = matchingRule(*event, seq, text);
        if (index < 0)
            return;
        ++m_used[index];
        const RewriteRule &rule = m_rules.rules().at(index);
        if (rule.action == RewriteAction::Break)
            hold(rule, offset, raw, *event, text);
        else
            apply(rule, offset, raw, *event);
    }

private:
    int matchingRule(const QJsonObject &event, qint64 seq, QByteArrayView text) const
    {
        EventSummary summary;
        summary.seq = seq;
        summary.typeName = event.value(QLatin1String("type")).toString();
        summary.type = eventTypeFromName(summary.typeName);
        summary.framing = m_framing;
        summary.runIndex = m_exchange;
        Event asEvent; // primaryIdOf reads only the type and the object (shared, not copied)
        asEvent.type = summary.type;
        asEvent.json = event;
        summary.primaryId = primaryIdOf(asEvent);
        const auto eventText = [text] { return QString::fromUtf8(text); };
        const QList<RewriteRule> &rules = m_rules.rules();
        for (qsizetype i = 0; i < rules.size(); ++i) {
            const RewriteRule &rule = rules.at(i);
            if (rule.enabled && (rule.times < 0 || m_used.at(i) < rule.times)
                && rule.filter.matches(summary, eventText))
                return int(i);
        }
        return -1;
    }

    void apply(const RewriteRule &rule, qint64 offset, QByteArrayView raw, const QJsonObject &event)
    {
        BodyRewrite change;
        change.atUs = nowUs();
        change.offset = offset;
        change.length = raw.size();
        change.rule = rule.name;
        change.action = rewriteActionName(rule.action);
        change.delivered = raw.toByteArray();
        switch (rule.action) {
        case RewriteAction::Drop:
            change.delivered.clear();
            break;
        case RewriteAction::Delay:
            change.delayMs = rule.delayMs;
            break;
        case RewriteAction::Edit:
            change.delivered = edited(rule, event, &change.error, change.delivered);
            break;
        case RewriteAction::Inject:
            change.delivered = injected(rule, &change.error, change.delivered);
            break;
        case RewriteAction::Break:
            break; // held instead (hold())
        }
        passUpTo(offset);
        m_out->pieces.append({change.delivered, change.delayMs});
        m_out->rewrites.append(change);
        consumeUpTo(offset + raw.size()); // what went on instead is the piece above
    }

    // The event waits for a person: its bytes go into the output as a hold piece, which the
    // proxy keeps (with everything after it) until resolve().
    void hold(const RewriteRule &rule, qint64 offset, QByteArrayView raw, const QJsonObject &event,
              QByteArrayView text)
    {
        passUpTo(offset);
        net::HeldEvent held;
        held.id = m_nextHold++;
        held.rule = rule.name;
        held.offset = offset;
        held.raw = raw.toByteArray();
        held.json = text.toByteArray();
        held.type = event.value(QLatin1String("type")).toString();
        m_out->pieces.append({held.raw, 0, held.id});
        m_out->held.append(held);
        consumeUpTo(offset + raw.size()); // the hold piece carries the bytes now
    }

    // The body bytes before `end` are spoken for (a piece already carries them or their stand-in).
    void consumeUpTo(qint64 end)
    {
        m_held.remove(0, end - m_heldFrom);
        m_heldFrom = end;
    }

    void resolve(const net::HeldEvent &held, const net::HoldDecision &decision,
                 const QByteArray &keepAlive, Output &out) final
    {
        BodyRewrite change;
        change.atUs = nowUs();
        change.offset = held.offset;
        change.length = held.raw.size();
        change.rule = held.rule;
        change.action = rewriteActionName(RewriteAction::Break);
        QByteArray instead;
        for (const QJsonObject &event : decision.events) {
            if (change.error.isEmpty())
                instead.append(encode(event, &change.error));
        }
        if (decision.resume || !change.error.isEmpty())
            instead = held.raw; // resumed, or what the person wrote cannot be sent: the original
        out.pieces.append({instead, 0});
        if (instead == held.raw && keepAlive.isEmpty() && change.error.isEmpty())
            return; // nothing the front end gets differs from what the agent sent
        change.delivered = keepAlive + instead;
        out.rewrites.append(change);
    }

    QByteArray edited(const RewriteRule &rule, const QJsonObject &event, QString *error,
                      const QByteArray &original) const
    {
        const json::PatchResult result = json::applyPatch(event, rule.patch);
        if (!result.ok || !result.document.isObject()) {
            // Never a half-edited event: the original goes on and the recording says why.
            *error = result.ok ? QStringLiteral("the patch left no event object")
                               : QStringLiteral("patch operation %1: %2")
                                     .arg(result.error.opIndex)
                                     .arg(result.error.message);
            return original;
        }
        const QByteArray bytes = encode(result.document.toObject(), error);
        return error->isEmpty() ? bytes : original;
    }

    QByteArray injected(const RewriteRule &rule, QString *error, const QByteArray &original) const
    {
        QByteArray bytes;
        for (const QJsonObject &e : rule.before)
            bytes.append(encode(e, error));
        bytes.append(original);
        for (const QJsonObject &e : rule.after)
            bytes.append(encode(e, error));
        return error->isEmpty() ? bytes : original;
    }

    void passUpTo(qint64 end)
    {
        const qint64 n = end - m_heldFrom;
        if (n <= 0)
            return;
        m_out->pieces.append({m_held.left(n), 0});
        consumeUpTo(end);
    }

    const RewriteRules m_rules; // a copy (shared, not deep): outlives whatever was passed in
    int m_exchange;
    Framing m_framing;
    QList<int> m_used; // per rule: events acted on in this exchange (for "times")
    QByteArray m_held; // body bytes [m_heldFrom, m_heldFrom + size) not yet passed on
    qint64 m_heldFrom = 0;
    qint64 m_wholeUpTo = 0; // end of the last whole unit seen
    qint64 m_seq = 0;
    int m_nextHold = 0;
    Output *m_out = nullptr;
};

class SseRuleRewriter final
    : public RuleRewriter
    , private SseBlockHandler
{
public:
    using RuleRewriter::RuleRewriter;

private:
    void split(QByteArrayView bytes) override { m_parser.feed(bytes, *this); }
    void finishSplit() override { m_parser.finish(*this); }

    void block(const SseBlock &block) override
    {
        if (!block.terminated)
            return; // the stream ended inside it: it passes as it came
        QJsonParseError error;
        const QJsonDocument doc = block.isEvent() && !block.overlong
            ? QJsonDocument::fromJson(block.data.toByteArray(), &error)
            : QJsonDocument();
        const QJsonObject event = doc.object();
        const bool decoded = doc.isObject();
        whole(block.offset, block.raw, decoded ? &event : nullptr, block.data);
    }

    QByteArray encode(const QJsonObject &event, QString *error) const override
    {
        Q_UNUSED(error);
        return encodeSse(event);
    }

    SseParser m_parser;
};

class ProtoRuleRewriter final : public RuleRewriter
{
public:
    using RuleRewriter::RuleRewriter;

private:
    void split(QByteArrayView bytes) override
    {
        m_splitter.feed(bytes);
        takeFrames();
    }
    void finishSplit() override
    {
        m_splitter.finish();
        takeFrames();
    }

    void takeFrames()
    {
        for (const ProtoFrame &frame : m_splitter.takeFrames()) {
            if (!frame.complete)
                continue; // the body ended inside it: it passes as it came
            const ProtoDecodeResult decoded = decodeProtoEvent(frame.message);
            const QByteArray text = decoded.ok()
                ? QJsonDocument(decoded.event).toJson(QJsonDocument::Compact)
                : QByteArray();
            whole(frame.offset, frame.raw, decoded.ok() ? &decoded.event : nullptr, text);
        }
    }

    QByteArray encode(const QJsonObject &event, QString *error) const override
    {
        const ProtoEncodeResult encoded = encodeProtoEvent(event);
        if (!encoded.ok()) {
            *error = QStringLiteral("cannot be written as protobuf: %1").arg(encoded.error);
            return {};
        }
        return encodeProtoFrame(encoded.message);
    }

    ProtoFrameSplitter m_splitter;
};

} // namespace

std::unique_ptr<net::BodyRewriter> makeRuleRewriter(const RewriteRules &rules, int exchange,
                                                    const RecordedResponse &response,
                                                    QString *whyNot)
{
    if (response.status < 200 || response.status > 299) {
        // An error answer is not events (the reference client fails such a run unread).
        *whyNot = QStringLiteral("the answer is %1, not an event stream; it passes unchanged")
                      .arg(response.status);
        return nullptr;
    }
    const QString encoding
        = headerValue(response.headers, QLatin1StringView("content-encoding")).trimmed();
    if (!encoding.isEmpty() && encoding.compare(QLatin1String("identity"), Qt::CaseInsensitive)) {
        *whyNot = QStringLiteral("the body is %1-encoded; it passes unchanged").arg(encoding);
        return nullptr;
    }
    whyNot->clear();
    const Framing framing
        = framingForContentType(headerValue(response.headers, QLatin1StringView("content-type")));
    if (framing == Framing::Proto)
        return std::make_unique<ProtoRuleRewriter>(rules, exchange, framing);
    return std::make_unique<SseRuleRewriter>(rules, exchange, framing);
}

} // namespace agui::intercept
