#pragma once

#include "core/capture/capture.h"

#include <QFile>
#include <QIODevice>

#include <memory>

namespace agui {

// Writes our own capture format (docs/capture-format.md): JSON Lines, a header record, then one
// record per request / response head / body chunk / end / note, appended as they happen.
// Each record is a complete line handed to the device in ONE write (files are opened
// unbuffered, so one write() call), so a crash leaves at most one partial last line, which
// the reader reports and skips. Credentials are redacted here, before anything is written,
// so they can never reach the disk.
class CaptureWriter
{
public:
    CaptureWriter();
    ~CaptureWriter();
    CaptureWriter(const CaptureWriter &) = delete;
    CaptureWriter &operator=(const CaptureWriter &) = delete;

    // Creates (or truncates) the file and writes the header record.
    bool open(const QString &path);
    // Writes to a device the caller owns (opened for writing); writes the header record.
    bool open(QIODevice *device);
    // Continues an existing capture of ours: later runs are numbered after the ones in the
    // file, and a partial last line left by a crash is closed first so it stays one bad line.
    bool openAppend(const QString &path);
    void close();
    bool isOpen() const;
    QString errorString() const;
    void setTool(const QString &tool); // before open(); default "agui-inspector <version>"

    // Live recording: a time < 0 (request.sentAtUs, response.receivedAtUs, receivedAtUs, atUs)
    // means "now".
    // Starts a run: writes its request record (URL and headers redacted) and returns the run
    // number to pass to the calls below, or -1 when the write failed.
    int beginRun(const RecordedRequest &request);
    bool writeResponse(int run, const RecordedResponse &response);
    // A run record: the body's framing and the source's name for the run (after the request
    // and response records, before the chunks).
    bool describeRun(int run, Framing framing, const QString &label);
    bool writeChunk(int run, QByteArrayView bytes, qint64 receivedAtUs);
    bool endRun(int run, RunEnd end, const QString &error = {}, qint64 atUs = -1);
    bool writeNote(int run, const QString &text, qint64 atUs = -1);
    bool writeBookmark(const Bookmark &bookmark); // createdAtUs < 0 means "now"
    bool writeRewrite(int run, const BodyRewrite &rewrite); // atUs < 0 means "now"

    // Writes a whole capture (e.g. an import) run by run, keeping its times; its bookmarks come
    // last, after every run.
    bool writeCapture(const Capture &capture);

    // The records as bytes (one line each, with its '\n'), for tests and tools. Times are
    // written as given (-1 = unknown); credentials are redacted here too.
    static QByteArray headerRecord(const QString &tool, const QString &createdAt);
    static QByteArray requestRecord(int run, const RecordedRequest &request);
    static QByteArray responseRecord(int run, const RecordedResponse &response);
    static QByteArray runRecord(int run, qint64 atUs, Framing framing, const QString &label);
    static QByteArray chunkRecord(int run, QByteArrayView bytes, qint64 receivedAtUs);
    static QByteArray endRecord(int run, RunEnd end, const QString &error, qint64 atUs);
    static QByteArray noteRecord(int run, const QString &text, qint64 atUs);
    static QByteArray bookmarkRecord(const Bookmark &bookmark);
    static QByteArray rewriteRecord(int run, const BodyRewrite &rewrite);

private:
    bool writeRecord(const QByteArray &line);
    bool writeHeader();

    std::unique_ptr<QFile> m_file;
    QIODevice *m_device = nullptr;
    QString m_tool;
    QString m_error;
    int m_nextRun = 0;
};

qint64 nowUs(); // microseconds since the Unix epoch

} // namespace agui
