#pragma once

#include "core/wire/wireissue.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace agui {

// One line of a JSON-lines (.jsonl) byte stream, as views of the bytes: valid until the
// splitter is fed again (they point into the chunk just fed, or into the splitter's own copy of
// a line that spanned chunks).
struct JsonLineSpan
{
    QByteArrayView raw; // exactly the stream bytes [offset, offset + raw.size()), terminator incl.
    QByteArrayView content; // without its terminator ("\n" or "\r\n"); empty when overlong
    qint64 offset = 0; // absolute offset of the line's first byte
    bool crlf = false; // ended with "\r\n" (the CR is not in content)
    bool terminated = true; // false: last line of the stream without a line end (see finish())
    bool overlong = false; // longer than the limit: content is empty, raw keeps everything
    WireIssues issues;

    // A line of only spaces/tabs (or nothing): callers usually skip it (but it is still reported,
    // so every byte of the stream is accounted for).
    bool isBlank() const;
};

// The same line with its own copies of the bytes (tests, tools).
struct JsonLine
{
    QByteArray bytes; // the line's content without its terminator ("\n" or "\r\n")
    QByteArray raw; // exactly the stream bytes [offset, offset + length), terminator included
    qint64 offset = 0;
    qint64 length = 0; // including the terminator
    bool crlf = false;
    bool terminated = true;
    bool overlong = false;
    WireIssues issues;
    bool isBlank() const;
};

// Incremental splitter for .jsonl captures: fed arbitrary chunks, it reports complete lines with
// their absolute byte offsets. Line ends are LF or CRLF; a bare CR is content (JSON whitespace),
// so the result does not depend on how the stream was chunked. A UTF-8 BOM at the very start is
// skipped (bomLength() == 3). The lines of all results cover [bomLength(), bytesSeen()) without
// gap. A line longer than Options::maxLineBytes is reported (LineTooLong error, its bytes kept
// in raw, content left empty) and splitting resumes after its line end. A line that is not valid
// UTF-8 carries an InvalidUtf8 warning. Each byte is scanned once, and a line that lies inside
// one fed chunk is never copied (takeSpans()).
class JsonLineSplitter
{
public:
    struct Options
    {
        qint64 maxLineBytes = 16 * 1024 * 1024;
        bool keepCopies = true; // also copy every line for takeLines() (off: spans() only)
    };

    JsonLineSplitter();
    explicit JsonLineSplitter(Options options);

    void feed(QByteArrayView bytes); // ignored after finish()
    // End of stream: a last line without a line end is reported with terminated == false and an
    // UnterminatedLine info issue (common and harmless in .jsonl files, but worth knowing).
    void finish();

    // Lines completed by the last feed()/finish(), as views valid until the next feed/finish.
    const QList<JsonLineSpan> &spans() const { return m_spans; }
    // All lines completed so far, copied (each handed over once).
    QList<JsonLine> takeLines();

    bool isFinished() const { return m_finished; }
    qint64 bytesSeen() const { return m_bytesSeen; }
    qint64 bomLength() const { return m_bomLength; }
    qint64 lineCount() const { return m_lineCount; }

private:
    void scan(QByteArrayView chunk, qint64 chunkOffset);
    void emitLine(QByteArrayView raw, qint64 offset, bool terminated, bool knownUtf8 = false);
    void copySpans();

    Options m_options;
    qint64 m_bytesSeen = 0;
    qint64 m_bomLength = 0;
    bool m_bomDecided = false;
    bool m_finished = false;
    // The unfinished line (bytes of earlier chunks) and where it started.
    QByteArray m_carry;
    qint64 m_carryOffset = 0;
    QList<QByteArray> m_assembled; // lines completed from m_carry, kept for the spans' views
    qint64 m_lineCount = 0;
    QList<JsonLineSpan> m_spans;
    QList<JsonLine> m_lines;
};

} // namespace agui
