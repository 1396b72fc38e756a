// Writes the seed inputs of every fuzz target from the project's test data (tests/fuzz/README.md):
//   fuzz_seedgen <tests/data> <json-patch-test-suite dir> <corpus dir>
// Each seed is named seed-<what>; files found by fuzzing are added next to them by hand
// (crash-<target>-<what>). Run it again after the test data changes; it only writes seeds.

#include "core/capture/capturewriter.h"
#include "core/wire/protoevent.h"
#include "core/wire/protoframes.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

using namespace agui;

namespace {

QDir g_data, g_corpus;

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

void write(const char *target, const QString &name, const QByteArray &bytes)
{
    g_corpus.mkpath(QLatin1StringView(target));
    QString safe = name;
    safe.replace(u'/', u'-');
    QFile f(g_corpus.filePath(QLatin1StringView(target) + u"/seed-" + safe));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(f.fileName()));
    // Whatever the reader takes is also saved and reopened (fuzz_roundtrip).
    if (qstrcmp(target, "capture") == 0)
        write("roundtrip", name, bytes);
}

QStringList files(const QString &dir, const QStringList &patterns)
{
    QStringList out;
    for (const QFileInfo &fi :
         QDir(g_data.filePath(dir)).entryInfoList(patterns, QDir::Files, QDir::Name))
        out.append(dir + u'/' + fi.fileName());
    return out;
}

QByteArray sseOf(const QByteArray &jsonLines)
{
    QByteArray out;
    for (const QByteArray &line : jsonLines.split('\n'))
        if (!line.trimmed().isEmpty())
            out += "data: " + line.trimmed() + "\n\n";
    return out;
}

QByteArray protoStream()
{
    QByteArray out;
    const QJsonArray events
        = QJsonDocument::fromJson(
              readFile(g_data.filePath(QStringLiteral("wire/proto-events.json"))))
              .array();
    for (const QJsonValue &e : events) {
        const ProtoEncodeResult r = encodeProtoEvent(e.toObject());
        if (r.ok())
            out += encodeProtoFrame(r.message);
    }
    return out;
}

QByteArray chunked(const QByteArray &body, qsizetype piece)
{
    QByteArray out;
    for (qsizetype at = 0; at < body.size(); at += piece) {
        const QByteArray part = body.mid(at, piece);
        out += QByteArray::number(part.size(), 16) + "\r\n" + part + "\r\n";
    }
    return out + "0\r\n\r\n";
}

QByteArray ownCapture(const QByteArray &body, const QByteArray &contentType)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    CaptureWriter writer;
    writer.setTool(QStringLiteral("seedgen"));
    writer.open(&buffer);
    RecordedRequest request;
    request.present = true;
    request.sentAtUs = 1700000000000000;
    request.method = QStringLiteral("POST");
    request.url = QStringLiteral("http://127.0.0.1:8000/agent");
    request.headers = {{QStringLiteral("Content-Type"), QStringLiteral("application/json")}};
    request.body = R"({"threadId":"t","runId":"r","messages":[],"state":{}})";
    const int run = writer.beginRun(request);
    RecordedResponse response;
    response.present = true;
    response.receivedAtUs = request.sentAtUs + 1000;
    response.status = 200;
    response.headers = {{QStringLiteral("Content-Type"), QString::fromLatin1(contentType)}};
    writer.writeResponse(run, response);
    for (qsizetype at = 0; at < body.size(); at += 97)
        writer.writeChunk(run, body.mid(at, 97), response.receivedAtUs + at);
    writer.endRun(run, RunEnd::Finished, {}, response.receivedAtUs + body.size() + 1);
    return bytes;
}

void streams()
{
    QStringList sse = files(QStringLiteral("wire"), {QStringLiteral("*.sse")});
    sse += files(QStringLiteral("capture/samples"), {QStringLiteral("*.sse")});
    for (const QString &f : sse) {
        write("sse", f, readFile(g_data.filePath(f)));
        write("session", f, readFile(g_data.filePath(f)));
        write("capture", f, readFile(g_data.filePath(f)));
    }
    QStringList jsonl = files(QStringLiteral("session/conformance"), {QStringLiteral("*.jsonl")});
    jsonl += files(QStringLiteral("capture/samples"), {QStringLiteral("*.jsonl")});
    jsonl += files(QStringLiteral("wire"), {QStringLiteral("*.jsonl")});
    for (const QString &f : jsonl) {
        const QByteArray lines = readFile(g_data.filePath(f));
        write("session", f, lines);
        write("sse", f + QStringLiteral(".sse"), sseOf(lines));
    }
    for (const QString &f : files(QStringLiteral("capture/devtools"), {QStringLiteral("*.jsonl")}))
        write("capture", f, readFile(g_data.filePath(f)));
    const QByteArray proto = protoStream();
    const QByteArray appendix = readFile(g_data.filePath(QStringLiteral("wire/appendix-a.proto")));
    write("proto", QStringLiteral("proto-events"), proto);
    write("proto", QStringLiteral("appendix-a.proto"), appendix);
    write("session", QStringLiteral("proto-events"), proto);
    write("capture", QStringLiteral("proto-events"), proto);
    const QByteArray tool = readFile(g_data.filePath(QStringLiteral("wire/tool-call.sse")));
    write("capture", QStringLiteral("own-format-sse.aguicap"),
          ownCapture(tool, "text/event-stream"));
    write("capture", QStringLiteral("own-format-proto.aguicap"),
          ownCapture(appendix, "application/vnd.ag-ui.event+proto"));
    // Runs recorded at once, one cut off: records out of run order (the Save As round trip).
    write("roundtrip", QStringLiteral("interleaved-cut-off.aguicap"),
          readFile(g_data.filePath(QStringLiteral("capture/interleaved-cut-off.aguicap"))));
}

