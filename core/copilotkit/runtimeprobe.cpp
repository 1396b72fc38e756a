#include "core/copilotkit/runtimeprobe.h"

namespace agui::copilotkit {

QString ProbeResult::summary() const
{
    if (!ok())
        return error;
    const QString how = attempts.join(QLatin1String("; "));
    const QString what = *transport == RuntimeTransport::Rest
        ? QStringLiteral("REST transport (a route per call)")
        : QStringLiteral("single-endpoint transport (every call POSTs {method, params, body} to "
                         "the base URL)");
    return QStringLiteral("CopilotKit runtime %1, mode %2, %3 agent(s), %4: %5")
        .arg(info->version.isEmpty() ? QStringLiteral("(version not given)") : info->version,
             info->mode.isEmpty() ? QStringLiteral("(not given)") : info->mode)
        .arg(info->agents.size())
        .arg(what, how);
}

RuntimeProbe::RuntimeProbe(QObject *parent)
    : QObject(parent)
{ }

void RuntimeProbe::start(const QUrl &base, TransportChoice choice, const HttpHeaders &extraHeaders)
{
    m_result = {};
    m_result.base = runtimeBase(base);
    m_choice = choice;
    m_headers = extraHeaders;
    m_reasons.clear();
    attempt(choice == TransportChoice::SingleEndpoint ? RuntimeTransport::SingleEndpoint
                                                      : RuntimeTransport::Rest);
}

void RuntimeProbe::attempt(RuntimeTransport transport)
{
    const RuntimeRequest request = infoRequest(m_result.base, transport);
    disconnect(&m_fetch, nullptr, this, nullptr);
    connect(&m_fetch, &HttpFetch::finished, this,
            [this, transport, request](const FetchResult &answer) {
                onAnswer(transport, request, answer);
            });
    m_fetch.start(request, m_headers);
}

void RuntimeProbe::onAnswer(RuntimeTransport transport, const RuntimeRequest &request,
                            const FetchResult &answer)
{
    const QString where = transport == RuntimeTransport::Rest
        ? request.describe()
        : request.describe() + QStringLiteral(" {\"method\":\"info\"}");
    m_result.attempts.append(QStringLiteral("%1 answered %2").arg(where, answer.describe()));
    QString reason;
    if (!answer.error.isEmpty()) {
        reason = QStringLiteral("%1 failed: %2").arg(where, answer.error);
    } else if (!answer.isSuccess()) {
        reason = QStringLiteral("%1 answered %2").arg(where, answer.describe());
    } else {
        RuntimeInfoResult parsed = parseRuntimeInfo(answer.body, answer.contentType, where);
        if (parsed.info) {
            m_result.transport = transport;
            m_result.info = parsed.info;
            const ProbeResult result = m_result;
            Q_EMIT finished(result);
            return;
        }
        reason = parsed.error;
    }
    m_reasons.append(reason);
    if (transport == RuntimeTransport::Rest && m_choice == TransportChoice::Auto) {
        attempt(RuntimeTransport::SingleEndpoint);
        return;
    }
    // Each reason that is an HTML page already asks for the base path.
    const QString advice = m_reasons.join(QString()).contains(QLatin1String("base path"))
        ? QString()
        : QStringLiteral(". Give the runtime's base path (the basePath of createCopilotEndpoint, "
                         "e.g. http://localhost:3000/api/copilotkit)");
    m_result.error = m_reasons.size() > 1
        ? QStringLiteral("no CopilotKit runtime at %1 on either transport: %2%3")
              .arg(m_result.base.toDisplayString(), m_reasons.join(QLatin1String("; ")), advice)
        : reason;
    const ProbeResult result = m_result;
    Q_EMIT finished(result);
}

} // namespace agui::copilotkit
