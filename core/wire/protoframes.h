#pragma once

#include "core/wire/wireissue.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace agui {

// One frame of an application/vnd.ag-ui.event+proto body: a 4-byte unsigned big-endian length N,
// then N bytes of one ag_ui.Event protobuf message.
struct ProtoFrame
{
    QByteArray message; // the N message bytes (decode with decodeProtoEvent)
    QByteArray raw; // exactly the stream bytes [offset, offset + length): prefix + message
    qint64 offset = 0; // absolute offset of the length prefix
    qint64 length = 0; // 4 + N for a complete frame
    quint32 declaredLength = 0; // N as read from the prefix (0 when not even the prefix arrived)
    bool complete = true; // false: the stream ended mid-frame (the trailing bytes are in raw)
    WireIssues issues; // FrameTooLarge (error, still read), TruncatedFrame (error)

    bool hasErrors() const;
};

// Incremental splitter for protobuf-framed AG-UI bodies. Fed arbitrary chunks; reports each
// complete frame with its bytes and offset. The AG-UI reference client rejects a frame longer
// than 10 MiB ("Protobuf message size exceeded maximum limit of 10 MB"); we report that as a
// FrameTooLarge error on the frame but still read it (the bytes are kept, nothing is skipped),
// since after a bogus length there is no way to find the next frame anyway.
// At finish(), leftover bytes become one incomplete frame carrying a TruncatedFrame error whose
// message is the reference client's: "The binary stream ended mid-frame: N trailing bytes could
// not be read as a complete message."
// Frames' ranges cover [0, bytesSeen()) without gap. Memory: one frame at a time is buffered.
class ProtoFrameSplitter
{
public:
    struct Options
    {
        qint64 maxFrameBytes = 10 * 1024 * 1024; // the reference client's limit
    };

    ProtoFrameSplitter();
    explicit ProtoFrameSplitter(Options options);

    void feed(QByteArrayView bytes); // ignored after finish()
    void finish();
    QList<ProtoFrame> takeFrames(); // results so far, in order; each handed over once

    bool isFinished() const { return m_finished; }
    qint64 bytesSeen() const { return m_bytesSeen; }
    qint64 frameCount() const { return m_frameCount; }

private:
    Options m_options;
    QByteArray m_pending; // bytes of the frame in progress (prefix included)
    qint64 m_pendingOffset = 0;
    qint64 m_bytesSeen = 0;
    qint64 m_frameCount = 0;
    bool m_finished = false;
    QList<ProtoFrame> m_frames;
};

// Prefixes a message with its 4-byte big-endian length.
QByteArray encodeProtoFrame(QByteArrayView message);

// The reference client's end-of-stream message for `trailing` unread bytes.
QString protoTrailingBytesMessage(qint64 trailing);

} // namespace agui
