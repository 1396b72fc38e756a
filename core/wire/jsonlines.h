#pragma once

#include "core/wire/wireissue.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace agui {

// One line of a JSON-lines (.jsonl) byte stream.
struct JsonLine
{
    QByteArray bytes; // the line's content without its terminator ("\n" or "\r\n")
    QByteArray raw; // exactly the stream bytes [offset, offset + length), terminator included
    qint64 offset = 0; // absolute offset of the line's first byte
    qint64 length = 0; // including the terminator
    bool crlf = false; // ended with "\r\n" (the CR is not in bytes)
    bool terminated = true; // false: last line of the stream without a line end (see finish())
    bool overlong = false; // longer than the limit: bytes is empty, raw keeps everything
    WireIssues issues;

    // A line of only spaces/tabs (or nothing): callers usually skip it (but it is still reported,
    // so every byte of the stream is accounted for).
    bool isBlank() const;
};

// Incremental splitter for .jsonl captures: fed arbitrary chunks, it reports complete lines with
// their absolute byte offsets. Line ends are LF or CRLF; a bare CR is content (JSON whitespace),
// so the result does not depend on how the stream was chunked. A UTF-8 BOM at the very start is
// skipped (bomLength() == 3). The lines of all results cover [bomLength(), bytesSeen()) without
// gap. A line longer than Options::maxLineBytes is reported (LineTooLong error, its bytes kept
// in raw, bytes left empty) and splitting resumes after its line end. A line that is not valid
// UTF-8 carries an InvalidUtf8 warning. Each byte is scanned once.
class JsonLineSplitter
{
public:
    struct Options
    {
        qint64 maxLineBytes = 16 * 1024 * 1024;
    };

    JsonLineSplitter();
    explicit JsonLineSplitter(Options options);

    void feed(QByteArrayView bytes); // ignored after finish()
    // End of stream: a last line without a line end is reported with terminated == false and an
    // UnterminatedLine info issue (common and harmless in .jsonl files, but worth knowing).
    void finish();

    QList<JsonLine> takeLines(); // results so far, in order; each handed over once

    bool isFinished() const { return m_finished; }
    qint64 bytesSeen() const { return m_bytesSeen; }
    qint64 bomLength() const { return m_bomLength; }
    qint64 lineCount() const { return m_lineCount; }

private:
    void scan(bool atEnd);
    void emitLine(qsizetype start, qsizetype contentLength, qsizetype terminatorLength,
                  bool terminated);

    Options m_options;
    QByteArray m_pending;
    qsizetype m_scanPos = 0;
    qint64 m_pendingOffset = 0;
    qint64 m_bytesSeen = 0;
    qint64 m_bomLength = 0;
    bool m_bomDecided = false;
    bool m_finished = false;
    // Over-long line in progress: its bytes so far (kept) and where it started.
    bool m_overlong = false;
    QByteArray m_overlongRaw;
    qint64 m_overlongOffset = 0;
    qint64 m_lineCount = 0;
    QList<JsonLine> m_lines;
};

} // namespace agui