void jsonPatch(const QString &suiteDir)
{
    for (const char *name : {"tests.json", "spec_tests.json"}) {
        const QJsonArray cases
            = QJsonDocument::fromJson(readFile(suiteDir + u'/' + QLatin1StringView(name))).array();
        for (qsizetype i = 0; i < cases.size(); ++i) {
            const QJsonObject c = cases.at(i).toObject();
            if (!c.contains(QStringLiteral("doc")) || c.value(QStringLiteral("disabled")).toBool())
                continue;
            const QJsonObject entry {{QStringLiteral("doc"), c.value(QStringLiteral("doc"))},
                                     {QStringLiteral("patch"), c.value(QStringLiteral("patch"))}};
            write("jsonpatch", QStringLiteral("%1-%2").arg(QLatin1StringView(name)).arg(i),
                  QJsonDocument(entry).toJson(QJsonDocument::Compact));
        }
    }
}

void a2ui()
{
    for (const QString &f : files(QStringLiteral("a2ui"), {QStringLiteral("*.json")})) {
        const QByteArray bytes = readFile(g_data.filePath(f));
        write("a2ui", f, bytes);
        const QJsonArray messages = QJsonDocument::fromJson(bytes).array();
        for (qsizetype i = 0; i < messages.size(); ++i)
            write("a2ui", f + QStringLiteral("-%1").arg(i),
                  QJsonDocument(messages.at(i).toObject()).toJson(QJsonDocument::Compact));
    }
}

