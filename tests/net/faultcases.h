#pragma once

// The misbehaving-server scenarios of issue "reliability": one table, played against the run
// client (tests/net/test_run_client_faults.cpp) and against a live run in the window
// (tests/ui/test_liverun_faults.cpp). Each says what the server does and what a user must be
// told; both tests also check that every body byte the server sent is in the capture.

#include "faultserver.h"

#include "core/capture/capturereader.h"
#include "core/platform/processinfo.h"

#include <QFile>
#include <QSslSocket>
#include <QString>
#include <QTest>

struct FaultCase
{
    enum class Outcome { Finished, Failed, Stalled };
    enum class Target { Server, ClosedPort, HttpsToPlainServer };

    QString name;
    FaultScript script;
    Outcome outcome = Outcome::Finished;
    QString message; // part of the error (Failed) or of the run's note (Finished)
    int httpStatus = 0; // expected HTTP status; 0 = none
    qint64 events = -1; // events decoded, -1 = not checked
    Target target = Target::Server;
    bool answerAnyBytes = false; // the server answers without waiting for a request head
};

namespace faultdetail {

inline QByteArray event(const QByteArray &json)
{
    return "data: " + json + "\n\n";
}
inline const QByteArray kStarted = event(R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})");
inline const QByteArray kFinished = event(R"({"type":"RUN_FINISHED","threadId":"t","runId":"r"})");
inline QByteArray chunkOf(const QByteArray &bytes)
{
    return QByteArray::number(bytes.size(), 16) + "\r\n";
}
inline QByteArray chunkedHead()
{
    return faultHead(200, "text/event-stream", "Transfer-Encoding: chunked\r\n");
}
inline QByteArray html(int status)
{
    return "<!DOCTYPE html><html><head><title>" + QByteArray::number(status)
        + "</title></head><body><h1>Error " + QByteArray::number(status)
        + "</h1><p>nginx</p><script>alert(1)</script></body></html>";
}
inline QByteArray protoFrame(const QByteArray &message)
{
    const quint32 n = quint32(message.size());
    const char prefix[4] = {char(n >> 24), char(n >> 16), char(n >> 8), char(n)};
    return QByteArray(prefix, 4) + message;
}

} // namespace faultdetail

