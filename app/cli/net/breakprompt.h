#pragma once

// `agui-inspect proxy --break FILTER`: the person at the terminal decides about each event (or
// request) a breakpoint holds. The held thing is printed on standard error with a prompt, and
// one line read from standard input says what goes on in its place:
//
//   event:    Enter or "r" resume · "d" drop · a JSON event, or an array of events, on one line
//   request:  Enter or "f" forward · "x" refuse (503, the agent never asked) · any other line is
//             sent to the agent as the body
//   both:     "off" turns the breakpoints off (everything held goes on unchanged)
//
// What a person types is read as the window's Breakpoint tab reads it (core/intercept's
// readReplacementEvents): a mistake is said with its line and column and asked again; schema
// findings are said and the events sent all the same. Holds are asked about one at a time, in
// the order they came. Standard input that ends (a pipe closed, Ctrl+D) turns the breakpoints off:
// nobody is left to decide.

#include "core/capture/capture.h"
#include "core/net/bodyrewriter.h"

#include <QList>
#include <QObject>

namespace agui::net {
class AgentProxy;
} // namespace agui::net

namespace agui::cli {

// The time of day the proxy's log lines and prompts start with ("10:42:07.118").
QString proxyClock();

class BreakPrompt : public QObject
{
public:
    explicit BreakPrompt(net::AgentProxy *proxy);
    ~BreakPrompt() override;

private:
    struct Held
    {
        int exchange = -1;
        std::optional<RecordedRequest> request; // set: a request, else `event`
        net::HeldEvent event;
    };
    void add(Held held);
    void ask(); // prints the first held thing and the prompt
    void readInput(const QByteArray &bytes);
    void answer(const QString &line);
    // Reads the line as a decision about the first held thing and passes it to the proxy;
    // false (nothing decided) when the line cannot be sent.
    bool decideEvent(const Held &held, const QString &line);
    bool decideRequest(const Held &held, const QString &line);
    void forget(int exchange);
    void stopBreaking(const QString &why);

    net::AgentProxy *m_proxy;
    QByteArray m_buffer; // input not yet a whole line
    QList<Held> m_held; // the first is the one asked about
    std::pair<int, int> m_asked {-1, -1}; // exchange and event id (-1: the request) last asked
};

} // namespace agui::cli
