// `agui-inspect otel` read back by OpenTelemetry's own JavaScript (peer/otlp-check.mjs): the
// protobuf body decodes with the official OTLP definitions (@opentelemetry/otlp-transformer
// 0.216.0's generated code), the JSON body reads through the package's own conversion to the
// same spans, value types included, and every semantic-convention name we write is one the
// pinned @opentelemetry/semantic-conventions defines. Needs node and the pinned packages (README
// test command); fails, never skips, without them.

#include "interopsupport.h"

#include "core/otel/attributenames.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace interop;

namespace {

QString peer()
{
    return kPeerDir + QStringLiteral("otlp-check.mjs");
}

QString data(const char *path)
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/") + QLatin1String(path);
}

// Captures of every kind: the demo's tool calls, state and A2UI; errors and a cut-off run;
// subagents; a capture without receive times.
QStringList inputs()
{
    return {QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap"),
            data("capture/samples/errors.jsonl"), data("lint/verify.A8/pass.jsonl"),
            data("capture/samples/clean.sse")};
}

// `agui-inspect otel IN --out OUT [extra]`; the stderr when it fails.
QString exportTo(const QString &in, const QString &out, const QStringList &extra = {})
{
    QProcess p;
    p.start(QStringLiteral(AGUI_INSPECT_BINARY),
            QStringList {QStringLiteral("otel"), in, QStringLiteral("--out"), out} + extra);
    if (!p.waitForFinished(120000))
        return QStringLiteral("otel did not finish");
    if (p.exitCode() != 0)
        return QString::fromUtf8(p.readAllStandardError());
    return {};
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QSet<QString> spanIds(const QJsonArray &spans)
{
    QSet<QString> ids;
    for (const QJsonValue &s : spans)
        ids.insert(s[QLatin1String("spanId")].toString());
    return ids;
}

} // namespace

class TestInteropOtel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        m_node = findNode(&why);
        QVERIFY2(!m_node.isEmpty(), qPrintable(why));
    }

    void protobufAndJsonReadAsTheSameSpans_data()
    {
        QTest::addColumn<QString>("input");
        for (const QString &in : inputs())
            QTest::newRow(qPrintable(in.section(QLatin1Char('/'), -2))) << in;
    }
    void protobufAndJsonReadAsTheSameSpans()
    {
        QFETCH(QString, input);
        QTemporaryDir dir;
        const QString pb = dir.filePath(QStringLiteral("trace.pb"));
        const QString json = dir.filePath(QStringLiteral("trace.json"));
        QString error = exportTo(input, pb);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error = exportTo(input, json);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const NodeResult fromPb = runNodeJson(
            m_node, {peer(), QStringLiteral("decode"), pb, QStringLiteral("--typed")});
        QVERIFY2(fromPb.ok(), qPrintable(fromPb.error));
        const NodeResult fromJson = runNodeJson(
            m_node, {peer(), QStringLiteral("json"), json, QStringLiteral("--typed")});
        QVERIFY2(fromJson.ok(), qPrintable(fromJson.error));
        QVERIFY2(fromPb.json == fromJson.json,
                 qPrintable(describeDifference(fromPb.json, fromJson.json)));

        const QJsonArray spans = fromPb.json[QLatin1String("spans")].toArray();
        QVERIFY(!spans.isEmpty());
        // Every parent is in the export: these captures carry no traceparent of their own.
        const QSet<QString> ids = spanIds(spans);
        QCOMPARE(ids.size(), spans.size());
        for (const QJsonValue &s : spans) {
            const QString parent = s[QLatin1String("parentSpanId")].toString();
            QVERIFY2(parent.isEmpty() || ids.contains(parent),
                     qPrintable(s[QLatin1String("name")].toString()));
            QVERIFY(s[QLatin1String("startTimeUnixNano")].toString().toULongLong()
                    <= s[QLatin1String("endTimeUnixNano")].toString().toULongLong());
        }
        QCOMPARE(fromPb.json[QLatin1String("scope")][QLatin1String("name")].toString(),
                 QStringLiteral("agui-inspector"));
    }

    // The same capture exported twice: the same bytes, so the same trace and span ids.
    void exportIsDeterministic()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.pb"));
        const QString b = dir.filePath(QStringLiteral("b.pb"));
        QVERIFY(exportTo(inputs().first(), a).isEmpty());
        QVERIFY(exportTo(inputs().first(), b).isEmpty());
        QVERIFY(!fileBytes(a).isEmpty());
        QCOMPARE(fileBytes(a), fileBytes(b));
    }

    void namesAreTheConventions()
    {
        const NodeResult semconv = runNodeJson(m_node, {peer(), QStringLiteral("semconv")});
        QVERIFY2(semconv.ok(), qPrintable(semconv.error));
        const QJsonObject attributes = semconv.json[QLatin1String("attributes")].toObject();
        for (QLatin1StringView name : agui::otel::names::kConventionNames)
            QVERIFY2(attributes.contains(name), qPrintable(QString(name)));
        const QJsonObject operations = semconv.json[QLatin1String("values")]
                                           .toObject()[QLatin1String("gen_ai.operation.name")]
                                           .toObject();
        // Keyed by value: {"invoke_agent": {"export": "GEN_AI_OPERATION_NAME_VALUE_..."}, ...}
        QVERIFY2(operations.contains(agui::otel::names::kInvokeAgent),
                 QJsonDocument(operations).toJson().constData());
        QVERIFY(operations.contains(agui::otel::names::kExecuteTool));

        // And every convention-looking key an export holds, content on, is one of theirs.
        QTemporaryDir dir;
        const QString pb = dir.filePath(QStringLiteral("trace.pb"));
        for (const QString &in : inputs()) {
            QVERIFY(exportTo(in, pb, {QStringLiteral("--content")}).isEmpty());
            const NodeResult decoded = runNodeJson(m_node, {peer(), QStringLiteral("decode"), pb});
            QVERIFY2(decoded.ok(), qPrintable(decoded.error));
            for (const QJsonValue &s : decoded.json[QLatin1String("spans")].toArray()) {
                for (const QString &key : s[QLatin1String("attributes")].toObject().keys()) {
                    if (key.startsWith(QLatin1String("ag_ui.")))
                        continue;
                    QVERIFY2(attributes.contains(key), qPrintable(key));
                }
            }
        }
    }

private:
    QString m_node;
};

QTEST_GUILESS_MAIN(TestInteropOtel)
#include "test_interop_otel.moc"
