// EventStore: frames kept byte for byte, events re-materialised equal to what was appended.

#include "session_test_util.h"

#include "core/protocol/streamdecoder.h"
#include "core/session/idpool.h"

#include <QTest>

using namespace agui;

namespace {

QList<Event> decodeAll(const QByteArray &bytes, Framing framing)
{
    StreamDecoder decoder(framing);
    QList<Event> events = decoder.feed(bytes, 1000);
    events += decoder.finish();
    return events;
}

void compareEvents(const Event &got, const Event &want)
{
    QCOMPARE(got.seq, want.seq);
    QCOMPARE(got.type, want.type);
    QCOMPARE(got.typeName, want.typeName);
    QCOMPARE(got.framing, want.framing);
    QCOMPARE(got.raw, want.raw);
    QCOMPARE(got.payload, want.payload);
    QCOMPARE(got.json, want.json);
    QCOMPARE(got.diagnostics, want.diagnostics);
    QCOMPARE(got.receivedAtUs, want.receivedAtUs);
    QCOMPARE(got.streamOffset, want.streamOffset);
    QCOMPARE(got.originSeq, want.originSeq);
}

} // namespace

class TestEventStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void idPoolNumbersEachIdOnceByItsBytes()
    {
        IdPool pool;
        QCOMPARE(pool.intern(""), -1);
        QCOMPARE(pool.find("run-1"), -1); // before anything is kept
        // Enough ids to grow the table several times; each keeps its number through the growth.
        const int count = 5000;
        for (int i = 0; i < count; ++i)
            QCOMPARE(pool.intern("call_" + std::to_string(i)), i);
        QCOMPARE(pool.size(), count);
        for (int i = 0; i < count; ++i) {
            const std::string id = "call_" + std::to_string(i);
            QCOMPARE(pool.find(id), i);
            QCOMPARE(pool.intern(id), i); // the same bytes again: the same number
            QCOMPARE(pool.string(i), QString::fromStdString(id));
        }
        QCOMPARE(pool.find("call_5000"), -1);
        QCOMPARE(pool.find("call_"), -1); // a prefix of the kept ids is not one of them
        // Not ASCII: kept and compared as bytes, shown as text.
        const qint32 accented = pool.intern("r\xC3\xA9sum\xC3\xA9");
        QCOMPARE(accented, count);
        QCOMPARE(pool.string(accented), QStringLiteral("r\u00E9sum\u00E9"));
        QCOMPARE(pool.utf8(accented), std::string_view("r\xC3\xA9sum\xC3\xA9"));
        QCOMPARE(pool.find("r\xC3\xA9sum\xC3\xA9"), accented);
        QCOMPARE(pool.find("resume"), -1);
        QCOMPARE(pool.intern("R\xC3\xA9sum\xC3\xA9"), count + 1); // ids are case-sensitive
        // Two byte strings that show as the same text (U+FFFD) stay two ids.
        const qint32 ff = pool.intern("\xFF");
        const qint32 fe = pool.intern("\xFE");
        QCOMPARE(fe, ff + 1);
        QCOMPARE(pool.string(ff), pool.string(fe));
        QCOMPARE(pool.utf8(fe), std::string_view("\xFE"));
        QCOMPARE(pool.string(-1), QString());
        QCOMPARE(pool.utf8(-1), std::string_view());
        // Every id's bytes come back as they went in, the first and last included.
        QCOMPARE(pool.utf8(0), std::string_view("call_0"));
        QCOMPARE(pool.utf8(count - 1), std::string_view("call_4999"));
        QCOMPARE(pool.withPrefix(QStringLiteral("CALL_49"), 3),
                 (QStringList {QStringLiteral("call_49"), QStringLiteral("call_490"),
                               QStringLiteral("call_491")}));
    }

    void keepsTodaysReceiveTimesExactly()
    {
        // 2026-12-01T16:37:30.123456Z in µs is about 1.8e15, past 2^48 (2.8e14): a store that
        // kept absolute µs in 48 bits showed 19:39:50 for it.
        const qint64 now = 1'796'143'050'123'456;
        const qint64 times[]
            = {now, now + 1, now - 5'000'000, now + qint64(86'400) * 1'000'000 * 365, -1};
        EventStore store;
        for (const qint64 t : times) {
            Event e = decodePayload(R"({"type":"CUSTOM","name":"x","value":1})", Framing::JsonLine);
            e.raw = e.payload + '\n';
            e.receivedAtUs = t;
            store.append(e);
        }
        for (qsizetype i = 0; i < qsizetype(std::size(times)); ++i) {
            QCOMPARE(store.receivedAtUs(i), times[i]);
            QCOMPARE(store.summary(i).receivedAtUs, times[i]);
            QCOMPARE(store.event(i).receivedAtUs, times[i]);
        }
    }

    void jsonLinesRoundTrip_data()
    {
        QTest::addColumn<QString>("capture");
        for (const QString &c : agui::test::captures())
            QTest::newRow(qPrintable(c)) << c;
    }

    void jsonLinesRoundTrip()
    {
        QFETCH(QString, capture);
        const QByteArray bytes = agui::test::readData(capture);
        const QList<Event> events = decodeAll(bytes, Framing::JsonLine);
        EventStore store;
        for (const Event &e : events)
            store.append(e);
        QCOMPARE(store.size(), events.size());
        QByteArray joined;
        for (qint64 i = 0; i < store.size(); ++i) {
            compareEvents(store.event(i), events.at(i));
            joined += store.raw(i);
            QCOMPARE(store.type(i), events.at(i).type);
            QCOMPARE(store.summary(i).primaryId, primaryIdOf(events.at(i)));
        }
        // Blank lines carry no event; everything else is kept byte for byte.
        QByteArray withoutBlankLines = bytes;
        while (withoutBlankLines.contains("\n\n"))
            withoutBlankLines.replace("\n\n", "\n");
        QCOMPARE(joined, withoutBlankLines);
    }

    void sseRoundTripIncludingMultiLineData()
    {
        const QByteArray bytes
            = "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
              "event: message\ndata: {\"type\":\"TEXT_MESSAGE_START\",\n"
              "data: \"messageId\":\"m\"}\n\n"
              "data: not json\n\n"
              "data: {\"type\":\"NEW_THING\",\"x\":1}\r\n\r\n";
        const QList<Event> events = decodeAll(bytes, Framing::Sse);
        QCOMPARE(events.size(), 4);
        EventStore store;
        for (const Event &e : events)
            store.append(e);
        for (qint64 i = 0; i < store.size(); ++i)
            compareEvents(store.event(i), events.at(i));
        QCOMPARE(store.event(1).type, EventType::TextMessageStart);
        QCOMPARE(store.event(2).type, EventType::Invalid);
        QCOMPARE(store.summary(3).typeName, QStringLiteral("NEW_THING"));
        QCOMPARE(store.event(3).typeName, QStringLiteral("NEW_THING"));
        QVERIFY(!store.event(3).diagnostics.isEmpty()); // crlf framing + unknown type kept
    }

    void syntheticEventKeepsItsJson()
    {
        Event e = agui::test::ev("{'type':'TEXT_MESSAGE_END','messageId':'m'}");
        e.raw.clear();
        e.payload.clear();
        e.framing = Framing::Synthetic;
        e.originSeq = 7;
        EventStore store;
        store.append(e);
        const Event back = store.event(0);
        QCOMPARE(back.json, e.json);
        QCOMPARE(back.originSeq, 7);
        QCOMPARE(back.framing, Framing::Synthetic);
    }

    void largeFramesGetTheirOwnBlock()
    {
        const QByteArray big(6 * 1024 * 1024, 'x');
        Event e = agui::test::ev("{'type':'CUSTOM','name':'n','value':null}");
        Event huge = decodePayload(
            "{\"type\":\"CUSTOM\",\"name\":\"big\",\"value\":\"" + big + "\"}", Framing::JsonLine);
        huge.raw = huge.payload + '\n';
        EventStore store;
        store.append(e);
        store.append(huge);
        store.append(e);
        QCOMPARE(store.raw(1), huge.raw);
        QCOMPARE(store.event(1).json, huge.json);
        QCOMPARE(store.event(2).json, e.json);
        QCOMPARE(store.summary(1).primaryId, QStringLiteral("big"));
    }

    void summariesCarryRunAndFindings()
    {
        Session s;
        agui::test::feed(s,
                         {"{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
                          "{'type':'STATE_DELTA','delta':[{'op':'remove','path':'/x'}]}"});
        const EventSummary sum = s.events().summary(1);
        QCOMPARE(sum.runIndex, 0);
        QVERIFY(sum.diagnosticCount >= 1);
        QVERIFY(sum.worstSeverity.has_value());
        QCOMPARE(s.events().summary(0).primaryId, QStringLiteral("r"));
        QVERIFY(s.events().approximateMemoryUsage() > 0);
    }

    // The record keeps no stream offset of its own: a frame in a shared chunk takes the chunk's
    // base plus its place in it; anything else keeps its offset apart. Every case reads back
    // exactly, beyond 4 GiB too.
    void streamOffsetsReadBackExactlyWhereverTheFrameLies()
    {
        const qint64 base = qint64(5) << 30; // past 32 bits
        const QByteArray chunk = "{\"type\":\"CUSTOM\",\"name\":\"a\",\"value\":1}\n"
                                 "{\"type\":\"CUSTOM\",\"name\":\"b\",\"value\":2}\n"
                                 "{\"type\":\"CUSTOM\",\"name\":\"c\",\"value\":3}\n";
        const qsizetype line = chunk.indexOf('\n') + 1;
        const auto frame
            = [&](qsizetype i) { return QByteArrayView(chunk).sliced(i * line, line); };
        struct Case
        {
            QByteArrayView raw;
            const QByteArray *chunk;
            qint64 streamOffset;
        };
        const QByteArray straddling = frame(2).toByteArray(); // copied: no chunk given
        const Case cases[] = {
            {frame(0), &chunk, base}, // sets the chunk's base
            {frame(1), &chunk, base + line}, // follows from it
            {frame(2), &chunk, 7}, // does not follow: kept apart
            {straddling, nullptr, base + 3 * line}, // copied into a block of the store's own
            {straddling, nullptr, -1}, // no offset known
            {frame(1), &chunk, base + line}, // the chunk again, after the copies
        };
        for (const bool keepBytes : {true, false}) {
            EventStore store;
            store.setKeepBytes(keepBytes);
            for (const Case &c : cases) {
                StoredEvent e;
                e.type = EventType::Custom;
                e.framing = Framing::JsonLine;
                e.raw = c.raw;
                e.payload = c.raw.chopped(1);
                e.chunk = c.chunk;
                e.streamOffset = c.streamOffset;
                store.append(e);
            }
            for (qsizetype i = 0; i < qsizetype(std::size(cases)); ++i) {
                QCOMPARE(store.streamOffset(i), cases[i].streamOffset);
                QCOMPARE(store.summary(i).streamOffset, cases[i].streamOffset);
                if (keepBytes) {
                    QCOMPARE(store.event(i).streamOffset, cases[i].streamOffset);
                    QCOMPARE(store.rawView(i), cases[i].raw);
                }
            }
        }
    }

    // A one-pass lint keeps no records: the same findings, each event's stream offset to place
    // them, and nothing else answered as if it had been kept.
    void withoutRecordsOnlyStreamOffsetsAreKept()
    {
        const QByteArray lines = "{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n"
                                 "{\"type\":\"STATE_DELTA\",\"delta\":[{\"op\":\"remove\","
                                 "\"path\":\"/x\"}]}\n"
                                 "{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\","
                                 "\"delta\":\"hi\"}\n";
        Session full;
        Session lean(SessionOptions {0, true, false});
        for (const Event &e : decodeAll(lines, Framing::JsonLine)) {
            full.append(e);
            lean.append(e);
        }
        QVERIFY(!lean.events().keepsRecords());
        QVERIFY(!lean.events().keepsBytes());
        QVERIFY(!lean.canTimeTravel());
        QCOMPARE(lean.size(), 3);
        QVERIFY(!full.findings().isEmpty());
        QCOMPARE(lean.findings().size(), full.findings().size());
        for (qsizetype i = 0; i < full.findings().size(); ++i) {
            QCOMPARE(lean.findings().at(i).eventIndex, full.findings().at(i).eventIndex);
            QCOMPARE(lean.findings().at(i).diagnostic.ruleId,
                     full.findings().at(i).diagnostic.ruleId);
        }
        for (qint64 seq = 0; seq < 3; ++seq) {
            QVERIFY(full.events().streamOffset(seq) >= 0);
            QCOMPARE(lean.events().streamOffset(seq), full.events().streamOffset(seq));
            QCOMPARE(lean.events().type(seq), EventType::Invalid);
            QCOMPARE(lean.events().findingCount(seq), 0);
            QVERIFY(lean.events().primaryId(seq).isEmpty());
            QCOMPARE(lean.events().receivedAtUs(seq), -1);
            QVERIFY(lean.events().raw(seq).isEmpty());
        }
        QCOMPARE(full.events().streamOffset(1), qint64(lines.indexOf('\n') + 1));
        QCOMPARE(lean.current().messageCount(), full.current().messageCount());
    }
};

QTEST_GUILESS_MAIN(TestEventStore)
#include "test_event_store.moc"
