// agui-inspect cat FILE : the events of any supported input as JSON lines (or raw bytes).

#include "app/cli/command.h"
#include "app/cli/input.h"

#include "core/capture/eventexport.h"

#include <QFile>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect cat [--raw | --as-client [--origins]] [--filter EXPR] FILE\n\n"
      "Writes the events of FILE ('-' = standard input) to standard output, one JSON object per\n"
      "line, in arrival order (several runs one after the other, as recorded). --raw writes each\n"
      "event's bytes exactly as received instead (SSE frames, JSON lines, protobuf frames).\n"
      "Keep-alives are not events and are not written.\n\n"
      "--filter EXPR writes only the events that match EXPR, in the filter language of the\n"
      "GUI's event list (docs/filter.md), e.g. 'type:TOOL_* run:2' or 'has:error'; the file is\n"
      "then read whole before the first event is written (runs and findings must be known).\n"
      "Not with --as-client.\n\n"
      "--as-client writes the events as @ag-ui/client 1.0.0 delivers them to an application:\n"
      "unknown events dropped, unknown members stripped, chunks expanded, THINKING_* converted,\n"
      "the ENDs it inserts to close chunk streams; nothing after a point where it rejects the\n"
      "stream (said on standard error). --origins wraps each one as {\"origin\": <received\n"
      "event index>, \"how\": \"as "
      "received\"|\"stripped\"|\"converted\"|\"expanded\"|\"closing\",\n"
      "\"event\": {...}}.\n";

// The client's view: needs the whole session (a rejection is known once verification has run).
int catAsClient(const QString &path, bool origins, QFile &stdoutFile)
{
    Input input;
    if (!openInput(path, &input))
        return ExitUnreadable;
    reportCaptureProblems(input);
    const Session &session = *input.session;
    for (const DeliveredEvent &d : session.clientView()) {
        if (origins)
            stdoutFile.write("{\"origin\":" + QByteArray::number(d.originSeq) + ",\"how\":\""
                             + deliveryName(d.how).toUtf8() + "\",\"event\":" + d.text + "}\n");
        else
            stdoutFile.write(d.text + '\n');
    }
    stdoutFile.flush();
    for (const Session::ClientRejection &r : session.clientRejections())
        err() << "note: " << input.name << ":event " << r.seq
              << ": @ag-ui/client rejects the stream here and delivers nothing more of this run ("
              << r.ruleId << ": " << r.message << ")\n";
    return ExitOk;
}

// --filter: the session is built first (run numbers and findings are what the filter asks).
int catFiltered(const QString &path, const EventFilter &filter, bool raw, QFile &stdoutFile)
{
    Input input;
    if (!openInput(path, &input))
        return ExitUnreadable;
    const EventStore &store = input.session->events();
    for (qint64 seq = 0; seq < store.size(); ++seq) {
        if (!filter.matches(store, seq))
            continue;
        if (raw) {
            stdoutFile.write(store.raw(seq));
            continue;
        }
        QString rewritten;
        stdoutFile.write(eventAsJsonLine(store.event(seq), &rewritten));
        if (!rewritten.isEmpty())
            err() << "warning: " << input.name << ":event " << seq << " (byte "
                  << input.fileOffset(seq) << "): " << rewritten << '\n';
    }
    stdoutFile.flush();
    reportCaptureProblems(input);
    return ExitOk;
}

int runCat(const QStringList &argv)
{
    const Args args = parseArgs(argv, {QStringLiteral("--filter")},
                                {QStringLiteral("--help"), QStringLiteral("--raw"),
                                 QStringLiteral("--as-client"), QStringLiteral("--origins")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("cat"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (args.positional.size() != 1)
        return usageError(QStringLiteral("cat"), QStringLiteral("expects exactly one FILE"));
    const bool raw = args.options.contains(QStringLiteral("--raw"));
    const bool asClient = args.options.contains(QStringLiteral("--as-client"));
    if (raw && asClient)
        return usageError(QStringLiteral("cat"),
                          QStringLiteral("--raw and --as-client exclude "
                                         "each other"));
    if (args.options.contains(QStringLiteral("--origins")) && !asClient)
        return usageError(QStringLiteral("cat"), QStringLiteral("--origins needs --as-client"));
    EventFilter filter;
    QString filterError;
    if (!parseFilterOption(args, &filter, &filterError))
        return usageError(QStringLiteral("cat"), filterError);
    if (!filter.isEmpty() && asClient)
        return usageError(QStringLiteral("cat"),
                          QStringLiteral("--filter selects received events: not with --as-client"));
    out().flush();
    QFile stdoutFile;
    if (!stdoutFile.open(stdout, QIODevice::WriteOnly))
        return usageError(QStringLiteral("cat"), QStringLiteral("cannot write to standard output"));
    if (asClient)
        return catAsClient(args.positional.first(),
                           args.options.contains(QStringLiteral("--origins")), stdoutFile);

    if (!filter.isEmpty())
        return catFiltered(args.positional.first(), filter, raw, stdoutFile);

    Input input;
    InputOptions options;
    options.buildSession = false; // streams: each event is written as soon as it is decoded
    const QString name = args.positional.first() == QLatin1String("-") ? QStringLiteral("<stdin>")
                                                                       : args.positional.first();
    options.onEvent = [&](const Event &event, const EventOrigin &origin) {
        // Flushed per event: `curl ... | agui-inspect cat -` shows events as they arrive.
        if (raw) {
            stdoutFile.write(event.raw);
            stdoutFile.flush();
            return;
        }
        QString rewritten;
        stdoutFile.write(eventAsJsonLine(event, &rewritten));
        stdoutFile.flush();
        if (!rewritten.isEmpty()) {
            err() << "warning: " << name << ":event " << event.seq << " (byte "
                  << origin.sourceOffset << "): " << rewritten << '\n';
        }
    };
    if (!openInput(args.positional.first(), &input, options))
        return ExitUnreadable;
    stdoutFile.flush();
    reportCaptureProblems(input);
    return ExitOk;
}

const CommandRegistration reg {
    {QStringLiteral("cat"),
     QStringLiteral("print the events as JSON lines (--raw: as received; --as-client: as the "
                    "client delivers them)"),
     &runCat}};

} // namespace

} // namespace agui::cli
