#include "app/cli/net/breakprompt.h"

#include "app/cli/command.h"
#include "core/capture/redaction.h"
#include "core/intercept/replacementevents.h"
#include "core/net/agentproxy.h"

#include "core/platform/standardinput.h"

#include <QDateTime>

namespace agui::cli {

namespace {

// What a person reads of the held thing: long bodies are cut (the recording keeps them whole).
QString shown(const QByteArray &text)
{
    constexpr qsizetype kMaxShown = 4000;
    const QString s = QString::fromUtf8(text.left(kMaxShown));
    return text.size() > kMaxShown ? s + QStringLiteral("… (%1 bytes)").arg(text.size()) : s;
}

} // namespace

QString proxyClock()
{
    return QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss.zzz"));
}

BreakPrompt::BreakPrompt(net::AgentProxy *proxy)
    : QObject(proxy)
    , m_proxy(proxy)
{
    connect(proxy, &net::AgentProxy::eventHeld, this,
            [this](int exchange, const net::HeldEvent &event) {
                add({exchange, std::nullopt, event});
            });
    connect(proxy, &net::AgentProxy::requestHeld, this,
            [this](int exchange, const RecordedRequest &request) {
                add({exchange, request, {}});
            });
    connect(proxy, &net::AgentProxy::exchangeEnded, this,
            [this](int exchange) { forget(exchange); });
    new platform::StandardInputReader(
        [this](const QByteArray &bytes) { readInput(bytes); },
        [this] { stopBreaking(QStringLiteral("standard input closed")); }, this);
}

BreakPrompt::~BreakPrompt() = default;

void BreakPrompt::add(Held held)
{
    m_held.append(std::move(held));
    if (m_held.size() == 1)
        ask();
}

void BreakPrompt::ask()
{
    if (m_held.isEmpty())
        return;
    const Held &held = m_held.first();
    const std::pair<int, int> key {held.exchange, held.request ? -1 : held.event.id};
    if (key == m_asked)
        return; // asked already (a decision's own hold may have asked for the next one)
    m_asked = key;
    QTextStream &e = err();
    if (held.request) {
        e << proxyClock() << " #" << held.exchange << " request held: " << held.request->method
          << ' ' << redactUrl(held.request->url) << " (" << held.request->body.size()
          << " bytes)\n  " << shown(held.request->body)
          << "\n  [f]orward, e[x] refuse (503), or the body to send "
          << "instead, on one line> ";
    } else {
        e << proxyClock() << " #" << held.exchange << " held at \"" << held.event.rule
          << "\" (byte " << held.event.offset << ")\n  " << shown(held.event.json)
          << "\n  [r]esume, [d]rop, or the event(s) to send instead as JSON on one line> ";
    }
    if (m_held.size() > 1)
        e << "(" << m_held.size() - 1 << " more held) ";
    e.flush();
}

void BreakPrompt::readInput(const QByteArray &bytes)
{
    m_buffer.append(bytes);
    for (qsizetype end = m_buffer.indexOf('\n'); end >= 0; end = m_buffer.indexOf('\n')) {
        const QString line = QString::fromUtf8(m_buffer.left(end)).trimmed();
        m_buffer.remove(0, end + 1);
        answer(line);
    }
}

void BreakPrompt::answer(const QString &line)
{
    if (m_held.isEmpty()) {
        if (!line.isEmpty()) {
            err() << "nothing is held: \"" << line << "\" ignored\n";
            err().flush();
        }
        return;
    }
    if (line == QLatin1String("off"))
        return stopBreaking(QStringLiteral("asked"));
    const Held held = m_held.first();
    const bool ok = held.request ? decideRequest(held, line) : decideEvent(held, line);
    if (!ok) {
        m_asked = {-1, -1};
        return ask(); // the same again, after what was wrong
    }
    ask(); // the next one, if any (the decision may have ended its exchange meanwhile)
}

bool BreakPrompt::decideEvent(const Held &held, const QString &line)
{
    net::HoldDecision decision;
    if (line == QLatin1String("d")) {
        decision.resume = false;
    } else if (!line.isEmpty() && line != QLatin1String("r")) {
        const intercept::ReplacementEvents read = intercept::readReplacementEvents(line.toUtf8());
        if (!read.ok()) {
            err() << "  not sent: " << read.error << '\n';
            return false;
        }
        for (const QString &warning : read.warnings)
            err() << "  not valid AG-UI (sent all the same): " << warning << '\n';
        decision.resume = false;
        decision.events = read.events;
    }
    m_held.removeFirst(); // before the proxy acts: the exchange may end while it does
    if (!m_proxy->resolveHold(held.exchange, held.event.id, decision))
        err() << "  #" << held.exchange << " has ended meanwhile\n";
    return true;
}

bool BreakPrompt::decideRequest(const Held &held, const QString &line)
{
    net::RequestDecision decision;
    if (line == QLatin1String("x"))
        decision.action = net::RequestDecision::Action::Refuse;
    else if (!line.isEmpty() && line != QLatin1String("f"))
        decision.body = line.toUtf8();
    m_held.removeFirst(); // before the proxy acts: the exchange may end while it does
    if (!m_proxy->resolveRequest(held.exchange, decision))
        err() << "  #" << held.exchange << " has ended meanwhile\n";
    return true;
}

void BreakPrompt::forget(int exchange)
{
    const bool asked = !m_held.isEmpty() && m_held.first().exchange == exchange;
    m_held.removeIf([exchange](const Held &held) { return held.exchange == exchange; });
    if (asked) {
        err() << "\n  #" << exchange << " ended while held\n";
        ask();
    }
}

void BreakPrompt::stopBreaking(const QString &why)
{
    m_held.clear();
    m_asked = {-1, -1};
    err() << '\n'
          << proxyClock() << " breakpoints off (" << why
          << "): everything held goes on unchanged\n";
    err().flush();
    m_proxy->setBreakpointsActive(false); // what it releases is logged after the line above
}

} // namespace agui::cli
