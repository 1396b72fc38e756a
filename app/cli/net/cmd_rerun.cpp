// agui-inspect rerun CAPTURE : re-sends a recorded request to the agent and checks that the new
// run has the recorded one's structure (event types in order, tool names and argument keys,
// state paths), whatever the text, the values, the ids and the timing.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/net/agentrun.h"
#include "app/cli/netcommands.h"

#include "core/analysis/runcompare.h"
#include "core/net/resendheaders.h"
#include "core/session/session.h"

#include <algorithm>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect rerun CAPTURE [--run N] [--url URL] [--header 'Name: value']...\n"
      "                        [--proto] [--record FILE] [--timeout S] [--stall S]\n"
      "                        [--format json|text]\n\n"
      "Re-sends the request of a recorded run (its body byte for byte, to its URL) to the agent,\n"
      "streams the new events like `run`, and compares the new run with the recorded one by\n"
      "structure: the event types in order (a message's or a tool call's streamed deltas count\n"
      "as one event), each tool call's name and argument keys, and the state paths touched by\n"
      "STATE_SNAPSHOT and STATE_DELTA. Text, values, ids and timing are not compared.\n"
      "  --run N         the recorded HTTP exchange to re-send, 0-based (default 0)\n"
      "  --url URL       send to URL instead of the recorded one\n"
      "  --header H      an extra request header, 'Name: value' (repeatable). The recorded\n"
      "                  headers are re-sent except credentials, which a capture never holds:\n"
      "                  give them again here (they are redacted in --record and never printed)\n"
      "  --proto, --record FILE, --timeout S, --stall S, --format F, --traceparent V,\n"
      "  --no-traceparent: as for `run` (a recorded traceparent is replaced by a new one)\n"
      "The differences go to standard error, one line each, naming the event on each side\n"
      "(A: the recorded run, B: the new one; events counted from 0 within each run).\n"
      "Exit status: 0 same structure, 1 different, 2 the new run did not complete (connection,\n"
      "non-2xx answer, timeout, stall), an unreadable capture or bad usage.\n";

// What rerun needs of the capture: the request of exchange N and the events it got.
struct Recorded
{
    RecordedRequest request;
    std::unique_ptr<Session> session = std::make_unique<Session>();
    int exchanges = 0;
};

bool loadRecorded(const QString &path, int exchange, Recorded *recorded)
{
    QList<Event> events;
    Input input;
    InputOptions options;
    options.buildSession = false;
    options.onEvent = [&](const Event &event, const EventOrigin &origin) {
        if (origin.runIndex == exchange)
            events.append(event);
    };
    if (!openInput(path, &input, options))
        return false;
    reportCaptureProblems(input);
    recorded->exchanges = int(input.capture.runs.size());
    if (exchange >= recorded->exchanges)
        return true;
    recorded->request = input.capture.runs[exchange].request;
    recorded->session->seedFromRequestBody(recorded->request.body);
    for (const Event &e : std::as_const(events))
        recorded->session->append(e);
    recorded->session->finish();
    return true;
}

// The recorded headers worth sending again (net::resendableHeaders: not the recorded trace
// context either); a --header of the same name replaces the recorded one.
HttpHeaders requestHeaders(const HttpHeaders &recorded, const HttpHeaders &given)
{
    HttpHeaders headers;
    for (const auto &header : net::resendableHeaders(recorded)) {
        // Not a structured binding: clang 14 cannot capture one in a lambda.
        const bool replaced = std::any_of(given.cbegin(), given.cend(), [&](const auto &h) {
            return h.first.compare(header.first, Qt::CaseInsensitive) == 0;
        });
        if (!replaced)
            headers.append(header);
    }
    return headers + given;
}

// The request to re-send, or the reason it cannot be.
QString requestOptions(const Args &args, const QString &capture, int exchange,
                       const Recorded &recorded, RunOptions *options)
{
    if (exchange >= recorded.exchanges)
        return QStringLiteral("--run %1: %2 has %3 recorded exchange(s)")
            .arg(exchange)
            .arg(capture)
            .arg(recorded.exchanges);
    if (!recorded.request.present)
        return QStringLiteral("%1 has no recorded request for exchange %2 (a raw event stream "
                              "holds only the response): use `agui-inspect run URL --body FILE`")
            .arg(capture)
            .arg(exchange);
    const QString url = args.options.value(QStringLiteral("--url"), recorded.request.url);
    if (!args.options.contains(QStringLiteral("--url")) && net::isRedacted(url))
        return QStringLiteral("the recorded URL %1 had a credential redacted: give it with --url")
            .arg(url);
    if (url.isEmpty())
        return QStringLiteral("%1 has no URL for exchange %2: give it with --url")
            .arg(capture)
            .arg(exchange);
    options->body = recorded.request.body;
    options->headers = requestHeaders(recorded.request.headers, options->headers);
    return parseAgentUrl(url, &options->url);
}

int printComparison(const analysis::SessionDiff &diff)
{
    for (const analysis::DiffItem &item : diff.items)
        err() << item.section.leftJustified(10) << ' ' << analysis::describeDiffItem(item) << '\n';
    // A stream's deltas count as one event here, so these are not the runs' event counts.
    err() << diff.eventsMatched << " of " << diff.eventsA << " recorded and " << diff.eventsB
          << " new events (a stream's deltas counted once) matched by type; ";
    if (diff.same()) {
        err() << "same structure as the recorded run\n";
        return ExitOk;
    }
    err() << "different structure: " << diff.count(analysis::DiffKind::Missing) << " missing, "
          << diff.count(analysis::DiffKind::Added) << " added, "
          << diff.count(analysis::DiffKind::Changed) << " changed\n";
    return ExitFindings;
}

int runRerun(const QStringList &argv)
{
    const QString command = QStringLiteral("rerun");
    QStringList headers;
    QString error;
    const QStringList rest = takeHeaders(argv, &headers, &error);
    if (!error.isEmpty())
        return usageError(command, error);
    const Args args = parseArgs(
        rest, transportValueOptions() << QStringLiteral("--run") << QStringLiteral("--url"),
        transportFlags() << QStringLiteral("--help"));
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (!args.error.isEmpty())
        return usageError(command, args.error);
    if (args.positional.size() != 1)
        return usageError(command, QStringLiteral("expects exactly one CAPTURE"));
    bool ok = true;
    const int exchange
        = args.options.value(QStringLiteral("--run"), QStringLiteral("0")).toInt(&ok);
    if (!ok || exchange < 0)
        return usageError(command, QStringLiteral("--run must be a run number >= 0"));
    RunOptions options;
    error = parseTransportOptions(args, headers, &options);
    if (!error.isEmpty())
        return usageError(command, error);
    const QString capture = args.positional.first();
    Recorded recorded;
    if (!loadRecorded(capture, exchange, &recorded))
        return ExitUnreadable;
    error = requestOptions(args, capture, exchange, recorded, &options);
    if (!error.isEmpty())
        return usageError(command, error);
    Session session;
    if (!executeRun(command, options, &session).completed) {
        err() << "agui-inspect rerun: the new run did not complete: nothing to compare\n";
        return ExitUnreadable;
    }
    return printComparison(analysis::compareRunStructure({recorded.session.get(), -1, {}, capture},
                                                         {&session, -1, {}, command}));
}

const CommandRegistration reg {netCommand(QStringLiteral("rerun"), &runRerun)};

} // namespace

} // namespace agui::cli
