// Events written back out as JSON lines or SSE frames: exact when possible, and every rewrite
// is reported, never silent.

#include "core/capture/captureloader.h"
#include "core/capture/eventexport.h"

#include <QBuffer>
#include <QtTest>

using namespace agui;

namespace {

QList<Event> decode(const QByteArray &bytes)
{
    QList<Event> events;
    CaptureLoadOptions options;
    options.onEvent = [&](Event &&e, const EventOrigin &) { events.append(e); };
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    loadCapture(buffer, options);
    return events;
}

} // namespace

class TestEventExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void singleLinePayloadIsKeptAsReceived()
    {
        // Key order and spacing as sent (QJsonObject would sort and compact them).
        const QByteArray payload = "{\"type\":\"CUSTOM\",  \"value\":1,\"name\":\"n\"}";
        const QList<Event> events = decode("data: " + payload + "\n\n");
        QCOMPARE(events.size(), 1);
        QString note;
        QCOMPARE(eventAsJsonLine(events[0], &note), payload + '\n');
        QVERIFY(note.isEmpty());
        QCOMPARE(eventAsSse(events[0]), "data: " + payload + "\n\n");
    }

    void multiLinePayloadIsCompactedAndSaid()
    {
        const QList<Event> events
            = decode("data: {\"type\":\"CUSTOM\",\ndata: \"name\":\"n\",\"value\":1}\n\n");
        QCOMPARE(events.size(), 1);
        QString note;
        const QByteArray line = eventAsJsonLine(events[0], &note);
        QCOMPARE(line.count('\n'), 1);
        QVERIFY(line.endsWith('\n'));
        QCOMPARE(QJsonDocument::fromJson(line).object(), events[0].json);
        QVERIFY(note.contains(QLatin1String("several lines")));
    }

    void invalidMultiLinePayloadKeepsItsBytesOnOneLine()
    {
        const QList<Event> events = decode("data: not json\ndata: at all\n\n");
        QCOMPARE(events.size(), 1);
        QVERIFY(!events[0].isValid());
        QString note;
        QCOMPARE(eventAsJsonLine(events[0], &note), QByteArray("not json at all\n"));
        QVERIFY(note.contains(QLatin1String("not JSON")));
    }

    void jsonLineEventsBecomeSseFrames()
    {
        const QList<Event> events = decode("{\"type\":\"RAW\",\"event\":null}\n");
        QCOMPARE(events.size(), 1);
        QCOMPARE(eventAsSse(events[0]), QByteArray("data: {\"type\":\"RAW\",\"event\":null}\n\n"));
        QCOMPARE(eventAsJsonLine(events[0]), QByteArray("{\"type\":\"RAW\",\"event\":null}\n"));
    }
};

QTEST_GUILESS_MAIN(TestEventExport)
#include "test_eventexport.moc"