inline QList<FaultCase> faultCases()
{
    using namespace faultdetail;
    using O = FaultCase::Outcome;
    const QByteArray partial = R"(data: {"type":"TEXT_MESSAGE_START","messageId":"m1","ro)";
    const QByteArray text = R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"caf)";
    // A TEXT_MESSAGE_START as an ag_ui.Event protobuf message (field 3, message_id "m1").
    const QByteArray protoStart("\x1a\x06\x0a\x02m1\x12\x00", 8);
    const qint64 bigLine = 100LL * 1024 * 1024; // the "100 MiB line"
    const QByteArray x64k(64 * 1024, 'x');
    QList<FaultCase> cases;

    cases.append({QStringLiteral("close mid-frame"),
                  {FaultStep::head(sseHead()), FaultStep::send(kStarted), FaultStep::send(partial),
                   FaultStep::close()},
                  O::Finished,
                  QString(),
                  200,
                  2});
    cases.append(
        {QStringLiteral("close mid-frame, chunked"),
         {FaultStep::head(chunkedHead()), FaultStep::framing(chunkOf(kStarted)),
          FaultStep::send(kStarted), FaultStep::framing("\r\n"),
          FaultStep::framing(chunkOf(partial)), FaultStep::send(partial), FaultStep::close()},
         O::Failed,
         QStringLiteral("closed inside the chunked body"),
         200,
         2});
    cases.append({QStringLiteral("close mid UTF-8 sequence"),
                  {FaultStep::head(sseHead()), FaultStep::send(kStarted),
                   FaultStep::send("data: " + text + "\xc3"), FaultStep::close()},
                  O::Finished,
                  QString(),
                  200,
                  2});
    cases.append({QStringLiteral("close mid protobuf length prefix"),
                  {FaultStep::head(faultHead(200, "application/vnd.ag-ui.event+proto")),
                   FaultStep::send(protoFrame(protoStart)), FaultStep::send(QByteArray("\0\0", 2)),
                   FaultStep::close()},
                  O::Finished,
                  QString(),
                  200,
                  2});
    cases.append({QStringLiteral("stall past the watchdog"),
                  {FaultStep::head(sseHead()), FaultStep::send(kStarted), FaultStep::stall()},
                  O::Stalled,
                  QString(),
                  200,
                  1});
    cases.append({QStringLiteral("drip one byte at a time"),
                  {FaultStep::head(sseHead()),
                   FaultStep::drip(kStarted + "data: " + text + "\xc3\xa9\"}\n\n" + kFinished)},
                  O::Finished,
                  QString(),
                  200,
                  3});
    cases.append({QStringLiteral("a 100 MiB line"),
                  {FaultStep::head(sseHead()), FaultStep::send(kStarted),
                   FaultStep::send(R"(data: {"type":"TEXT_MESSAGE_CONTENT","delta":")"),
                   FaultStep::repeat(x64k, bigLine / x64k.size()), FaultStep::send("\"}\n\n"),
                   FaultStep::send(kFinished)},
                  O::Finished,
                  QString(),
                  200,
                  3});
    for (const int status : {404, 500, 503}) {
        cases.append({QStringLiteral("HTTP %1 with an HTML body").arg(status),
                      {FaultStep::head(faultHead(status, "text/html; charset=utf-8")),
                       FaultStep::send(html(status))},
                      O::Failed,
                      QStringLiteral("HTTP %1").arg(status),
                      status,
                      0});
    }
    cases.append({QStringLiteral("wrong content type"),
                  {FaultStep::head(faultHead(200, "text/html")), FaultStep::send(html(200))},
                  O::Finished,
                  QStringLiteral("not an AG-UI binding"),
                  200,
                  0});
    for (const QByteArray &bad : {QByteArray("zz"), QByteArray("-5"), QByteArray("0x10"),
                                  QByteArray("FFFFFFFFFFFFFFFFFFFF")}) {
        cases.append({QStringLiteral("chunk size \"%1\"").arg(QString::fromLatin1(bad)),
                      {FaultStep::head(chunkedHead()), FaultStep::framing(chunkOf(kStarted)),
                       FaultStep::send(kStarted), FaultStep::framing("\r\n"),
                       FaultStep::send(bad + "\r\n" + kFinished + "\r\n0\r\n\r\n")},
                      O::Failed,
                      QStringLiteral("bad chunk size"),
                      200,
                      -1});
    }
    cases.append(
        {QStringLiteral("chunk longer than its size"),
         {FaultStep::head(chunkedHead()), FaultStep::framing("5\r\n"),
          FaultStep::send(kStarted.left(5)), FaultStep::send(kStarted.mid(5) + "\r\n0\r\n\r\n")},
         O::Failed,
         QStringLiteral("chunk is longer than its chunk-size line"),
         200,
         -1});
    cases.append({QStringLiteral("connection refused"),
                  {},
                  O::Failed,
                  QStringLiteral("connection refused by 127.0.0.1"),
                  0,
                  0,
                  FaultCase::Target::ClosedPort});
    for (const int status : {301, 302, 307, 308}) {
        cases.append({QStringLiteral("redirect %1 of the POST").arg(status),
                      {FaultStep::head(faultHead(status, "text/html",
                                                 "Location: http://127.0.0.1:1/elsewhere?"
                                                 "token=leaked\r\nConnection: close\r\n")),
                       FaultStep::send("<a href=\"/elsewhere\">moved</a>")},
                      O::Failed,
                      QStringLiteral("redirects are not followed"),
                      status,
                      0});
    }
    cases.append({QStringLiteral("TLS to a plain port"),
                  {FaultStep::head(faultHead(400, "text/plain")), FaultStep::close()},
                  O::Failed,
                  QStringLiteral("TLS handshake with 127.0.0.1"),
                  0,
                  0,
                  FaultCase::Target::HttpsToPlainServer,
                  true});
    cases.append(
        {QStringLiteral("plain HTTP to a TLS port"),
         {FaultStep::send(QByteArray("\x15\x03\x01\x00\x02\x02\x46", 7)), FaultStep::close()},
         O::Failed,
         QStringLiteral("not an HTTP response"),
         0,
         0,
         FaultCase::Target::Server});
    return cases;
}

