// agui-inspect redact IN OUT : a copy of a capture without its content, for bug reports.

#include "app/cli/command.h"
#include "app/cli/input.h"

#include "core/analysis/redactedexport.h"
#include "core/capture/capturewriter.h"

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect redact IN OUT\n\n"
      "Writes OUT, an .aguicap of IN (any capture format; '-' = standard input) with its content\n"
      "taken out: message and reasoning text, tool arguments and results, state values, A2UI\n"
      "data, custom values, error messages and request bodies become typed length markers\n"
      "(\"<redacted string, 12 chars #3fa2c1>\"; numbers become other numbers). Event types, ids,\n"
      "object keys, array lengths, framing, HTTP heads and receive times are kept, so OUT shows\n"
      "the same structure and timing and lints the same. Equal values get equal markers within\n"
      "one export only (a keyed hash whose key is never written). Credentials are never in a\n"
      "capture to begin with. A summary goes to standard error.\n";

int runRedact(const QStringList &argv)
{
    const Args args = parseArgs(argv, {}, {QStringLiteral("--help")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("redact"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (args.positional.size() != 2)
        return usageError(QStringLiteral("redact"), QStringLiteral("expects IN and OUT"));
    Input input;
    InputOptions options;
    options.keepChunks = true;
    options.buildSession = false;
    if (!openInput(args.positional[0], &input, options))
        return ExitUnreadable;
    reportCaptureProblems(input);
    analysis::ContentRedactor redactor;
    analysis::RedactionSummary summary;
    const Capture redacted = analysis::redactCapture(input.capture, redactor, &summary);
    CaptureWriter writer;
    if (!writer.open(args.positional[1]) || !writer.writeCapture(redacted)) {
        err() << "agui-inspect redact: " << args.positional[1] << ": " << writer.errorString()
              << '\n';
        return ExitUnreadable;
    }
    writer.close();
    err() << "wrote " << args.positional[1] << ": " << summary.events << " events, "
          << summary.keepAlives << " keep-alives, " << summary.values << " values redacted\n";
    return ExitOk;
}

const CommandRegistration reg {
    {QStringLiteral("redact"),
     QStringLiteral("copy a capture without its content (text, args, state, A2UI data)"),
     &runRedact}};

} // namespace

} // namespace agui::cli
