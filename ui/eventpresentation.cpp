#include "ui/eventpresentation.h"

#include "core/protocol/eventsummary.h"

#include <QApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

namespace agui::ui {

QString oneLineSummary(const Event &event)
{
    const json::JsonDoc doc = json::JsonDoc::fromQJson(event.json);
    return eventSummary(event.type, event.json.isEmpty() ? json::JsonView() : doc.root(),
                        event.diagnostics, event.payload);
}

QStyle::StandardPixmap severityPixmap(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return QStyle::SP_MessageBoxCritical;
    case Severity::Warning:
        return QStyle::SP_MessageBoxWarning;
    case Severity::Info:
        break;
    }
    return QStyle::SP_MessageBoxInformation;
}

QIcon SeverityIcons::operator()(Severity severity) const
{
    QIcon &icon = m_icons[int(severity)];
    if (icon.isNull() && qApp)
        icon = QApplication::style()->standardIcon(severityPixmap(severity));
    return icon;
}

QColor familyColor(EventFamily family, bool dark)
{
    // Hues chosen to be told apart by most colour-blind readers too (blue/orange/purple axis),
    // with lighter variants for dark backgrounds.
    switch (family) {
    case EventFamily::Lifecycle:
        return dark ? QColor(0x8a, 0xb4, 0xf8) : QColor(0x1a, 0x56, 0xb0);
    case EventFamily::Text:
        return dark ? QColor(0x81, 0xc9, 0x95) : QColor(0x18, 0x7a, 0x3a);
    case EventFamily::Tool:
        return dark ? QColor(0xf6, 0xae, 0x5b) : QColor(0xb3, 0x5c, 0x00);
    case EventFamily::State:
        return dark ? QColor(0xc5, 0x9c, 0xf0) : QColor(0x6b, 0x3f, 0xa0);
    case EventFamily::Activity:
        return dark ? QColor(0x5e, 0xd0, 0xd0) : QColor(0x00, 0x7a, 0x7a);
    case EventFamily::Reasoning:
        return dark ? QColor(0xb0, 0xb0, 0xb0) : QColor(0x60, 0x60, 0x60);
    case EventFamily::Custom:
        return dark ? QColor(0xe0, 0xc0, 0x60) : QColor(0x8a, 0x6d, 0x00);
    case EventFamily::Invalid:
        return dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xc0, 0x1c, 0x28);
    }
    return {};
}

QString formatTime(qint64 receivedAtUs)
{
    if (receivedAtUs < 0)
        return {};
    return QDateTime::fromMSecsSinceEpoch(receivedAtUs / 1000)
        .toString(QStringLiteral("HH:mm:ss.zzz"));
}

QString formatDelta(qint64 deltaUs)
{
    if (deltaUs < 0)
        return {};
    if (deltaUs == 0)
        return QStringLiteral("0");
    if (deltaUs < 1000)
        return QStringLiteral("+%1 µs").arg(deltaUs);
    if (deltaUs < 100 * 1000)
        return QStringLiteral("+%1 ms").arg(double(deltaUs) / 1000.0, 0, 'f', 1);
    if (deltaUs < 1000 * 1000)
        return QStringLiteral("+%1 ms").arg(deltaUs / 1000);
    return QStringLiteral("+%1 s").arg(double(deltaUs) / 1e6, 0, 'f', 3);
}

QString recordedRunLabel(const RunRecording &run, int index, RunLabelDetail detail)
{
    // Parsed when a picker opens, once per recorded run: not on paint.
    const QString runId = QJsonDocument::fromJson(run.request.body)
                              .object()
                              .value(QStringLiteral("runId"))
                              .toString();
    QString label = QObject::tr("Run %1").arg(index + 1);
    if (detail == RunLabelDetail::WithRequest) {
        const QString method
            = run.request.method.isEmpty() ? QStringLiteral("POST") : run.request.method;
        label = QObject::tr("%1: %2 %3").arg(label, method, run.request.url);
    }
    if (!runId.isEmpty())
        label = QObject::tr("%1 (runId %2)").arg(label, runId);
    return label;
}

QString rawAsText(const QByteArray &raw)
{
    QString out;
    out.reserve(raw.size());
    qsizetype i = 0;
    while (i < raw.size()) {
        const auto c = uchar(raw.at(i));
        if (c < 0x80) {
            if (c == '\t' || c == '\n' || c >= 0x20)
                out += QLatin1Char(char(c));
            else if (c == '\r')
                out += QStringLiteral("\\r");
            else
                out += QStringLiteral("\\x%1").arg(c, 2, 16, QLatin1Char('0'));
            ++i;
            continue;
        }
        const int len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
        const QByteArray seq = raw.mid(i, len);
        QString decoded = len > 0 && seq.size() == len ? QString::fromUtf8(seq) : QString();
        if (decoded.isEmpty() || decoded.contains(QChar::ReplacementCharacter)) {
            out += QStringLiteral("\\x%1").arg(c, 2, 16, QLatin1Char('0'));
            ++i;
        } else {
            out += decoded;
            i += len;
        }
    }
    return out;
}

} // namespace agui::ui
