#include "core/protocol/eventsummary.h"

#include <QStringList>

namespace agui {

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

QString compact(const json::JsonView &value)
{
    return elide(QString::fromUtf8(value.toJson()));
}

QString patchSummary(const json::JsonView &ops)
{
    if (!ops.isArray())
        return QStringLiteral("(patch is not an array)");
    QStringList parts;
    for (const json::JsonView op : ops) {
        parts << op.value("op").toString() + QLatin1Char(' ') + op.value("path").toString();
        if (parts.size() == 3)
            break;
    }
    const qsizetype size = ops.size();
    QString text = size == 1 ? QStringLiteral("1 op") : QStringLiteral("%1 ops").arg(size);
    if (!parts.isEmpty())
        text += QStringLiteral(": ") + parts.join(QStringLiteral(", "));
    if (size > parts.size())
        text += QStringLiteral(", …");
    return elide(text);
}

bool isBidiFormatting(char16_t c)
{
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E)
        || (c >= 0x2066 && c <= 0x2069);
}

QString summaryText(EventType type, const json::JsonView &j, const Diagnostics &diagnostics,
                    QByteArrayView payload);

} // namespace

QString visibleText(QStringView text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control || isBidiFormatting(c.unicode()))
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

QString eventSummary(EventType type, const json::JsonView &j, const Diagnostics &diagnostics,
                     QByteArrayView payload)
{
    return visibleText(summaryText(type, j, diagnostics, payload));
}

namespace {

QString summaryText(EventType type, const json::JsonView &j, const Diagnostics &diagnostics,
                    QByteArrayView payload)
{
    auto str = [&j](const char *key) { return j.value(std::string_view(key)).toString(); };
    switch (type) {
    case EventType::RunStarted:
        return elide(QStringLiteral("thread %1, run %2").arg(str("threadId"), str("runId")));
    case EventType::RunFinished: {
        const QString outcome = j.value(QLatin1StringView("outcome"))
                                    .toObject()
                                    .value(QLatin1String("type"))
                                    .toString(QStringLiteral("success"));
        QString text = QStringLiteral("run %1 finished (%2)").arg(str("runId"), outcome);
        if (j.contains(QLatin1StringView("result")))
            text += QStringLiteral(", result ") + compact(j.value(QLatin1StringView("result")));
        return elide(text);
    }
    case EventType::RunError:
    case EventType::SubagentError: {
        QString text = quoted(str("message"));
        if (j.contains(QLatin1StringView("code")))
            text += QStringLiteral(" [code %1]").arg(compact(j.value(QLatin1StringView("code"))));
        return text;
    }
    case EventType::StepStarted:
    case EventType::StepFinished:
        return quoted(str("stepName"));
    case EventType::TextMessageStart:
    case EventType::ReasoningMessageStart:
    case EventType::ThinkingTextMessageStart:
        return j.contains(QLatin1StringView("role")) ? QStringLiteral("role ") + str("role")
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
        if (j.contains(QLatin1StringView("toolCallName")))
            text += str("toolCallName") + QLatin1Char(' ');
        if (j.contains(QLatin1StringView("delta")))
            text += quoted(str("delta"));
        return text;
    }
    case EventType::ToolCallStart: {
        QString text = str("toolCallName") + QStringLiteral("()");
        if (j.contains(QLatin1StringView("parentMessageId")))
            text += QStringLiteral(" in ") + str("parentMessageId");
        return elide(text);
    }
    case EventType::ToolCallResult: {
        const json::JsonView content = j.value("content");
        return content.isString() ? quoted(content.toString()) : compact(content);
    }
    case EventType::StateSnapshot:
        return compact(j.value(QLatin1StringView("snapshot")));
    case EventType::StateDelta:
        return patchSummary(j.value(QLatin1StringView("delta")));
    case EventType::MessagesSnapshot: {
        const qsizetype n = j.value(QLatin1StringView("messages")).toArray().size();
        return n == 1 ? QStringLiteral("1 message") : QStringLiteral("%1 messages").arg(n);
    }
    case EventType::ActivitySnapshot:
        return elide(str("activityType") + QLatin1Char(' ')
                     + compact(j.value(QLatin1StringView("content"))));
    case EventType::ActivityDelta:
        return elide(str("activityType") + QLatin1Char(' ')
                     + patchSummary(j.value(QLatin1StringView("patch"))));
    case EventType::ReasoningEncryptedValue:
        return str("subtype") + QStringLiteral(" (encrypted)");
    case EventType::SubagentStarted:
        return elide(str("name"));
    case EventType::SubagentFinished:
        return j.contains(QLatin1StringView("result"))
            ? compact(j.value(QLatin1StringView("result")))
            : QString();
    case EventType::Raw:
        return elide(
            (j.contains(QLatin1StringView("source")) ? str("source") + QLatin1Char(' ') : QString())
            + compact(j.value(QLatin1StringView("event"))));
    case EventType::Custom:
        return elide(str("name") + QLatin1Char(' ') + compact(j.value(QLatin1StringView("value"))));
    case EventType::Unknown:
        return elide(QStringLiteral("unknown type \"%1\"").arg(str("type")));
    case EventType::Invalid:
        if (!diagnostics.isEmpty())
            return elide(diagnostics.first().message);
        return elide(
            QString::fromUtf8(payload.first(qMin<qsizetype>(payload.size(), kSummaryLimit))));
    default:
        break;
    }
    return {};
}

} // namespace

} // namespace agui
