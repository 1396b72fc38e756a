#pragma once

// What `run` and `rerun` share: the transport options (--header, --proto, --record, --timeout,
// --stall, --format) and one run of an agent over HTTP, printed as it arrives and recorded.

#include "app/cli/command.h"
#include "app/cli/input.h"

#include "core/capture/capture.h"
#include "core/protocol/event.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>

namespace agui {
class Session;
}

namespace agui::cli {

struct RunOptions
{
    QUrl url;
    QByteArray body;
    HttpHeaders headers;
    QString record;
    qint64 timeoutMs = 0;
    qint64 stallMs = 0;
    bool text = false;
    // Told of each event as it arrives, after it is printed (a caller's own checks).
    std::function<void(const Event &event)> onEvent;
};

// The value options and flags parseTransportOptions reads, for parseArgs (--header is taken out
// first).
QStringList transportValueOptions();
QStringList transportFlags();

// --header may repeat, which the shared parser does not allow: taken out of argv into *headers;
// returns the other arguments (*error set when a --header has no value).
QStringList takeHeaders(const QStringList &argv, QStringList *headers, QString *error);

// Fills *options from the parsed transport options and the taken --header values (appended to
// options->headers); a non-empty return is the usage error.
QString parseTransportOptions(const Args &args, const QStringList &headers, RunOptions *options);

// An http:// or https:// URL, or the usage error.
QString parseAgentUrl(const QString &text, QUrl *url);

struct RunOutcome
{
    int exitCode = ExitUnreadable; // as `run` decides it (lint errors, HTTP status, transport)
    bool completed = false; // a 2xx response whose body ended normally, in time
    int httpStatus = 0; // 0: no answer
    qint64 bodyBytes = 0; // of the response body
};

// POSTs options.body to options.url, prints each event as it arrives (RunPrinter), appends it to
// *session, records to options.record, then prints the findings and a summary. `command` names
// the subcommand in error messages.
RunOutcome executeRun(const QString &command, const RunOptions &options, Session *session);

} // namespace agui::cli
