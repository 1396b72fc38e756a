#pragma once

#include "core/protocol/event.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

#include <memory>
#include <optional>

namespace agui {

class MappedFile;

// Where a capture's bytes came from, decided from content (see detectCaptureFormat).
enum class CaptureFormat : quint8 {
    Unknown,
    Agui, // our own capture format (docs/capture-format.md)
    DevTools, // AG-UI DevTools browser extension export (.agui.jsonl)
    Sse, // a raw text/event-stream response body
    JsonLines, // one AG-UI event object per line
    Protobuf, // raw application/vnd.ag-ui.event+proto body (length-prefixed frames)
    Har, // HAR 1.2 (a browser's network-panel export): its AG-UI exchanges
    AimockFixture, // CopilotKit aimock AG-UI fixtures (docs/fixtures.md): one run per fixture
};

// "agui", "devtools", "sse", "jsonl", "protobuf", "har", "aimock"
QString captureFormatName(CaptureFormat format);

// Headers are kept in order and with their original spelling (names may repeat).
using HttpHeaders = QList<QPair<QString, QString>>;

struct RecordedRequest
{
    bool present = false; // false: the source had no request (raw .sse / .jsonl files)
    qint64 sentAtUs = -1;
    QString method;
    QString url;
    HttpHeaders headers;
    QByteArray body; // what went to the agent
    // A proxy's breakpoint changed the request before it went on (docs/proxy.md): the body as
    // the front end sent it. Unset when the agent got the front end's body.
    std::optional<QByteArray> frontEndBody;
};

struct RecordedResponse
{
    bool present = false;
    qint64 receivedAtUs = -1;
    int status = 0;
    HttpHeaders headers;
};

// One piece of response body exactly as it arrived.
struct Chunk
{
    qint64 receivedAtUs = -1; // microseconds since the Unix epoch; -1 unknown
    QByteArray bytes;
    // Where the chunk came from in the capture file: the first byte of its record (own format,
    // DevTools) or of the bytes themselves (raw .sse/.jsonl, where stream offset == file offset).
    qint64 sourceOffset = -1;
    bool sourceIsBytes = false; // true: sourceOffset + i is the file offset of bytes[i]
    // Its place among all chunks of the capture, in the order they were read or received
    // (Capture::chunkCount when it came); -1 unknown. Runs recorded at the same time interleave,
    // and a session numbers their events in that order: Save As writes the chunks in it, so a
    // reopened capture numbers every event as the session did.
    qint64 order = -1;
};

enum class RunEnd : quint8 {
    Open, // no end record: still running when the file was read, or the writer crashed
    Finished, // the response body ended normally
    Error, // transport/HTTP failure (see RunRecording::endError)
    Aborted, // stopped by the user
};

QString runEndName(RunEnd end); // "open", "finished", "error", "aborted"
RunEnd runEndFromName(const QString &name); // Open for anything unknown

struct CaptureNote
{
    int run = -1; // index into Capture::runs; -1: about the capture as a whole
    qint64 atUs = -1;
    QString text;
};

// A user's mark on one event, with an optional note (written by the inspector's Bookmarks
// panel). seq is the event's index in the capture as received, 0-based: the same number the
// event list's # column shows, so a bookmark survives any filter or list mode.
struct Bookmark
{
    qint64 seq = -1;
    QString note; // plain text
    qint64 createdAtUs = -1;
};

// A change a proxy's rewrite rule made to the body on its way to the front end (docs/proxy.md):
// the bytes [offset, offset + length) of the body as the agent sent it (the run's chunks, which
// stay exactly as received) went on as `delivered` instead (empty: dropped), after delayMs.
// The original and the modified bytes are so both in the capture.
struct BodyRewrite
{
    qint64 atUs = -1;
    qint64 offset = 0; // into the run's response body as received
    qint64 length = 0; // bytes of the original event (its whole SSE block or protobuf frame)
    QString rule; // the rule's name
    QString action; // "drop", "delay", "edit", "inject"
    int delayMs = 0;
    QByteArray delivered;
    QString error; // the rule could not be applied (e.g. a patch failed): delivered unchanged
};

// One HTTP exchange: the request we sent, the response head and every body chunk.
struct RunRecording
{
    int id = 0; // the run number used in the file ("run" field / DevTools connId order)
    QString label; // DevTools connId, or empty
    RecordedRequest request;
    RecordedResponse response;
    QList<Chunk> chunks;
    Framing framing = Framing::Sse; // how the body is framed (SSE, proto frames, JSON lines)
    RunEnd end = RunEnd::Open;
    QString endError;
    qint64 endedAtUs = -1;
    // Where among the capture's chunks the run ended (Capture::chunkCount then); -1 unknown. The
    // unterminated rest of its body is an event from that point on.
    qint64 endOrder = -1;
    QList<BodyRewrite> rewrites; // in body order; only runs recorded through a rewriting proxy

    qint64 bodyBytes() const;
    QByteArray body() const; // the chunks joined: what the agent sent
    // What the front end received: body() with every rewrite applied (== body() without any).
    QByteArray deliveredBody() const;
    // The rewrite of the event that starts at body offset `offset`; nullptr when it went on as
    // it came.
    const BodyRewrite *rewriteAt(qint64 offset) const;
};

// Something in the capture file we could not take as written; never silent.
struct CaptureProblem
{
    Severity severity = Severity::Error;
    qint64 byteOffset = -1; // in the capture file
    qint64 line = -1; // 1-based line in the capture file, -1 for binary formats
    QString message;
    // Stable id for lint output: capture.truncated, capture.bad-record, capture.unknown-record,
    // capture.no-header, capture.version, capture.unrecognised, capture.devtools-redacted,
    // capture.har-no-body, capture.http-error (added by the loader), capture.aimock-unknown-field,
    // capture.aimock-ignored, capture.aimock-shadowed.
    QString ruleId;
};

struct Capture
{
    CaptureFormat format = CaptureFormat::Unknown;
    QString tool; // the program that wrote it ("agui-inspector 0.1.0", "ag-ui-devtools@0.1.0")
    QString createdAt; // ISO 8601 as written
    QJsonObject header; // the header record as written (own format / DevTools)
    QList<RunRecording> runs;
    QList<CaptureNote> notes;
    QList<Bookmark> bookmarks; // in the order written; own format only
    QList<CaptureProblem> problems;
    qint64 bytesRead = 0; // bytes of the file consumed
    qint64 bodyBytesRead = 0; // response body bytes read (counted even when chunks are not kept)
    qint64 chunkCount = 0; // chunks read or received so far across runs: the next Chunk::order
    bool truncated = false; // the file ends inside a record (crash while writing?)
    bool cancelled = false;
    // When the file was read through a mapping (CaptureReadOptions::mappedFile): chunks may be
    // slices of it that do not own their bytes, so the capture keeps it mapped.
    std::shared_ptr<const MappedFile> mappedFile;

    qint64 bodyBytes() const;
    bool hasErrors() const;
};

// Framing of a response from its Content-Type, as the reference client decides it: exactly
// "application/vnd.ag-ui.event+proto" means protobuf frames, anything else SSE.
Framing framingForContentType(const QString &contentType);
// A run's framing as capture files name it ("sse", "proto", "jsonl"); an unknown name is SSE.
QString captureFramingName(Framing framing);
Framing captureFramingFromName(const QString &name);
QString headerValue(const HttpHeaders &headers, QLatin1StringView name); // case-insensitive

} // namespace agui
