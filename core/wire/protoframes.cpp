#include "core/wire/protoframes.h"

namespace agui {

namespace {

constexpr qsizetype kPrefix = 4;

quint32 readBigEndian32(const char *p)
{
    const auto *u = reinterpret_cast<const uchar *>(p);
    return (quint32(u[0]) << 24) | (quint32(u[1]) << 16) | (quint32(u[2]) << 8) | quint32(u[3]);
}

} // namespace

bool ProtoFrame::hasErrors() const
{
    for (const WireIssue &issue : issues) {
        if (issue.severity == Severity::Error)
            return true;
    }
    return false;
}

QString protoTrailingBytesMessage(qint64 trailing)
{
    return QStringLiteral("The binary stream ended mid-frame: %1 trailing bytes could not be read "
                          "as a complete message.")
        .arg(trailing);
}

QByteArray encodeProtoFrame(QByteArrayView message)
{
    const auto n = quint32(message.size());
    QByteArray out;
    out.reserve(kPrefix + message.size());
    out.append(char(n >> 24));
    out.append(char((n >> 16) & 0xFF));
    out.append(char((n >> 8) & 0xFF));
    out.append(char(n & 0xFF));
    out.append(message.data(), message.size());
    return out;
}

ProtoFrameSplitter::ProtoFrameSplitter()
    : ProtoFrameSplitter(Options {})
{ }

ProtoFrameSplitter::ProtoFrameSplitter(Options options)
    : m_options(options)
{ }

void ProtoFrameSplitter::feed(QByteArrayView bytes)
{
    if (m_finished || bytes.isEmpty())
        return;
    m_bytesSeen += bytes.size();
    m_pending.append(bytes.data(), bytes.size());

    // Consume whole frames by index and compact once per feed, so many small frames in one big
    // chunk cost linear time.
    qsizetype pos = 0;
    while (m_pending.size() - pos >= kPrefix) {
        const quint32 n = readBigEndian32(m_pending.constData() + pos);
        if (m_pending.size() - pos < kPrefix + qsizetype(n))
            break;
        ProtoFrame frame;
        frame.offset = m_pendingOffset + pos;
        frame.declaredLength = n;
        frame.length = kPrefix + n;
        frame.raw = m_pending.mid(pos, frame.length);
        frame.message = frame.raw.sliced(kPrefix);
        if (qint64(n) > m_options.maxFrameBytes) {
            const QString message = m_options.maxFrameBytes == 10 * 1024 * 1024
                ? QStringLiteral("Protobuf message size exceeded maximum limit of 10 MB")
                : QStringLiteral("Protobuf message size exceeded maximum limit of %1 bytes")
                      .arg(m_options.maxFrameBytes);
            frame.issues.append(WireIssue {WireIssueKind::FrameTooLarge, Severity::Error,
                                           frame.offset,
                                           QStringLiteral("%1 (frame at byte %2 declares %3 bytes)")
                                               .arg(message)
                                               .arg(frame.offset)
                                               .arg(n)});
        }
        m_frames.append(std::move(frame));
        ++m_frameCount;
        pos += kPrefix + n;
    }
    if (pos > 0) {
        m_pending.remove(0, pos);
        m_pendingOffset += pos;
    }
}

void ProtoFrameSplitter::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_pending.isEmpty())
        return;
    ProtoFrame frame;
    frame.offset = m_pendingOffset;
    frame.length = m_pending.size();
    frame.complete = false;
    if (m_pending.size() >= kPrefix) {
        frame.declaredLength = readBigEndian32(m_pending.constData());
        frame.message = m_pending.sliced(kPrefix);
    }
    frame.raw = std::exchange(m_pending, {});
    frame.issues.append(WireIssue {WireIssueKind::TruncatedFrame, Severity::Error, frame.offset,
                                   protoTrailingBytesMessage(frame.length)});
    m_pendingOffset += frame.length;
    m_frames.append(std::move(frame));
    ++m_frameCount;
}

QList<ProtoFrame> ProtoFrameSplitter::takeFrames()
{
    return std::exchange(m_frames, {});
}

} // namespace agui
