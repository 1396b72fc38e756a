// agui-inspect convert IN OUT : between capture formats (agui capture, JSON lines, raw SSE, HAR,
// CopilotKit aimock fixtures).

#include "app/cli/command.h"
#include "app/cli/input.h"

#include "core/capture/aimockwriter.h"
#include "core/capture/capturewriter.h"
#include "core/capture/eventexport.h"
#include "core/capture/harwriter.h"

#include <QCoreApplication>

#include <QFile>
#include <QSaveFile>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect convert [--to aguicap|jsonl|sse|har|aimock] IN OUT\n\n"
      "Reads IN in any supported format ('-' = standard input) and writes OUT ('-' = standard\n"
      "output) in the format named by --to or by OUT's extension:\n"
      "  .aguicap  agui capture: every run with its request, response head, chunks and times\n"
      "            (credentials redacted)\n"
      "  .jsonl    one event per line (the event JSON as received)\n"
      "  .sse      a text/event-stream body; SSE input is copied byte for byte, other events are\n"
      "            framed as 'data: <json>' + blank line\n"
      "  .har      HAR 1.2, one entry per HTTP exchange (credentials redacted), with the receive\n"
      "            time of every piece of body in _aguiChunks, which reading a HAR restores\n"
      "  .aimock.json  a CopilotKit aimock config file ('aimock --config OUT' serves it on\n"
      "            POST /agui): one AG-UI fixture per run, matching the run's last user message\n"
      "            (and tool result), with its events and one delayMs per fixture: the median\n"
      "            gap between arrivals of events, at most the run's duration spread over its\n"
      "            events (docs/fixtures.md); each choice is printed on standard error\n"
      "OUT is replaced only once it is completely written.\n";

enum class Target { Agui, JsonLines, Sse, Har, Aimock };

bool targetFor(const QString &to, const QString &out, Target *target, QString *error)
{
    QString name = to;
    if (name.isEmpty()) {
        if (out == QLatin1String("-")) {
            name = QStringLiteral("jsonl");
        } else {
            const QString lower = out.toLower();
            if (lower.endsWith(QLatin1String(".aimock.json")))
                name = QStringLiteral("aimock");
            else if (lower.endsWith(QLatin1String(".aguicap")))
                name = QStringLiteral("aguicap");
            else if (lower.endsWith(QLatin1String(".jsonl"))
                     || lower.endsWith(QLatin1String(".ndjson")))
                name = QStringLiteral("jsonl");
            else if (lower.endsWith(QLatin1String(".sse")))
                name = QStringLiteral("sse");
            else if (lower.endsWith(QLatin1String(".har")))
                name = QStringLiteral("har");
        }
    }
    if (name == QLatin1String("aguicap") || name == QLatin1String("agui"))
        *target = Target::Agui;
    else if (name == QLatin1String("jsonl"))
        *target = Target::JsonLines;
    else if (name == QLatin1String("sse"))
        *target = Target::Sse;
    else if (name == QLatin1String("har"))
        *target = Target::Har;
    else if (name == QLatin1String("aimock"))
        *target = Target::Aimock;
    else {
        *error = name.isEmpty()
            ? QStringLiteral(
                  "cannot tell the output format from '%1'; use --to aguicap|jsonl|sse|har|aimock")
                  .arg(out)
            : QStringLiteral("unknown output format '%1' (aguicap, jsonl, sse, har, aimock)")
                  .arg(name);
        return false;
    }
    return true;
}

QByteArray sseBody(const Input &input, const QList<QList<Event>> &eventsByRun)
{
    QByteArray body;
    for (qsizetype r = 0; r < input.capture.runs.size(); ++r) {
        const RunRecording &run = input.capture.runs[r];
        // A run boundary must also be an SSE frame boundary, or two runs' frames would merge.
        if (!body.isEmpty() && !body.endsWith("\n\n") && !body.endsWith("\r\n\r\n"))
            body.append(body.endsWith('\n') ? "\n" : "\n\n");
        if (run.framing == Framing::Sse) {
            for (const Chunk &c : run.chunks)
                body.append(c.bytes);
        } else {
            for (const Event &e : eventsByRun.value(r))
                body.append(eventAsSse(e));
        }
    }
    return body;
}

// The delayMs chosen for each fixture and what the file could not hold, on standard error.
void reportAimockExport(const QString &inputName, const AimockExport &fixtures)
{
    for (qsizetype i = 0; i < fixtures.fixtures.size(); ++i) {
        const AimockExportedFixture &f = fixtures.fixtures[i];
        err() << "fixture " << i << " (run " << f.run << ", " << f.events << " events): delayMs "
              << f.delay.delayMs << ", " << f.delay.reason;
        if (f.unstamped > 0)
            err() << "; aimock stamps the " << f.unstamped << " events without a timestamp";
        err() << '\n';
    }
    for (const QString &warning : fixtures.warnings)
        err() << "warning: " << inputName << ": " << warning << '\n';
    if (fixtures.fixtures.isEmpty())
        err() << "warning: " << inputName << ": no run became a fixture\n";
    err().flush();
}

