#pragma once

// Internal: the per-format parsers behind readCapture(). Each turns input into the Capture
// (runs, requests, responses, notes, problems) and hands every body chunk to emitChunk().

#include "core/capture/capture.h"
#include "core/capture/capturereader.h"

#include <QHash>
#include <QJsonObject>

#include <memory>
#include <optional>

namespace agui::detail {

class CaptureParser
{
public:
    CaptureParser(Capture &capture, const CaptureReadOptions &options)
        : m_capture(capture)
        , m_options(options)
    { }
    virtual ~CaptureParser() = default;
    // Input in order; `offset` is the file offset of block[0].
    virtual void block(const QByteArray &block, qint64 offset) = 0;
    virtual void finish() = 0;

protected:
    void emitChunk(int runIndex, Chunk chunk);
    // The run's recording is complete in the input: its end's place among the chunks, told on.
    void endRun(int runIndex);
    void problem(const char *ruleId, Severity severity, qint64 offset, qint64 line,
                 const QString &message);
    // The index in capture.runs of the run with this id, created on first use.
    int runIndex(int id, const QString &label = {});

    Capture &m_capture;
    const CaptureReadOptions &m_options;
    QHash<int, int> m_runIndexById;
};

// Splits input into lines for the line-based formats; a last line without '\n' is passed
// with atEnd = true so the parser can tell a crash-truncated record from a bad one.
class LineParser : public CaptureParser
{
public:
    using CaptureParser::CaptureParser;
    void block(const QByteArray &block, qint64 offset) override;
    void finish() override;

protected:
    virtual void line(QByteArrayView line, qint64 offset, qint64 lineNumber, bool atEnd) = 0;
    virtual void end() { }
    // The line as a JSON object; nothing for a blank line, or after reporting what it is
    // instead: the cut last record a crash leaves (the capture is marked truncated), or a line
    // that is not a JSON object (`record` names what it should be, "a capture record").
    std::optional<QJsonObject> recordOf(QByteArrayView line, qint64 offset, qint64 lineNumber,
                                        bool atEnd, const QString &record);

private:
    QByteArray m_pending;
    qint64 m_pendingOffset = 0;
    qint64 m_lineNumber = 0;
};

// Raw response bodies (.sse, .jsonl, protobuf): one run, the input itself is the body.
class RawBodyParser : public CaptureParser
{
public:
    RawBodyParser(Capture &capture, const CaptureReadOptions &options, Framing framing);
    void block(const QByteArray &block, qint64 offset) override;
    void finish() override;
};

std::unique_ptr<CaptureParser> makeOwnFormatParser(Capture &capture,
                                                   const CaptureReadOptions &options);
std::unique_ptr<CaptureParser> makeDevToolsParser(Capture &capture,
                                                  const CaptureReadOptions &options);
std::unique_ptr<CaptureParser> makeHarParser(Capture &capture, const CaptureReadOptions &options);
std::unique_ptr<CaptureParser> makeAimockParser(Capture &capture,
                                                const CaptureReadOptions &options);

} // namespace agui::detail
