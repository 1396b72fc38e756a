#pragma once

#include "core/protocol/event.h"
#include "core/protocol/streamdecoder.h"

#include <QByteArrayView>
#include <QString>

#include <memory>

namespace agui {

class Session;

// Guesses the framing of a body / file from its first bytes: SSE when the first non-blank line
// starts with an SSE field ("data:", "event:", "id:", "retry:") or a ":" comment, JSON lines when
// it starts with "{" (or anything else, which then gives Invalid events with clear errors).
Framing detectFraming(QByteArrayView head);

// Bytes -> StreamDecoder -> Session, incrementally (a response body as it arrives, a file).
class SessionFeeder
{
public:
    SessionFeeder(Session &session, Framing framing);
    ~SessionFeeder();

    // Decodes the events the bytes complete and appends them to the session.
    void feed(QByteArrayView bytes, qint64 receivedAtUs = -1);
    // The same for a chunk the caller holds (a received one): the store shares it instead of
    // copying the frames inside it.
    void feed(const QByteArray &chunk, qint64 receivedAtUs = -1);
    // End of stream: the unterminated rest becomes a last event; the session is finished when
    // finishSession is true. Otherwise more may follow: whoever knows that this body was the
    // request's only one open says so with Session::endRequest().
    void finish(bool finishSession = true);

    qint64 bytesSeen() const;
    const StreamDecoder &decoder() const { return *m_decoder; }

private:
    Session &m_session;
    std::unique_ptr<StreamDecoder> m_decoder;
};

struct IngestResult
{
    bool ok = false;
    QString error; // why the file could not be read (path named)
    qint64 bytes = 0;
    qint64 events = 0;
    Framing framing = Framing::JsonLine;
};

// Feeds bytes already in memory (framing detected from the content) through the same decoder
// as a live run, then finishes the session. Files go through loadIntoSession (core/ingest),
// which reads on a second thread.
IngestResult ingestBytes(Session &session, QByteArrayView bytes, qint64 receivedAtUs = -1);

} // namespace agui
