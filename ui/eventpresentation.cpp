#include "ui/eventpresentation.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

namespace agui::ui {

namespace {

constexpr int kSummaryLimit = 160;

QString elide(QString text)
{
    if (text.size() > kSummaryLimit)
        text = text.left(kSummaryLimit) + QStringLiteral("…");
    return text;
}

// Deltas often hold newlines and tabs; a one-line list shows them as escapes.
QString quoted(const QString &text)
{
    QString out;
    out.reserve(qMin<qsizetype>(text.size(), kSummaryLimit) + 2);
    out += QLatin1Char('"');
    for (const QChar c : text) {
        if (out.size() > kSummaryLimit) {
            out += QStringLiteral("…");
            return out;
        }
        if (c == QLatin1Char('\n'))
            out += QStringLiteral("\\n");
        else if (c == QLatin1Char('\r'))
            out += QStringLiteral("\\r");
        else if (c == QLatin1Char('\t'))
            out += QStringLiteral("\\t");
        else if (c.category() == QChar::Other_Control)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    out += QLatin1Char('"');
    return out;
}

QString compact(const QJsonValue &value)
{
    QByteArray text;
    if (value.isObject())
        text = QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    else if (value.isArray())
        text = QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    else {
        text = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
        text = text.mid(1, text.size() - 2);
    }
    return elide(QString::fromUtf8(text));
}

QString patchSummary(const QJsonValue &ops)
{
    const QJsonArray array = ops.toArray();
    if (!ops.isArray())
        return QStringLiteral("(patch is not an array)");
    QStringList parts;
    for (const QJsonValue &op : array) {
        const QJsonObject o = op.toObject();
        parts << o.value(QLatin1String("op")).toString() + QLatin1Char(' ')
                + o.value(QLatin1String("path")).toString();
        if (parts.size() == 3)
            break;
    }
    QString text
        = array.size() == 1 ? QStringLiteral("1 op") : QStringLiteral("%1 ops").arg(array.size());
    if (!parts.isEmpty())
        text += QStringLiteral(": ") + parts.join(QStringLiteral(", "));
    if (array.size() > parts.size())
        text += QStringLiteral(", …");
    return elide(text);
}

} // namespace

QString oneLineSummary(const Event &event)
{
    const QJsonObject &j = event.json;
    auto str = [&j](const char *key) { return j.value(QLatin1String(key)).toString(); };
    switch (event.type) {
    case EventType::RunStarted:
        return elide(QStringLiteral("thread %1, run %2").arg(str("threadId"), str("runId")));
    case EventType::RunFinished: {
        const QString outcome = j.value(QLatin1String("outcome"))
                                    .toObject()
                                    .value(QLatin1String("type"))
                                    .toString(QStringLiteral("success"));
        QString text = QStringLiteral("run %1 finished (%2)").arg(str("runId"), outcome);
        if (j.contains(QLatin1String("result")))
            text += QStringLiteral(", result ") + compact(j.value(QLatin1String("result")));
        return elide(text);
    }
    case EventType::RunError:
    case EventType::SubagentError: {
        QString text = quoted(str("message"));
        if (j.contains(QLatin1String("code")))
            text += QStringLiteral(" [code %1]").arg(compact(j.value(QLatin1String("code"))));
        return text;
    }
    case EventType::StepStarted:
    case EventType::StepFinished:
        return quoted(str("stepName"));
    case EventType::TextMessageStart:
    case EventType::ReasoningMessageStart:
    case EventType::ThinkingTextMessageStart:
        return j.contains(QLatin1String("role")) ? QStringLiteral("role ") + str("role")
                                                 : QString();
    case EventType::TextMessageContent:
    case EventType::ReasoningMessageContent:
    case EventType::ThinkingTextMessageContent:
    case EventType::ToolCallArgs:
        return quoted(str("delta"));
    case EventType::TextMessageChunk:
    case EventType::ReasoningMessageChunk:
    case EventType::ToolCallChunk: {
        QString text;
        if (j.contains(QLatin1String("toolCallName")))
            text += str("toolCallName") + QLatin1Char(' ');
        if (j.contains(QLatin1String("delta")))
            text += quoted(str("delta"));
        return text;
    }
    case EventType::ToolCallStart: {
        QString text = str("toolCallName") + QStringLiteral("()");
        if (j.contains(QLatin1String("parentMessageId")))
            text += QStringLiteral(" in ") + str("parentMessageId");
        return elide(text);
    }
    case EventType::ToolCallResult: {
        const QJsonValue content = j.value(QLatin1String("content"));
        return content.isString() ? quoted(content.toString()) : compact(content);
    }
    case EventType::StateSnapshot:
        return compact(j.value(QLatin1String("snapshot")));
    case EventType::StateDelta:
        return patchSummary(j.value(QLatin1String("delta")));
    case EventType::MessagesSnapshot: {
        const qsizetype n = j.value(QLatin1String("messages")).toArray().size();
        return n == 1 ? QStringLiteral("1 message") : QStringLiteral("%1 messages").arg(n);
    }
    case EventType::ActivitySnapshot:
        return elide(str("activityType") + QLatin1Char(' ')
                     + compact(j.value(QLatin1String("content"))));
    case EventType::ActivityDelta:
        return elide(str("activityType") + QLatin1Char(' ')
                     + patchSummary(j.value(QLatin1String("patch"))));
    case EventType::ReasoningEncryptedValue:
        return str("subtype") + QStringLiteral(" (encrypted)");
    case EventType::SubagentStarted:
        return elide(str("name"));
    case EventType::SubagentFinished:
        return j.contains(QLatin1String("result")) ? compact(j.value(QLatin1String("result")))
                                                   : QString();
    case EventType::Raw:
        return elide(
            (j.contains(QLatin1String("source")) ? str("source") + QLatin1Char(' ') : QString())
            + compact(j.value(QLatin1String("event"))));
    case EventType::Custom:
        return elide(str("name") + QLatin1Char(' ') + compact(j.value(QLatin1String("value"))));
    case EventType::Unknown:
        return elide(QStringLiteral("unknown type \"%1\"").arg(event.typeName));
    case EventType::Invalid:
        if (!event.diagnostics.isEmpty())
            return elide(event.diagnostics.first().message);
        return elide(QString::fromUtf8(event.payload.left(kSummaryLimit)));
    default:
        break;
    }
    return {};
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

} // namespace agui::ui
