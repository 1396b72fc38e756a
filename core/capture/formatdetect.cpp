#include "core/capture/formatdetect.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace agui {

namespace {

constexpr QByteArrayView kOwnPrefix("{\"agui-capture\"");
constexpr quint32 kMaxProtoFrame = 10u * 1024 * 1024; // the reference client's limit

QByteArrayView stripBom(QByteArrayView head)
{
    return head.startsWith("\xEF\xBB\xBF") ? head.sliced(3) : head;
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

bool looksLikeProtoFrames(QByteArrayView head)
{
    if (head.size() < 5)
        return false;
    const auto b = [&](int i) { return quint32(static_cast<unsigned char>(head[i])); };
    const quint32 length = (b(0) << 24) | (b(1) << 16) | (b(2) << 8) | b(3);
    // An ag_ui.Event starts with the tag of its oneof arm: a length-delimited field (wire type 2).
    return length > 0 && length <= kMaxProtoFrame && (b(4) & 7u) == 2u;
}

CaptureFormat classifyJsonLine(QByteArrayView line, bool lineComplete)
{
    if (lineComplete) {
        const QJsonObject o = QJsonDocument::fromJson(line.toByteArray()).object();
        if (o.contains(QLatin1String("agui-capture")))
            return CaptureFormat::Agui;
        if (o.value(QLatin1String("kind")).toString() == QLatin1String("header")
            && o.contains(QLatin1String("schemaVersion")))
            return CaptureFormat::DevTools;
        if (!o.isEmpty())
            return CaptureFormat::JsonLines;
    }
    // An incomplete or unparsable first line: go by what it starts with.
    if (line.startsWith(kOwnPrefix) || (line.size() >= 3 && kOwnPrefix.startsWith(line)))
        return CaptureFormat::Agui;
    if (line.contains("\"kind\":\"header\"") && line.contains("\"schemaVersion\""))
        return CaptureFormat::DevTools;
    return CaptureFormat::JsonLines;
}

// The name of the first member of the JSON object that `text` starts with, when it is a plain
// name (no escapes) followed by ':'; empty otherwise. HAR files and aimock fixture files are one
// pretty-printed object each, told apart by their first member.
QByteArrayView firstMemberName(QByteArrayView text)
{
    qsizetype i = 1; // past the '{'
    while (i < text.size() && isSpace(text[i]))
        ++i;
    if (i >= text.size() || text[i] != '"')
        return {};
    const qsizetype start = ++i;
    while (i < text.size() && text[i] != '"' && text[i] != '\\')
        ++i;
    if (i >= text.size() || text[i] != '"')
        return {};
    const QByteArrayView name = text.sliced(start, i - start);
    ++i;
    while (i < text.size() && isSpace(text[i]))
        ++i;
    return i < text.size() && text[i] == ':' ? name : QByteArrayView();
}

// An aimock config file (@copilotkit/aimock's AimockConfig: "agui" and the other sections and
// settings, in any order) or what its AG-UI recorder writes ({"fixtures": [...]}).
bool isAimockFirstMember(QByteArrayView name)
{
    static constexpr QByteArrayView kNames[]
        = {"agui",     "fixtures", "llm",     "mcp",    "a2a",  "vector",
           "services", "auth",     "metrics", "strict", "port", "host"};
    for (const QByteArrayView &known : kNames) {
        if (name == known)
            return true;
    }
    return false;
}

} // namespace

CaptureFormat detectCaptureFormat(QByteArrayView head, bool complete)
{
    if (looksLikeProtoFrames(head))
        return CaptureFormat::Protobuf;
    QByteArrayView text = stripBom(head);
    qsizetype i = 0;
    while (i < text.size() && isSpace(text[i]))
        ++i;
    text = text.sliced(i);
    if (text.isEmpty())
        return CaptureFormat::Unknown;
    if (text.startsWith('{')) {
        const QByteArrayView member = firstMemberName(text);
        if (member == "log")
            return CaptureFormat::Har;
        if (isAimockFirstMember(member))
            return CaptureFormat::AimockFixture;
    }
    const qsizetype newline = text.indexOf('\n');
    const bool lineComplete = newline >= 0 || complete;
    QByteArrayView line = newline >= 0 ? text.first(newline) : text;
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.startsWith('{'))
        return classifyJsonLine(line, lineComplete);
    if (line.startsWith("data:") || line.startsWith(':') || line.startsWith("event:")
        || line.startsWith("id:") || line.startsWith("retry:") || line == "data" || line == "event"
        || line == "id" || line == "retry")
        return CaptureFormat::Sse;
    return CaptureFormat::Unknown;
}

QString describeUndetected(QByteArrayView head)
{
    QByteArrayView text = stripBom(head);
    qsizetype i = 0;
    while (i < text.size() && isSpace(text[i]))
        ++i;
    if (i == text.size())
        return QStringLiteral("the input is empty");
    for (qsizetype j = i; j < std::min<qsizetype>(text.size(), i + 64); ++j) {
        const auto c = static_cast<unsigned char>(text[j]);
        if (c < 0x20 && !isSpace(char(c)))
            return QStringLiteral("binary data that is not protobuf frames (byte %1)").arg(j);
    }
    return QStringLiteral(
               "unrecognised content at byte %1: not an agui capture, DevTools export, HAR, "
               "aimock fixture file, JSON lines or an SSE stream")
        .arg(i);
}

} // namespace agui
