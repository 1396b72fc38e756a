#include "ui/live/curlcommand.h"

#include "core/capture/redaction.h"

#include <QStringList>

namespace agui::ui {

namespace {

QString shellQuote(const QString &text)
{
    QString quoted = text;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString headerArgument(const QString &name, const QString &value)
{
    if (isCredentialHeader(name))
        return QStringLiteral("-H %1\"$%2\"")
            .arg(shellQuote(name + QStringLiteral(": ")), credentialVariable(name));
    return QStringLiteral("-H ") + shellQuote(name + QStringLiteral(": ") + value);
}

} // namespace

QString credentialVariable(const QString &headerName)
{
    QString name;
    for (const QChar c : headerName)
        name += c.isLetterOrNumber() && c.unicode() < 128 ? c.toUpper() : QLatin1Char('_');
    return name;
}

QString curlCommand(const RecordedRequest &request)
{
    QStringList lines;
    const QString method = request.method.isEmpty() ? QStringLiteral("POST") : request.method;
    lines << QStringLiteral("curl -N -X %1 %2").arg(method, shellQuote(redactUrl(request.url)));
    for (const auto &[name, value] : request.headers) {
        if (name.compare(QLatin1String("Content-Length"), Qt::CaseInsensitive) != 0)
            lines << headerArgument(name, value);
    }
    if (!request.body.isEmpty())
        lines << QStringLiteral("--data-binary ") + shellQuote(QString::fromUtf8(request.body));
    return lines.join(QStringLiteral(" \\\n  "));
}

} // namespace agui::ui
