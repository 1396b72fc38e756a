#include "core/capture/capturereader.h"

#include "core/capture/captureparsers_p.h"
#include "core/capture/formatdetect.h"

#include <QBuffer>
#include <QFile>
#include <QJsonDocument>

#include <cstdio>

namespace agui {

namespace detail {

void CaptureParser::emitChunk(int index, Chunk chunk)
{
    m_capture.bodyBytesRead += chunk.bytes.size();
    chunk.order = m_capture.chunkCount++;
    if (m_options.onChunk)
        m_options.onChunk(m_capture, index, chunk);
    if (m_options.keepChunks)
        m_capture.runs[index].chunks.append(std::move(chunk));
}

void CaptureParser::endRun(int index)
{
    m_capture.runs[index].endOrder = m_capture.chunkCount;
    if (m_options.onRunEnd)
        m_options.onRunEnd(m_capture, index);
}

void CaptureParser::problem(const char *ruleId, Severity severity, qint64 offset, qint64 line,
                            const QString &message)
{
    m_capture.problems.append(
        {severity, offset, line, message, QStringLiteral("capture.") + QLatin1StringView(ruleId)});
}

int CaptureParser::runIndex(int id, const QString &label)
{
    const auto it = m_runIndexById.constFind(id);
    if (it != m_runIndexById.cend())
        return it.value();
    RunRecording run;
    run.id = id;
    run.label = label;
    m_capture.runs.append(run);
    const int index = int(m_capture.runs.size() - 1);
    m_runIndexById.insert(id, index);
    return index;
}

void LineParser::block(const QByteArray &bytes, qint64 offset)
{
    const QByteArrayView block = bytes;
    qsizetype start = 0;
    while (start < block.size()) {
        const qsizetype nl = block.indexOf('\n', start);
        if (nl < 0)
            break;
        ++m_lineNumber;
        if (m_pending.isEmpty()) {
            line(block.sliced(start, nl - start), offset + start, m_lineNumber, false);
        } else {
            m_pending.append(block.sliced(start, nl - start));
            line(m_pending, m_pendingOffset, m_lineNumber, false);
            m_pending.clear();
        }
        start = nl + 1;
    }
    if (start < block.size()) {
        if (m_pending.isEmpty())
            m_pendingOffset = offset + start;
        m_pending.append(block.sliced(start));
    }
}

std::optional<QJsonObject> LineParser::recordOf(QByteArrayView text, qint64 offset,
                                                qint64 lineNumber, bool atEnd,
                                                const QString &record)
{
    if (text.endsWith('\r'))
        text.chop(1);
    if (text.trimmed().isEmpty())
        return std::nullopt;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toByteArray(), &error);
    if (error.error == QJsonParseError::NoError && doc.isObject())
        return doc.object();
    if (atEnd) {
        // What a crash mid-write leaves: keep everything before, say what was cut.
        m_capture.truncated = true;
        problem("truncated", Severity::Warning, offset, lineNumber,
                QStringLiteral("the file ends inside a record (line %1, byte %2): the "
                               "last %3 bytes are an incomplete record and were not read")
                    .arg(lineNumber)
                    .arg(offset)
                    .arg(text.size()));
        return std::nullopt;
    }
    const QString why = error.error != QJsonParseError::NoError
        ? error.errorString()
        : QStringLiteral("not a JSON object");
    problem("bad-record", Severity::Error, offset + (error.error ? error.offset : 0), lineNumber,
            QStringLiteral("line %1 is not %2 (%3); skipped").arg(lineNumber).arg(record, why));
    return std::nullopt;
}

void LineParser::finish()
{
    if (!m_pending.isEmpty()) {
        ++m_lineNumber;
        line(m_pending, m_pendingOffset, m_lineNumber, true);
        m_pending.clear();
    }
    end();
}

RawBodyParser::RawBodyParser(Capture &capture, const CaptureReadOptions &options, Framing framing)
    : CaptureParser(capture, options)
{
    const int index = runIndex(0);
    m_capture.runs[index].framing = framing;
}

void RawBodyParser::block(const QByteArray &block, qint64 offset)
{
    Chunk chunk;
    chunk.bytes = block; // shared: the block read is the body chunk
    chunk.sourceOffset = offset;
    chunk.sourceIsBytes = true;
    emitChunk(0, std::move(chunk));
}

void RawBodyParser::finish()
{
    // A raw body carries no end record; it ended when the file did.
    m_capture.runs[0].end = RunEnd::Finished;
}

} // namespace detail

