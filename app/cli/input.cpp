#include "app/cli/input.h"

#include "app/cli/command.h"
#include "app/cli/jsonprint.h"

#include "core/agent/a2uiagui.h"
#include "core/ingest/sessionloader.h"
#include "core/platform/heap.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace agui::cli {

qint64 Input::fileOffset(qint64 seq, qint64 streamByte) const
{
    const qint64 eventStream
        = session && seq >= 0 && seq < session->size() ? session->events().streamOffset(seq) : -1;
    return origins.fileOffset(seq, eventStream, streamByte, offsetsAreExact());
}

bool Input::offsetsAreExact() const
{
    return fileOffsetsAreExact(capture.format);
}

void leaveInputToExit(Input &input)
{
#if defined(__SANITIZE_ADDRESS__)
    Q_UNUSED(input);
#else
    const Session *session = input.session.release();
    const auto *capture = new Capture(std::move(input.capture));
    const auto *origins = new EventOrigins(std::move(input.origins));
    Q_UNUSED(session);
    Q_UNUSED(capture);
    Q_UNUSED(origins);
#endif
}

bool openInput(const QString &path, Input *input, const InputOptions &options)
{
    platform::adviseHugePageHeapFor(path);
    input->path = path;
    input->name = path == QLatin1String("-") ? QStringLiteral("<stdin>") : path;
    QString error;
    const auto countHeartbeat
        = [input, &options](const Heartbeat &beat, const EventOrigin &origin) {
              ++input->heartbeats;
              if (options.onHeartbeat)
                  options.onHeartbeat(beat, origin);
          };
    if (options.buildSession && !options.onEvent) {
        // The session pipeline (two threads; the frames reach onFrame on this one).
        input->session = std::make_unique<Session>(options.session);
        SessionLoadOptions load;
        load.keepChunks = options.keepChunks;
        load.onFrame = [input, &options](const DecodedFrame &frame, const EventOrigin &origin) {
            input->origins.note(input->events++, origin, frame.streamOffset);
            if (options.onFrame)
                options.onFrame(frame, origin);
        };
        load.onHeartbeat = countHeartbeat;
        const SessionLoadResult r = loadIntoSession(path, *input->session, &input->capture, load);
        if (!r.ok) {
            err() << "agui-inspect: " << input->name << ": " << r.error << '\n';
            err().flush();
            return false;
        }
        return true;
    }
    // Materialised events (cat, convert) or no session: the capture loader alone.
    if (options.buildSession)
        input->session = std::make_unique<Session>(options.session);
    CaptureLoadOptions load;
    load.keepChunks = options.keepChunks;
    load.onRunStart = [input](const Capture &capture, int runIndex) {
        // The POSTed RunAgentInput seeds messages and state like the client had them.
        if (input->session)
            input->session->seedFromRequestBody(capture.runs[runIndex].request.body);
    };
    load.onFrame = [input, &options](const DecodedFrame &frame, const EventOrigin &origin) {
        input->origins.note(input->events++, origin, frame.streamOffset);
        if (options.onFrame)
            options.onFrame(frame, origin);
        if (input->session)
            input->session->appendFrame(frame);
    };
    if (options.onEvent)
        load.onEvent = [&options](Event &&event, const EventOrigin &origin) {
            options.onEvent(event, origin);
        };
    load.onHeartbeat = countHeartbeat;
    if (!loadCaptureFile(path, &input->capture, &error, load)) {
        err() << "agui-inspect: " << input->name << ": " << error << '\n';
        err().flush();
        return false;
    }
    if (input->session)
        input->session->finish();
    return true;
}

bool reportCaptureProblems(const Input &input)
{
    bool errors = false;
    for (const CaptureProblem &p : input.capture.problems) {
        errors = errors || p.severity == Severity::Error;
        err() << severityName(p.severity) << ": " << input.name;
        if (p.line >= 0)
            err() << ":" << p.line;
        if (p.byteOffset >= 0)
            err() << " (byte " << p.byteOffset << ")";
        err() << ": " << p.message << '\n';
    }
    err().flush();
    return errors;
}

