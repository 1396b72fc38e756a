#include "core/session/ingest.h"

#include "core/session/session.h"

namespace agui {

Framing detectFraming(QByteArrayView head)
{
    qsizetype i = 0;
    if (head.startsWith("\xEF\xBB\xBF"))
        i = 3; // UTF-8 BOM
    while (i < head.size() && (head[i] == '\n' || head[i] == '\r' || head[i] == ' '))
        ++i;
    const QByteArrayView rest = head.sliced(i);
    for (const char *field : {"data:", "event:", "id:", "retry:", ":"})
        if (rest.startsWith(field))
            return Framing::Sse;
    return Framing::JsonLine;
}

SessionFeeder::SessionFeeder(Session &session, Framing framing)
    : m_session(session)
    , m_decoder(std::make_unique<StreamDecoder>(framing, session.size()))
{ }

SessionFeeder::~SessionFeeder() = default;

namespace {

class SessionSink final : public FrameSink
{
public:
    explicit SessionSink(Session &session)
        : m_session(session)
    { }
    void frame(const DecodedFrame &frame) override { m_session.appendFrame(frame); }

private:
    Session &m_session;
};

} // namespace

void SessionFeeder::feed(QByteArrayView bytes, qint64 receivedAtUs)
{
    SessionSink sink(m_session);
    m_decoder->feed(bytes, receivedAtUs, sink);
}

void SessionFeeder::feed(const QByteArray &chunk, qint64 receivedAtUs)
{
    SessionSink sink(m_session);
    m_decoder->feed(chunk, receivedAtUs, sink);
}

void SessionFeeder::finish(bool finishSession)
{
    SessionSink sink(m_session);
    m_decoder->finish(sink);
    if (finishSession)
        m_session.finish();
}

qint64 SessionFeeder::bytesSeen() const
{
    return m_decoder->bytesSeen();
}

IngestResult ingestBytes(Session &session, QByteArrayView bytes, qint64 receivedAtUs)
{
    IngestResult result;
    result.framing = detectFraming(bytes.first(qMin<qsizetype>(bytes.size(), 4096)));
    const qint64 before = session.size();
    SessionFeeder feeder(session, result.framing);
    // Fed in slices so the decoder's per-call lists stay small, as with a live response.
    constexpr qsizetype kSlice = 256 << 10;
    for (qsizetype at = 0; at < bytes.size(); at += kSlice)
        feeder.feed(bytes.sliced(at, qMin(kSlice, bytes.size() - at)), receivedAtUs);
    feeder.finish(true);
    result.ok = true;
    result.bytes = bytes.size();
    result.events = session.size() - before;
    return result;
}

} // namespace agui
