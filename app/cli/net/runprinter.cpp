#include "app/cli/net/runprinter.h"

#include "app/cli/command.h"

#include "core/capture/eventexport.h"
#include "core/capture/redaction.h"
#include "core/json/jsonview.h"
#include "core/net/runclient.h"
#include "core/protocol/eventsummary.h"
#include "core/session/session.h"

#include <cstdio>

namespace agui::cli {

RunPrinter::RunPrinter(QString command, bool text, QStringList secrets)
    : m_command(std::move(command))
    , m_text(text)
    , m_secrets(std::move(secrets))
{
    out().flush();
    if (!m_stdout.open(stdout, QIODevice::WriteOnly))
        err() << "agui-inspect " << m_command << ": cannot write to standard output\n";
}

QByteArray RunPrinter::scrub(QByteArray bytes) const
{
    for (const QString &secret : m_secrets)
        bytes.replace(secret.toUtf8(), redactedValue().toUtf8());
    return bytes;
}

QString RunPrinter::scrub(QString text) const
{
    for (const QString &secret : m_secrets)
        text.replace(secret, redactedValue());
    return text;
}

void RunPrinter::starting(const QUrl &url)
{
    err() << "POST " << scrub(redactUrl(url.toString())) << '\n';
    err().flush();
}

void RunPrinter::event(const Event &event)
{
    if (!m_text) {
        m_stdout.write(scrub(eventAsJsonLine(event)));
        m_stdout.flush(); // a CI log shows each event as it arrives
        return;
    }
    if (m_firstUs < 0)
        m_firstUs = event.receivedAtUs;
    const json::JsonDoc doc = json::JsonDoc::fromQJson(event.json);
    const QString summary
        = eventSummary(event.type, event.json.isEmpty() ? json::JsonView() : doc.root(),
                       event.diagnostics, event.payload);
    const double seconds = m_firstUs >= 0 ? (event.receivedAtUs - m_firstUs) / 1e6 : 0;
    const QString type = event.typeName.isEmpty() ? eventTypeName(event.type) : event.typeName;
    const QString line = QStringLiteral("%1  +%2s  %3 %4\n")
                             .arg(event.seq, 5)
                             .arg(seconds, 0, 'f', 3)
                             .arg(type.leftJustified(26), summary);
    m_stdout.write(scrub(line).toUtf8());
    m_stdout.flush();
}

int RunPrinter::finish(const net::RunClient &client, const Session &session, bool timedOut,
                       qint64 timeoutMs)
{
    m_stdout.flush();
    int counts[3] = {0, 0, 0};
    for (const Finding &f : session.findings()) {
        const Diagnostic &d = f.diagnostic;
        counts[int(d.severity)] += 1;
        err() << (f.eventIndex >= 0 ? QStringLiteral("event %1").arg(f.eventIndex)
                                    : QStringLiteral("end of stream"))
              << ": " << severityName(d.severity) << ' ' << d.ruleId
              << (d.path.isEmpty() ? QString() : QLatin1Char(' ') + d.path) << ": "
              << scrub(d.message) << '\n';
    }
    const int status = client.httpStatus();
    err() << session.size() << " events, HTTP "
          << (status ? QString::number(status) : QStringLiteral("-")) << ", "
          << counts[int(Severity::Error)] << " errors, " << counts[int(Severity::Warning)]
          << " warnings, " << counts[int(Severity::Info)] << " infos\n";
    int code = counts[int(Severity::Error)] > 0 ? ExitFindings : ExitOk;
    if (timedOut) {
        err() << "agui-inspect " << m_command << ": no complete response within "
              << timeoutMs / 1000.0 << " s\n";
        code = ExitUnreadable;
    } else if (client.status() == net::RunClient::Status::Failed) {
        const bool httpError = status != 0 && (status < 200 || status >= 300);
        err() << "agui-inspect " << m_command << ": " << scrub(client.errorString()) << '\n';
        code = httpError ? ExitFindings : ExitUnreadable;
    }
    err().flush();
    return code;
}

} // namespace agui::cli
