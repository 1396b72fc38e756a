#pragma once

#include "core/protocol/event.h"

#include <QFile>
#include <QStringList>
#include <QUrl>

namespace agui {
class Session;
namespace net {
class RunClient;
}
} // namespace agui

namespace agui::cli {

// What `agui-inspect run` prints: each event as it arrives on standard output (a JSON line like
// `cat`, or one readable line), then the findings and a summary on standard error. Every line
// passes through the secret filter: the values of credential headers never reach the terminal
// or a CI log, even when a server echoes them.
class RunPrinter
{
public:
    RunPrinter(QString command, bool text, QStringList secrets);

    void starting(const QUrl &url);
    void event(const Event &event);
    // The findings and the summary; returns the exit code.
    int finish(const net::RunClient &client, const Session &session, bool timedOut,
               qint64 timeoutMs);

private:
    QByteArray scrub(QByteArray bytes) const;
    QString scrub(QString text) const;

    QString m_command; // in error messages: "agui-inspect <command>: ..."
    bool m_text;
    QStringList m_secrets;
    QFile m_stdout;
    qint64 m_firstUs = -1;
};

} // namespace agui::cli
