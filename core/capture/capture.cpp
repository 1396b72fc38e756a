#include "core/capture/capture.h"

#include <algorithm>

namespace agui {

QString captureFormatName(CaptureFormat format)
{
    switch (format) {
    case CaptureFormat::Unknown:
        return QStringLiteral("unknown");
    case CaptureFormat::Agui:
        return QStringLiteral("agui");
    case CaptureFormat::DevTools:
        return QStringLiteral("devtools");
    case CaptureFormat::Sse:
        return QStringLiteral("sse");
    case CaptureFormat::JsonLines:
        return QStringLiteral("jsonl");
    case CaptureFormat::Protobuf:
        return QStringLiteral("protobuf");
    case CaptureFormat::Har:
        return QStringLiteral("har");
    case CaptureFormat::AimockFixture:
        return QStringLiteral("aimock");
    }
    return {};
}

QString runEndName(RunEnd end)
{
    switch (end) {
    case RunEnd::Open:
        return QStringLiteral("open");
    case RunEnd::Finished:
        return QStringLiteral("finished");
    case RunEnd::Error:
        return QStringLiteral("error");
    case RunEnd::Aborted:
        return QStringLiteral("aborted");
    }
    return {};
}

RunEnd runEndFromName(const QString &name)
{
    if (name == QLatin1String("finished"))
        return RunEnd::Finished;
    if (name == QLatin1String("error"))
        return RunEnd::Error;
    if (name == QLatin1String("aborted"))
        return RunEnd::Aborted;
    return RunEnd::Open;
}

qint64 RunRecording::bodyBytes() const
{
    qint64 total = 0;
    for (const Chunk &c : chunks)
        total += c.bytes.size();
    return total;
}

QByteArray RunRecording::body() const
{
    QByteArray out;
    out.reserve(bodyBytes());
    for (const Chunk &c : chunks)
        out.append(c.bytes);
    return out;
}

QByteArray RunRecording::deliveredBody() const
{
    const QByteArray sent = body();
    QByteArray out;
    qint64 at = 0;
    for (const BodyRewrite &r : rewrites) {
        // A damaged file may hold rewrites out of order or beyond the body: those that do not
        // fit after the previous one are left out rather than guessed at.
        if (r.offset < at || r.length < 0 || r.offset + r.length > sent.size())
            continue;
        out.append(sent.constData() + at, r.offset - at);
        out.append(r.delivered);
        at = r.offset + r.length;
    }
    out.append(sent.constData() + at, sent.size() - at);
    return out;
}

const BodyRewrite *RunRecording::rewriteAt(qint64 offset) const
{
    const auto it
        = std::lower_bound(rewrites.cbegin(), rewrites.cend(), offset,
                           [](const BodyRewrite &r, qint64 value) { return r.offset < value; });
    return it != rewrites.cend() && it->offset == offset ? &*it : nullptr;
}

qint64 Capture::bodyBytes() const
{
    qint64 total = 0;
    for (const RunRecording &r : runs)
        total += r.bodyBytes();
    return total;
}

bool Capture::hasErrors() const
{
    return std::any_of(problems.cbegin(), problems.cend(),
                       [](const CaptureProblem &p) { return p.severity == Severity::Error; });
}

Framing framingForContentType(const QString &contentType)
{
    // Exact comparison on purpose: the reference client treats "...+proto; charset=x" as SSE.
    return contentType == QLatin1String("application/vnd.ag-ui.event+proto") ? Framing::Proto
                                                                             : Framing::Sse;
}

QString captureFramingName(Framing framing)
{
    switch (framing) {
    case Framing::Proto:
        return QStringLiteral("proto");
    case Framing::JsonLine:
        return QStringLiteral("jsonl");
    case Framing::CopilotKitDebug:
        return QStringLiteral("cpk-debug");
    case Framing::Sse:
    case Framing::Synthetic:
        break;
    }
    return QStringLiteral("sse");
}

Framing captureFramingFromName(const QString &name)
{
    if (name == QLatin1String("proto"))
        return Framing::Proto;
    if (name == QLatin1String("jsonl"))
        return Framing::JsonLine;
    if (name == QLatin1String("cpk-debug"))
        return Framing::CopilotKitDebug;
    return Framing::Sse;
}

QString headerValue(const HttpHeaders &headers, QLatin1StringView name)
{
    for (const auto &h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

} // namespace agui
