#include "core/capture/capturewriter.h"

#include "core/capture/capturereader.h"
#include "core/capture/jsontext.h"
#include "core/capture/redaction.h"

#include <QDateTime>

#include <algorithm>
#include <limits>
#include <vector>

namespace agui {

using capturejson::quoted;

qint64 nowUs()
{
    return QDateTime::currentMSecsSinceEpoch() * 1000;
}

namespace {

QByteArray number(qint64 n)
{
    return QByteArray::number(n);
}

qint64 orNow(qint64 us)
{
    return us >= 0 ? us : nowUs();
}

QByteArray headersJson(const HttpHeaders &headers)
{
    QByteArray out("[");
    for (qsizetype i = 0; i < headers.size(); ++i) {
        if (i)
            out.append(',');
        out.append('[').append(quoted(headers[i].first)).append(',');
        out.append(quoted(headers[i].second)).append(']');
    }
    out.append(']');
    return out;
}

// Bytes as a JSON string member when that is exact (readable, diffable), else as base64, appended
// onto out in place: a chunk record is as large as the chunk, and each extra copy of it showed in
// the proxy's profile.
void appendBytesMember(QByteArray &out, QByteArrayView textKey, QByteArrayView b64Key,
                       QByteArrayView bytes)
{
    out.append(",\"");
    if (capturejson::isExactUtf8(bytes)) {
        out.append(textKey).append("\":");
        capturejson::appendQuotedUtf8(out, bytes);
    } else {
        out.append(b64Key).append("\":\"").append(bytes.toByteArray().toBase64()).append('"');
    }
}

QByteArray recordStart(QByteArrayView kind, int run, qint64 atUs)
{
    QByteArray out("{\"k\":\"");
    out.append(kind).append('"');
    if (run >= 0)
        out.append(",\"run\":").append(number(run));
    out.append(",\"t\":").append(number(atUs));
    return out;
}

} // namespace

CaptureWriter::CaptureWriter()
    : m_tool(QStringLiteral("agui-inspector " AGUI_CAPTURE_VERSION))
{ }

CaptureWriter::~CaptureWriter()
{
    close();
}

void CaptureWriter::setTool(const QString &tool)
{
    m_tool = tool;
}

bool CaptureWriter::open(const QString &path)
{
    close();
    m_file = std::make_unique<QFile>(path);
    // Unbuffered: every record reaches the OS in exactly one write() call.
    if (!m_file->open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Unbuffered)) {
        m_error = QStringLiteral("%1: %2").arg(path, m_file->errorString());
        m_file.reset();
        return false;
    }
    m_device = m_file.get();
    m_nextRun = 0;
    return writeHeader();
}

bool CaptureWriter::open(QIODevice *device)
{
    close();
    if (!device || !device->isWritable()) {
        m_error = QStringLiteral("the device is not open for writing");
        return false;
    }
    m_device = device;
    m_nextRun = 0;
    return writeHeader();
}

bool CaptureWriter::openAppend(const QString &path)
{
    close();
    m_file = std::make_unique<QFile>(path);
    if (!m_file->open(QIODevice::ReadWrite | QIODevice::Unbuffered)) {
        m_error = QStringLiteral("%1: %2").arg(path, m_file->errorString());
        m_file.reset();
        return false;
    }
    const QByteArray all = m_file->readAll();
    if (all.isEmpty()) {
        m_device = m_file.get();
        m_nextRun = 0;
        return writeHeader();
    }
    if (!all.startsWith("{\"agui-capture\"")) {
        m_error = QStringLiteral("%1: not an agui capture, refusing to append").arg(path);
        m_file.reset();
        return false;
    }
    // Runs already in the file keep their numbers; new ones come after.
    CaptureReadOptions options;
    options.keepChunks = false;
    const Capture existing = readCapture(all, options);
    int maxRun = -1;
    for (const RunRecording &r : existing.runs)
        maxRun = std::max(maxRun, r.id);
    m_device = m_file.get();
    m_nextRun = maxRun + 1;
    m_file->seek(all.size());
    if (!all.endsWith('\n'))
        return writeRecord(QByteArray("\n")); // a crash left a partial line: close it off
    return true;
}

void CaptureWriter::close()
{
    if (m_file)
        m_file->close();
    m_file.reset();
    m_device = nullptr;
}

bool CaptureWriter::isOpen() const
{
    return m_device != nullptr;
}

QString CaptureWriter::errorString() const
{
    return m_error;
}

bool CaptureWriter::writeRecord(const QByteArray &line)
{
    if (!m_device) {
        m_error = QStringLiteral("the capture is not open");
        return false;
    }
    if (m_device->write(line) != line.size()) {
        m_error = QStringLiteral("writing the capture failed: %1").arg(m_device->errorString());
        return false;
    }
    return true;
}

