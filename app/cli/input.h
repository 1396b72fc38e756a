#pragma once

#include "core/capture/captureloader.h"
#include "core/capture/eventorigins.h"
#include "core/session/eventfilter.h"
#include "core/session/session.h"

#include <QFile>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <functional>
#include <memory>

namespace agui::cli {

// One input of a subcommand (a file, or "-" for standard input), read in any capture format
// (detected from content), decoded and folded into a Session.
struct Input
{
    QString path; // as given
    QString name; // for messages: the path, or "<stdin>"
    Capture capture; // runs, requests, responses, problems (chunks only with keepChunks)
    std::unique_ptr<Session> session;
    int heartbeats = 0;
    qint64 events = 0;

    // The byte in the input file where event `seq` starts, or where a diagnostic at stream
    // offset `streamByte` of that event is (raw .sse/.jsonl: exact; else the record's start).
    qint64 fileOffset(qint64 seq, qint64 streamByte = -1) const;
    bool offsetsAreExact() const; // raw bodies: file offset == stream offset

    EventOrigins origins; // where each event starts in the file
};

struct InputOptions
{
    bool keepChunks = false;
    bool buildSession = true; // false: events are only counted/collected by the callbacks
    SessionOptions session; // one-pass commands keep neither bytes nor checkpoints
    // Each decoded frame as views (valid during the call), before the session takes it.
    std::function<void(const DecodedFrame &frame, const EventOrigin &origin)> onFrame;
    // Each event materialised (its own bytes and QJsonObject): costs more, for cat/convert.
    std::function<void(const Event &event, const EventOrigin &origin)> onEvent;
    // Each keep-alive (data-less SSE block) with the run it arrived in.
    std::function<void(const Heartbeat &beat, const EventOrigin &origin)> onHeartbeat;
};

// Reads `path`. On failure prints "agui-inspect: <name>: <reason>" (one line) to err() and
// returns false: the caller exits with ExitUnreadable.
bool openInput(const QString &path, Input *input, const InputOptions &options = {});

// For the last input of a command, just before the process exits: its session, capture and
// event origins are left for the OS to take back at exit instead of being freed container by
// container, which took 70 ms of `lint`'s 0.93 s on a million events, and 0.7 ms of `stats`'s
// 35 ms on 10k (the capture's blocks are unmapped one by one; bench/HISTORY.md, "Lint below a
// second" and "the 10k flood's two threads"). Sanitizer builds free them as before, so
// LeakSanitizer still checks everything else.
void leaveInputToExit(Input &input);

// Prints the capture's problems (truncation, broken records) as "warning:/error:" lines naming
// the file, line and byte. Returns true when one of them is an error.
bool reportCaptureProblems(const Input &input);

// Small argument helpers shared by the subcommands.
struct Args
{
    QStringList positional;
    QHash<QString, QString> options; // "--format" -> "json"; flags map to "" (present)
    QHash<QString, QStringList> repeated; // every value of an option given more than once, in order
    QString error; // non-empty: bad usage
};
// valueOptions take a value ("--format json" or "--format=json"); flags do not.
Args parseArgs(const QStringList &args, const QStringList &valueOptions, const QStringList &flags);
// Prints "agui-inspect <command>: <message>" and returns ExitUnreadable.
int usageError(const QString &command, const QString &message);

// Reads --filter EXPR (the event filter language, docs/filter.md) into *filter: false and *error
// (naming the character) when it does not parse. No --filter: an empty filter (matches all).
bool parseFilterOption(const Args &args, EventFilter *filter, QString *error);

// Opens PATH for reading ("-": standard input) into *file; *displayName is the name errors use
// ("<stdin>" for "-"). On failure prints "agui-inspect: NAME: reason" and returns false.
bool openFileOrStdin(const QString &path, QFile *file, QString *displayName);

// The set-up of the commands that turn one input, FILE or "-" (the default), into AG-UI events on
// standard output (render, a2ui-snapshots): *in opened on the input, *out on standard output.
// Returns ExitOk, or the exit code to return once the reason has been printed.
int openFilterStreams(const QString &command, const Args &args, QFile *in, QString *inName,
                      QFile *out);
// One AG-UI event as those commands write it: an SSE frame, or with jsonl one compact JSON line.
void writeAguiEvent(QFile &out, const QJsonObject &event, bool jsonl);

// The body of the "<command> [--at N] FILE" commands: opens FILE, takes the session as of event
// N (default the last) and prints what `view` makes of it as indented JSON.
int runAtEventCommand(const QString &command, const char *help, const QStringList &argv,
                      const std::function<QJsonValue(const SessionSnapshot &)> &view);

} // namespace agui::cli