namespace {

std::unique_ptr<detail::CaptureParser> makeParser(CaptureFormat format, Capture &capture,
                                                  const CaptureReadOptions &options)
{
    switch (format) {
    case CaptureFormat::Agui:
        return detail::makeOwnFormatParser(capture, options);
    case CaptureFormat::DevTools:
        return detail::makeDevToolsParser(capture, options);
    case CaptureFormat::Sse:
        return std::make_unique<detail::RawBodyParser>(capture, options, Framing::Sse);
    case CaptureFormat::JsonLines:
        return std::make_unique<detail::RawBodyParser>(capture, options, Framing::JsonLine);
    case CaptureFormat::Protobuf:
        return std::make_unique<detail::RawBodyParser>(capture, options, Framing::Proto);
    case CaptureFormat::Har:
        return detail::makeHarParser(capture, options);
    case CaptureFormat::AimockFixture:
        return detail::makeAimockParser(capture, options);
    case CaptureFormat::Unknown:
        break;
    }
    return {};
}

constexpr qint64 kFirstBlockSize = 64 * 1024;

// One block of input: whatever one read gives (at most `want` bytes), waiting only while
// nothing is there yet, so input arriving through a pipe is handled as it comes. The previous
// block's memory is reused when nothing kept it (a one-pass read): a fresh megabyte per block
// would be mapped, faulted in page by page and unmapped again every time.
void readBlock(QIODevice &in, qint64 want, QByteArray *block, bool *atEnd)
{
    if (!block->isDetached() || block->capacity() < want)
        *block = QByteArray(want, Qt::Uninitialized);
    block->resize(want);
    while (true) {
        const qint64 got = in.read(block->data(), want);
        if (got > 0) {
            block->resize(got);
            if (got < want / 2)
                block->squeeze(); // a short read (a pipe) must not pin a whole block if kept
            return;
        }
        // QFile never waits: an empty read on a file or a closed pipe is the end.
        if (got < 0 || in.atEnd() || !in.waitForReadyRead(-1)) {
            *atEnd = true;
            block->resize(0);
            return;
        }
    }
}

QByteArray readBlock(QIODevice &in, qint64 want, bool *atEnd)
{
    QByteArray block;
    readBlock(in, want, &block, atEnd);
    return block;
}

// The first block must be enough to recognise the format: the first non-blank line, or a
// protobuf frame header, or 4 KiB, or all there is.
QByteArray readHead(QIODevice &in, qint64 want, bool *atEnd)
{
    QByteArray head;
    while (!*atEnd && head.size() < std::min<qint64>(want, 4096)) {
        head += readBlock(in, want - head.size(), atEnd);
        if (head.size() >= 5 && head.startsWith('\0'))
            break; // a big-endian frame length under 16 MiB
        const qsizetype newline = head.indexOf('\n');
        if (newline >= 0 && !head.first(newline).trimmed().isEmpty())
            break;
    }
    return head;
}

} // namespace

namespace {

// The first blocks are smaller and double up to the block size (readBlocks).
qint64 firstBlockSize(const CaptureReadOptions &options)
{
    return std::min(std::max<qint64>(options.blockSize, 4096), kFirstBlockSize);
}

// The loop both sources share: `head` is the first block, `next(want, &block, &atEnd)` reads the
// next one.
template<typename NextBlock>
Capture readBlocks(QByteArray block, bool atEnd, qint64 total, NextBlock next,
                   const CaptureReadOptions &options)
{
    Capture capture;
    capture.format = detectCaptureFormat(block, atEnd);
    if (capture.format == CaptureFormat::Unknown) {
        capture.problems.append({Severity::Error, 0, -1, describeUndetected(block),
                                 QStringLiteral("capture.unrecognised")});
        capture.bytesRead = block.size();
        return capture;
    }
    std::unique_ptr<detail::CaptureParser> parser = makeParser(capture.format, capture, options);
    const qint64 blockSize = std::max<qint64>(options.blockSize, 4096);
    qint64 want = firstBlockSize(options);
    qint64 offset = 0;
    while (!block.isEmpty()) {
        parser->block(block, offset);
        offset += block.size();
        capture.bytesRead = offset;
        if (options.onProgress)
            options.onProgress(offset, total);
        if (options.cancel && options.cancel->load()) {
            capture.cancelled = true;
            return capture;
        }
        if (atEnd)
            break;
        // The first blocks are smaller and double up to blockSize, so that the first events
        // reach the parser (and a two-thread load's reducer) before a whole first megabyte.
        want = std::min(blockSize, 2 * want);
        next(want, &block, &atEnd);
    }
    parser->finish();
    return capture;
}

// A mapped file in slices of it: the blocks (and so the chunks of a raw body) share its pages.
Capture readMapped(const std::shared_ptr<MappedFile> &file, const CaptureReadOptions &options)
{
    qint64 offset = 0;
    auto next = [&file, &offset](qint64 want, QByteArray *block, bool *ended) {
        const qint64 size = std::min(want, file->size() - offset);
        *block = file->slice(offset, size);
        offset += size;
        *ended = offset == file->size();
    };
    QByteArray head;
    bool atEnd = false;
    next(firstBlockSize(options), &head, &atEnd);
    Capture capture = readBlocks(head, atEnd, file->size(), next, options);
    capture.mappedFile = file;
    return capture;
}

} // namespace

Capture readCapture(QIODevice &in, const CaptureReadOptions &options)
{
    const qint64 total = in.isSequential() ? -1 : in.size();
    const qint64 first = firstBlockSize(options);
    bool atEnd = false;
    QByteArray head = readHead(in, first, &atEnd);
    auto next
        = [&in](qint64 want, QByteArray *block, bool *ended) { readBlock(in, want, block, ended); };
    return readBlocks(head, atEnd, total, next, options);
}

Capture readCapture(const QByteArray &bytes, const CaptureReadOptions &options)
{
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    return readCapture(buffer, options);
}

bool readCaptureFile(const QString &path, Capture *capture, QString *error,
                     const CaptureReadOptions &options)
{
    QFile file;
    const bool isStdin = path == QLatin1String("-");
    // By descriptor, not FILE*: reads return what the pipe has instead of waiting to fill up.
    const bool opened = isStdin ? file.open(fileno(stdin), QIODevice::ReadOnly)
                                : (file.setFileName(path), file.open(QIODevice::ReadOnly));
    if (!opened) {
        if (error)
            *error = QStringLiteral("cannot open: %1").arg(file.errorString());
        return false;
    }
    *capture = options.mappedFile && !isStdin ? readMapped(options.mappedFile, options)
                                              : readCapture(file, options);
    if (capture->format == CaptureFormat::Unknown) {
        if (error)
            *error = capture->problems.value(0).message;
        return false;
    }
    return true;
}

} // namespace agui