bool CaptureWriter::writeHeader()
{
    return writeRecord(
        headerRecord(m_tool, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)));
}

int CaptureWriter::beginRun(const RecordedRequest &request)
{
    const int run = m_nextRun;
    RecordedRequest timed = request;
    timed.sentAtUs = orNow(request.sentAtUs);
    if (!writeRecord(requestRecord(run, timed)))
        return -1;
    ++m_nextRun;
    return run;
}

bool CaptureWriter::describeRun(int run, Framing framing, const QString &label)
{
    return writeRecord(runRecord(run, nowUs(), framing, label));
}

bool CaptureWriter::writeResponse(int run, const RecordedResponse &response)
{
    RecordedResponse timed = response;
    timed.receivedAtUs = orNow(response.receivedAtUs);
    return writeRecord(responseRecord(run, timed));
}

bool CaptureWriter::writeChunk(int run, QByteArrayView bytes, qint64 receivedAtUs)
{
    return writeRecord(chunkRecord(run, bytes, orNow(receivedAtUs)));
}

bool CaptureWriter::endRun(int run, RunEnd end, const QString &error, qint64 atUs)
{
    return writeRecord(endRecord(run, end, error, orNow(atUs)));
}

bool CaptureWriter::writeNote(int run, const QString &text, qint64 atUs)
{
    return writeRecord(noteRecord(run, text, orNow(atUs)));
}

bool CaptureWriter::writeBookmark(const Bookmark &bookmark)
{
    Bookmark timed = bookmark;
    timed.createdAtUs = orNow(bookmark.createdAtUs);
    return writeRecord(bookmarkRecord(timed));
}

bool CaptureWriter::writeRewrite(int run, const BodyRewrite &rewrite)
{
    BodyRewrite timed = rewrite;
    timed.atUs = orNow(rewrite.atUs);
    return writeRecord(rewriteRecord(run, timed));
}

namespace {

// One record-writing step of writeCapture, placed among the capture's chunks.
struct WriteStep
{
    // At the same place: heads first (a run's own head before its end), then ends (a run that
    // ended before this chunk came), then the chunk.
    enum Kind { Head, End, Body };
    qint64 at = 0; // the Chunk::order it goes before (or is)
    Kind kind = Head;
    qsizetype run = 0;
    qsizetype chunk = -1; // Body: index into the run's chunks
};

// The order to write a capture's records in: the order they happened. A capture read or
// recorded here knows it (Chunk::order, RunRecording::endOrder): runs recorded at the same time
// interleave as their chunks came, and a run ends where it ended, so the reopened capture numbers
// its events as the session did. One assembled by hand (orders unknown) is written run after run.
std::vector<WriteStep> writeOrder(const Capture &capture)
{
    constexpr qint64 kLast = std::numeric_limits<qint64>::max();
    std::vector<WriteStep> steps;
    bool ordered = true;
    for (qsizetype run = 0; run < capture.runs.size(); ++run) {
        const RunRecording &r = capture.runs[run];
        const qint64 head = !r.chunks.isEmpty() ? r.chunks.first().order : r.endOrder;
        steps.push_back({head >= 0 ? head : kLast, WriteStep::Head, run, -1});
        for (qsizetype i = 0; i < r.chunks.size(); ++i) {
            ordered = ordered && r.chunks[i].order >= 0;
            steps.push_back({r.chunks[i].order, WriteStep::Body, run, i});
        }
        // Where it ended, or else where its chunks did, as far as anyone knows.
        const qint64 end = r.endOrder >= 0 ? r.endOrder
            : r.chunks.isEmpty()           ? steps.back().at
                                           : r.chunks.last().order + 1;
        steps.push_back({end, WriteStep::End, run, -1});
    }
    // Orders unknown (a capture assembled by hand): run after run, as the steps were pushed.
    if (ordered)
        std::stable_sort(steps.begin(), steps.end(), [](const WriteStep &a, const WriteStep &b) {
            return a.at != b.at ? a.at < b.at : a.kind < b.kind;
        });
    return steps;
}

} // namespace