void http()
{
    const QByteArray body = R"({"threadId":"t","runId":"r","messages":[],"state":{}})";
    const QByteArray post = "POST /agent HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                            "application/json\r\nAccept: text/event-stream\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    write("httprequest", QStringLiteral("post"), post);
    write("httprequest", QStringLiteral("post-lf"), QByteArray(post).replace("\r\n", "\n"));
    write("httprequest", QStringLiteral("expect-continue"),
          "POST /agent HTTP/1.1\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n{}");
    write("httprequest", QStringLiteral("chunked-request"),
          "POST /agent HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
    write("httprequest", QStringLiteral("get-query"),
          "GET /agent%20x?a=1&b=%41 HTTP/1.0\r\nX-Api-Key: k\r\n\r\n");
    write("httprequest", QStringLiteral("two-lengths"),
          "POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}");

    const QByteArray sse = readFile(g_data.filePath(QStringLiteral("wire/appendix-a.sse")));
    const QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n";
    write("httpresponse", QStringLiteral("chunked"),
          head + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + chunked(sse, 40));
    write("httpresponse", QStringLiteral("length"),
          head + "Content-Length: " + QByteArray::number(sse.size()) + "\r\n\r\n" + sse);
    write("httpresponse", QStringLiteral("until-close"), head + "\r\n" + sse);
    write("httpresponse", QStringLiteral("interim-then-final"),
          "HTTP/1.1 100 Continue\r\n\r\n" + head + "Content-Length: 2\r\n\r\nab");
    write("httpresponse", QStringLiteral("html-500"),
          "HTTP/1.0 500 Internal Server Error\r\nContent-Type: text/html\r\nContent-Length: 25\r\n"
          "\r\n<html><b>boom</b></html>\n");
    write("httpresponse", QStringLiteral("redirect-307"),
          "HTTP/1.1 307 Temporary Redirect\r\nLocation: https://x/agent?token=s\r\n"
          "Content-Length: 0\r\n\r\n");
    write("httpresponse", QStringLiteral("no-content"), "HTTP/1.1 204 No Content\r\n\r\n");
    write("httpresponse", QStringLiteral("chunk-extensions-trailers"),
          head
              + "Transfer-Encoding: gzip, chunked\r\nX-Folded: a\r\n b\r\n\r\n"
                "5;name=value\r\nhello\r\n0\r\nTrailer: x\r\n\r\n");
    write("httpresponse", QStringLiteral("bad-chunk-size"),
          head + "Transfer-Encoding: chunked\r\n\r\nzz\r\ndata: {}\n\n\r\n0\r\n\r\n");
    write("httpresponse", QStringLiteral("tls-alert"),
          QByteArray("\x15\x03\x01\x00\x02\x02\x46", 7));
}

// The OpenTelemetry inputs from outside (fuzz_otelinput): traceparent headers, Retry-After
// values and OTEL_EXPORTER_OTLP_HEADERS lists.
void otelInput()
{
    write("otelinput", QStringLiteral("traceparent"),
          "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    write("otelinput", QStringLiteral("traceparent-future-version"),
          "cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-09-what-the-future-will-be-like");
    write("otelinput", QStringLiteral("retry-after-seconds"), "120");
    write("otelinput", QStringLiteral("retry-after-imf-fixdate"), "Wed, 01 Jan 2025 12:00:30 GMT");
    write("otelinput", QStringLiteral("retry-after-rfc850"), "Wednesday, 01-Jan-25 12:01:00 GMT");
    write("otelinput", QStringLiteral("retry-after-asctime"), "Wed Jan  1 12:00:09 2025");
    write("otelinput", QStringLiteral("headers"),
          " Authorization = Bearer%20abc , x-tenant=acme,,bad entry,k=%zz,i=a%0D%0Ab");
}

// aimock fixture files (fuzz_aimock): the package's own example, both shapes, and the mistakes the
// importer reports.
void aimock()
{
    write("aimock", QStringLiteral("agui-text-response.json"),
          readFile(g_data.filePath(QStringLiteral("aimock/agui-text-response.json"))));
    write("aimock", QStringLiteral("config-paced"),
          "{\n  \"port\": 0,\n  \"agui\": {\n    \"path\": \"/ag\",\n    \"fixtures\": [\n"
          "      {\"match\": {\"message\": \"weather\", \"toolName\": \"forecast\"}, "
          "\"delayMs\": 12.5,\n       \"events\": [\n"
          "        {\"type\": \"RUN_STARTED\", \"threadId\": \"t\", \"runId\": \"r\"},\n"
          "        {\"type\": \"TEXT_MESSAGE_CHUNK\", \"messageId\": \"m\",\n"
          "         \"delta\": \"a \\\"quoted\\\"  text\\u2028\"},\n"
          "        {\"type\": \"RUN_FINISHED\", \"threadId\": \"t\", \"runId\": \"r\"}]},\n"
          "      {\"match\": {\"toolCallId\": \"c1\", \"stateKey\": \"k\"}, \"text\": \"ok\"}\n"
          "    ]\n  }\n}\n");
    write("aimock", QStringLiteral("recorded"),
          "{\"fixtures\": [{\"match\": {\"message\": \"hi\"}, \"events\": [{\"type\": "
          "\"RUN_STARTED\", \"threadId\": \"t\", \"runId\": \"r\"}, {\"type\": "
          "\"RUN_FINISHED\", \"threadId\": \"t\", \"runId\": \"r\"}], \"delayMs\": 3}]}");
    write("aimock", QStringLiteral("mistakes"),
          "{\"agui\": {\"fixtures\": [{\"match\": {\"mesage\": \"hi\", \"message\": 7}, "
          "\"delayMs\": \"10\", \"events\": [{\"type\": \"RUN_STARTED\"}, 42, [1]], "
          "\"delay\": 5}, \"oops\", {\"events\": []}, {\"match\": {}, \"text\": \"t\", "
          "\"events\": {}}, {\"match\": {\"message\": \"a\"}, \"delayMs\": 1e12, "
          "\"events\": []}]}, \"agiu\": true}");
    write("aimock", QStringLiteral("shadowed"),
          "{\"agui\": {\"fixtures\": [{\"match\": {\"message\": \"hel\"}, \"events\": []}, "
          "{\"match\": {\"message\": \"hello\", \"toolName\": \"x\"}, \"events\": []}]}}");
    write("aimock", QStringLiteral("llm-only-config"),
          "{\"llm\": {\"fixtures\": \"f.json\"}, \"mcp\": {}}");
    write("aimock", QStringLiteral("llm-fixtures"),
          "{\"fixtures\": [{\"match\": {\"userMessage\": \"hi\"}, \"response\": "
          "{\"content\": \"x\"}}]}");
    write("aimock", QStringLiteral("cut-short"), "{\"agui\": {\"fixtures\": [{\"match\": {");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 4) {
        std::fprintf(stderr, "usage: fuzz_seedgen <tests/data> <json-patch-test-suite> <corpus>\n");
        return 2;
    }
    g_data = QDir(QString::fromLocal8Bit(argv[1]));
    g_corpus = QDir(QString::fromLocal8Bit(argv[3]));
    streams();
    jsonPatch(QString::fromLocal8Bit(argv[2]));
    a2ui();
    http();
    otelInput();
    aimock();
    return 0;
}