int runConvert(const QStringList &argv)
{
    const Args args = parseArgs(argv, {QStringLiteral("--to")}, {QStringLiteral("--help")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("convert"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (args.positional.size() != 2)
        return usageError(QStringLiteral("convert"), QStringLiteral("expects IN and OUT"));
    const QString outPath = args.positional[1];
    Target target;
    QString error;
    if (!targetFor(args.options.value(QStringLiteral("--to")), outPath, &target, &error))
        return usageError(QStringLiteral("convert"), error);

    // The output is opened first so JSON lines stream straight to it; a file is only replaced
    // once everything is written (QSaveFile).
    QSaveFile file;
    QFile stdoutFile;
    QIODevice *device = nullptr;
    if (outPath == QLatin1String("-")) {
        out().flush();
        stdoutFile.open(stdout, QIODevice::WriteOnly);
        device = &stdoutFile;
    } else {
        file.setFileName(outPath);
        if (!file.open(QIODevice::WriteOnly)) {
            err() << "agui-inspect: " << outPath << ": cannot write: " << file.errorString()
                  << '\n';
            return ExitUnreadable;
        }
        device = &file;
    }

    Input input;
    input.path = args.positional[0];
    input.name = input.path == QLatin1String("-") ? QStringLiteral("<stdin>") : input.path;
    bool ok = true;
    QList<QList<Event>> eventsByRun;
    if (target == Target::Agui || target == Target::Har || target == Target::Aimock) {
        // Runs, requests and chunks are copied as recorded: no need to decode events.
        QString readError;
        if (!readCaptureFile(input.path, &input.capture, &readError)) {
            err() << "agui-inspect: " << input.name << ": " << readError << '\n';
            file.cancelWriting();
            return ExitUnreadable;
        }
    } else {
        InputOptions options;
        options.keepChunks = target == Target::Sse; // SSE runs are copied byte for byte
        options.buildSession = false;
        options.onEvent = [&](const Event &event, const EventOrigin &origin) {
            if (target == Target::Sse) {
                if (eventsByRun.size() <= origin.runIndex)
                    eventsByRun.resize(origin.runIndex + 1);
                eventsByRun[origin.runIndex].append(event);
                return;
            }
            QString rewritten;
            const QByteArray line = eventAsJsonLine(event, &rewritten);
            ok = ok && device->write(line) == line.size();
            if (!rewritten.isEmpty())
                err() << "warning: " << input.name << ":event " << event.seq << " (byte "
                      << origin.sourceOffset << "): " << rewritten << '\n';
        };
        if (!openInput(input.path, &input, options)) {
            file.cancelWriting();
            return ExitUnreadable;
        }
    }
    reportCaptureProblems(input);

    switch (target) {
    case Target::Agui: {
        CaptureWriter writer;
        ok = ok && writer.open(device);
        if (ok && input.capture.format != CaptureFormat::Agui)
            ok = writer.writeNote(
                -1,
                QStringLiteral("converted from %1 (%2)%3")
                    .arg(captureFormatName(input.capture.format), input.name,
                         input.capture.tool.isEmpty()
                             ? QString()
                             : QStringLiteral(", written by ") + input.capture.tool));
        ok = ok && writer.writeCapture(input.capture);
        if (!ok)
            error = writer.errorString();
        break;
    }
    case Target::Har: {
        const QByteArray har = captureToHar(input.capture, QCoreApplication::applicationVersion());
        ok = device->write(har) == har.size();
        break;
    }
    case Target::Aimock: {
        const AimockExport fixtures = captureToAimock(input.capture);
        reportAimockExport(input.name, fixtures);
        ok = device->write(fixtures.text) == fixtures.text.size();
        break;
    }
    case Target::JsonLines:
        break; // written while reading
    case Target::Sse: {
        const QByteArray body = sseBody(input, eventsByRun);
        ok = device->write(body) == body.size();
        break;
    }
    }
    if (ok && device == &file)
        ok = file.commit();
    else if (device == &stdoutFile)
        stdoutFile.flush();
    if (!ok) {
        err() << "agui-inspect: " << outPath
              << ": writing failed: " << (error.isEmpty() ? device->errorString() : error) << '\n';
        return ExitUnreadable;
    }
    return ExitOk;
}

const CommandRegistration reg {
    {QStringLiteral("convert"),
     QStringLiteral("convert between agui capture, JSON lines, SSE, HAR and aimock fixtures"),
     &runConvert}};

} // namespace

} // namespace agui::cli