bool CaptureWriter::writeCapture(const Capture &capture)
{
    for (const CaptureNote &n : capture.notes) {
        if (n.run < 0 && !writeRecord(noteRecord(-1, n.text, n.atUs)))
            return false;
    }
    QList<int> runNumbers(capture.runs.size(), -1);
    for (const WriteStep &step : writeOrder(capture)) {
        const RunRecording &r = capture.runs[step.run];
        switch (step.kind) {
        case WriteStep::Head: {
            const int run = runNumbers[step.run] = m_nextRun++;
            // The run record says what the response alone cannot: the framing of bodies that
            // came without an HTTP response (imports of .jsonl files) and the source's own name.
            if (!writeRecord(runRecord(run, r.request.present ? r.request.sentAtUs : -1, r.framing,
                                       r.label)))
                return false;
            if (r.request.present && !writeRecord(requestRecord(run, r.request)))
                return false;
            if (r.response.present && !writeRecord(responseRecord(run, r.response)))
                return false;
            break;
        }
        case WriteStep::Body: {
            const Chunk &c = r.chunks[step.chunk];
            if (!writeRecord(chunkRecord(runNumbers[step.run], c.bytes, c.receivedAtUs)))
                return false;
            break;
        }
        case WriteStep::End: {
            const int run = runNumbers[step.run];
            for (const BodyRewrite &w : r.rewrites) {
                if (!writeRecord(rewriteRecord(run, w)))
                    return false;
            }
            for (const CaptureNote &n : capture.notes) {
                if (n.run == step.run && !writeRecord(noteRecord(run, n.text, n.atUs)))
                    return false;
            }
            if (r.end != RunEnd::Open
                && !writeRecord(endRecord(run, r.end, r.endError, r.endedAtUs)))
                return false;
            break;
        }
        }
    }
    for (const Bookmark &b : capture.bookmarks) {
        if (!writeRecord(bookmarkRecord(b)))
            return false;
    }
    return true;
}

QByteArray CaptureWriter::headerRecord(const QString &tool, const QString &createdAt)
{
    QByteArray out("{\"agui-capture\":1,\"tool\":");
    out.append(quoted(tool)).append(",\"createdAt\":").append(quoted(createdAt)).append("}\n");
    return out;
}

QByteArray CaptureWriter::requestRecord(int run, const RecordedRequest &request)
{
    QByteArray out = recordStart("request", run, request.sentAtUs);
    out.append(",\"method\":").append(quoted(request.method));
    out.append(",\"url\":").append(quoted(redactUrl(request.url)));
    out.append(",\"headers\":").append(headersJson(redactHeaders(request.headers)));
    appendBytesMember(out, "bodyText", "bodyB64", request.body);
    if (request.frontEndBody)
        appendBytesMember(out, "frontEndBodyText", "frontEndBodyB64", *request.frontEndBody);
    out.append("}\n");
    return out;
}

QByteArray CaptureWriter::runRecord(int run, qint64 atUs, Framing framing, const QString &label)
{
    QByteArray out = recordStart("run", run, atUs);
    out.append(",\"framing\":").append(quoted(captureFramingName(framing)));
    if (!label.isEmpty())
        out.append(",\"label\":").append(quoted(label));
    out.append("}\n");
    return out;
}

QByteArray CaptureWriter::responseRecord(int run, const RecordedResponse &response)
{
    QByteArray out = recordStart("response", run, response.receivedAtUs);
    out.append(",\"status\":").append(number(response.status));
    out.append(",\"headers\":").append(headersJson(redactHeaders(response.headers)));
    out.append("}\n");
    return out;
}

QByteArray CaptureWriter::chunkRecord(int run, QByteArrayView bytes, qint64 receivedAtUs)
{
    QByteArray out = recordStart("chunk", run, receivedAtUs);
    appendBytesMember(out, "text", "b64", bytes);
    out.append("}\n");
    return out;
}

QByteArray CaptureWriter::endRecord(int run, RunEnd end, const QString &error, qint64 atUs)
{
    QByteArray out = recordStart("end", run, atUs);
    out.append(",\"reason\":").append(quoted(runEndName(end)));
    if (!error.isEmpty())
        out.append(",\"error\":").append(quoted(error));
    out.append("}\n");
    return out;
}

QByteArray CaptureWriter::noteRecord(int run, const QString &text, qint64 atUs)
{
    QByteArray out = recordStart("note", run, atUs);
    out.append(",\"text\":").append(quoted(text)).append("}\n");
    return out;
}

QByteArray CaptureWriter::bookmarkRecord(const Bookmark &bookmark)
{
    // No run: a bookmark names an event of the whole capture by its index.
    QByteArray out = recordStart("bookmark", -1, bookmark.createdAtUs);
    out.append(",\"seq\":").append(number(bookmark.seq));
    out.append(",\"note\":").append(quoted(bookmark.note)).append("}\n");
    return out;
}

QByteArray CaptureWriter::rewriteRecord(int run, const BodyRewrite &rewrite)
{
    QByteArray out = recordStart("rewrite", run, rewrite.atUs);
    out.append(",\"offset\":").append(number(rewrite.offset));
    out.append(",\"length\":").append(number(rewrite.length));
    out.append(",\"rule\":").append(quoted(rewrite.rule));
    out.append(",\"action\":").append(quoted(rewrite.action));
    if (rewrite.delayMs > 0)
        out.append(",\"delayMs\":").append(number(rewrite.delayMs));
    appendBytesMember(out, "text", "b64", rewrite.delivered);
    if (!rewrite.error.isEmpty())
        out.append(",\"error\":").append(quoted(rewrite.error));
    out.append("}\n");
    return out;
}

} // namespace agui