// A body far larger than memory would like: a few events around a long run of 64 KiB keep-alive
// comments (servers pad streams like this to get through buffering proxies). Two events.
inline FaultScript farLargerThanMemory(qint64 bytes)
{
    const QByteArray padding = ": " + QByteArray(64 * 1024 - 4, 'p') + "\n\n";
    return {FaultStep::head(sseHead()), FaultStep::send(faultdetail::kStarted),
            FaultStep::repeat(padding, bytes / padding.size()),
            FaultStep::send(faultdetail::kFinished)};
}

// Resident memory of this process now, in bytes; -1 where the system cannot say.
inline qint64 residentBytes()
{
    return agui::platform::residentBytes();
}

// What a capture file of one run holds: its body (count and SHA-256) and how the run ended.
struct RecordedBody
{
    qint64 bodyBytes = 0;
    QByteArray sha256;
    agui::RunEnd end = agui::RunEnd::Open;
    int status = 0;
    QString endError;
};

inline RecordedBody readRecordedBody(const QString &path)
{
    RecordedBody out;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    agui::CaptureReadOptions options;
    options.keepChunks = false;
    options.onChunk = [&](const agui::Capture &, int, const agui::Chunk &chunk) {
        hash.addData(chunk.bytes);
        out.bodyBytes += chunk.bytes.size();
    };
    agui::Capture capture;
    QString error;
    if (!agui::readCaptureFile(path, &capture, &error, options) || capture.runs.size() != 1)
        return out;
    out.sha256 = hash.result();
    out.end = capture.runs.first().end;
    out.status = capture.runs.first().response.status;
    out.endError = capture.runs.first().endError;
    return out;
}

// The URL a scenario is played at.
inline QUrl faultTargetUrl(const FaultCase &c, const FaultServer &server)
{
    switch (c.target) {
    case FaultCase::Target::Server:
        return server.url();
    case FaultCase::Target::ClosedPort: {
        QTcpServer probe; // a port that was free a moment ago, now closed
        probe.listen(QHostAddress::LocalHost);
        const quint16 port = probe.serverPort();
        probe.close();
        return QUrl(QStringLiteral("http://127.0.0.1:%1/agent").arg(port));
    }
    case FaultCase::Target::HttpsToPlainServer: {
        QUrl url = server.url();
        url.setScheme(QStringLiteral("https"));
        return url;
    }
    }
    return {};
}

// The data rows of a test played once per scenario: column "index" into faultCases().
inline void addFaultCaseRows()
{
    QTest::addColumn<int>("index");
    const QList<FaultCase> cases = faultCases();
    for (int i = 0; i < cases.size(); ++i)
        QTest::newRow(qPrintable(cases.at(i).name)) << i;
}

// Why a scenario cannot be played on this machine ("" when it can).
inline QString faultCaseSkipReason(const FaultCase &c)
{
    return c.target == FaultCase::Target::HttpsToPlainServer && !QSslSocket::supportsSsl()
        ? QStringLiteral("no TLS backend")
        : QString();
}

inline void loadFaultCase(FaultServer &server, const FaultCase &c)
{
    server.setScript(c.script);
    server.setAnswerAnyBytes(c.answerAnyBytes);
}
