#include "core/net/resendheaders.h"

#include "core/capture/redaction.h"
#include "core/net/agentproxy.h"

namespace agui::net {

HttpHeaders resendableHeaders(const HttpHeaders &recorded)
{
    QList<QPair<QByteArray, QByteArray>> raw;
    for (const auto &[name, value] : recorded)
        raw.append({name.toLatin1(), value.toUtf8()});
    HttpHeaders headers;
    for (const auto &[name, value] : AgentProxy::forwardHeaders(raw)) {
        const bool traceContext
            = name.compare(QLatin1String("traceparent"), Qt::CaseInsensitive) == 0
            || name.compare(QLatin1String("tracestate"), Qt::CaseInsensitive) == 0;
        if (!isCredentialHeader(name) && !isRedacted(value) && !traceContext)
            headers.append({name, value});
    }
    return headers;
}

bool isRedacted(const QString &text)
{
    return text.contains(redactedValue())
        || text.contains(QString::fromLatin1(redactedValue().toUtf8().toPercentEncoding()));
}

} // namespace agui::net
