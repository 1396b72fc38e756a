// agui-inspect cat FILE : the events of any supported input as JSON lines (or raw bytes).

#include "app/cli/command.h"
#include "app/cli/input.h"

#include "core/capture/eventexport.h"

#include <QFile>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect cat [--raw] FILE\n\n"
      "Writes the events of FILE ('-' = standard input) to standard output, one JSON object per\n"
      "line, in arrival order (several runs one after the other, as recorded). --raw writes each\n"
      "event's bytes exactly as received instead (SSE frames, JSON lines, protobuf frames).\n"
      "Keep-alives are not events and are not written.\n";

int runCat(const QStringList &argv)
{
    const Args args = parseArgs(argv, {}, {QStringLiteral("--help"), QStringLiteral("--raw")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("cat"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (args.positional.size() != 1)
        return usageError(QStringLiteral("cat"), QStringLiteral("expects exactly one FILE"));
    const bool raw = args.options.contains(QStringLiteral("--raw"));
    out().flush();
    QFile stdoutFile;
    if (!stdoutFile.open(stdout, QIODevice::WriteOnly))
        return usageError(QStringLiteral("cat"), QStringLiteral("cannot write to standard output"));

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
    {QStringLiteral("cat"), QStringLiteral("print the events as JSON lines (--raw: as received)"),
     &runCat}};

} // namespace

} // namespace agui::cli