Args parseArgs(const QStringList &args, const QStringList &valueOptions, const QStringList &flags)
{
    Args out;
    bool onlyPositional = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (onlyPositional || a == QLatin1String("-") || !a.startsWith(QLatin1Char('-'))) {
            out.positional.append(a);
            continue;
        }
        if (a == QLatin1String("--")) {
            onlyPositional = true;
            continue;
        }
        QString name = a;
        QString value;
        bool hasValue = false;
        const qsizetype eq = a.indexOf(QLatin1Char('='));
        if (eq > 0) {
            name = a.left(eq);
            value = a.mid(eq + 1);
            hasValue = true;
        }
        if (flags.contains(name) && !hasValue) {
            out.options.insert(name, QString());
        } else if (valueOptions.contains(name)) {
            if (!hasValue) {
                if (i + 1 >= args.size()) {
                    out.error = QStringLiteral("%1 needs a value").arg(name);
                    return out;
                }
                value = args[++i];
            }
            out.options.insert(name, value); // the last one given
            out.repeated[name].append(value);
        } else {
            out.error = QStringLiteral("unknown option %1").arg(a);
            return out;
        }
    }
    return out;
}

int usageError(const QString &command, const QString &message)
{
    err() << "agui-inspect " << command << ": " << message << " (see agui-inspect " << command
          << " --help)\n";
    err().flush();
    return ExitUnreadable;
}

int runAtEventCommand(const QString &command, const char *help, const QStringList &argv,
                      const std::function<QJsonValue(const SessionSnapshot &)> &view)
{
    const Args args = parseArgs(argv, {QStringLiteral("--at")}, {QStringLiteral("--help")});
    if (!args.error.isEmpty())
        return usageError(command, args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << help;
        return ExitOk;
    }
    if (args.positional.size() != 1)
        return usageError(command, QStringLiteral("expects exactly one FILE"));
    Input input;
    if (!openInput(args.positional.first(), &input))
        return ExitUnreadable;
    reportCaptureProblems(input);
    qint64 seq = -1;
    QString error;
    if (!parseAtOption(args.options.value(QStringLiteral("--at")), input.session->size(), &seq,
                       &error))
        return usageError(command, error);
    const bool last = seq == input.session->size() - 1;
    const SessionSnapshot snapshot
        = last ? input.session->current() : input.session->snapshotAt(seq);
    out() << indentedJson(view(snapshot));
    return ExitOk;
}

bool parseFilterOption(const Args &args, EventFilter *filter, QString *error)
{
    *filter = EventFilter::parse(args.options.value(QStringLiteral("--filter")));
    if (filter->isValid())
        return true;
    *error = QStringLiteral("--filter: %1").arg(filter->errorMessage());
    return false;
}

bool openFileOrStdin(const QString &path, QFile *file, QString *displayName)
{
    const bool isStdin = path == QStringLiteral("-");
    *displayName = isStdin ? QStringLiteral("<stdin>") : path;
    bool opened = false;
    if (isStdin) {
        opened = file->open(stdin, QIODevice::ReadOnly);
    } else {
        file->setFileName(path);
        opened = file->open(QIODevice::ReadOnly);
    }
    if (!opened)
        err() << "agui-inspect: " << *displayName << ": " << file->errorString() << '\n';
    return opened;
}

int openFilterStreams(const QString &command, const Args &args, QFile *in, QString *inName,
                      QFile *out)
{
    if (args.positional.size() > 1)
        return usageError(command, QStringLiteral("give one input file"));
    if (!openFileOrStdin(args.positional.value(0, QStringLiteral("-")), in, inName))
        return ExitUnreadable;
    if (!out->open(stdout, QIODevice::WriteOnly))
        return ExitUnreadable;
    return ExitOk;
}

void writeAguiEvent(QFile &out, const QJsonObject &event, bool jsonl)
{
    if (jsonl)
        out.write(QJsonDocument(event).toJson(QJsonDocument::Compact) + '\n');
    else
        out.write(a2uiagui::encode(event));
}

} // namespace agui::cli
