// The event filter language (core/session/eventfilter.h): its syntax, the errors it names with
// their character position, and what each key matches on a session's events.

#include "session_test_util.h"

#include "core/session/eventfilter.h"

#include <QTest>

using namespace agui;
using agui::test::feed;

class TestEventFilter : public QObject
{
    Q_OBJECT

private:
    // Two runs: text and a tool call in the first, an invalid frame in the second.
    static void twoRuns(Session &s)
    {
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r1'}",
              "{'type':'TEXT_MESSAGE_START','messageId':'m1','role':'assistant'}",
              "{'type':'TEXT_MESSAGE_CONTENT','messageId':'m1','delta':'Hello umbrella'}",
              "{'type':'TEXT_MESSAGE_END','messageId':'m1'}",
              "{'type':'TOOL_CALL_START','toolCallId':'tc1','toolCallName':'search'}",
              "{'type':'TOOL_CALL_END','toolCallId':'tc1'}",
              "{'type':'RUN_FINISHED','threadId':'t','runId':'r1'}",
              "{'type':'RUN_STARTED','threadId':'t','runId':'r2'}",
              "{'type':'TEXT_MESSAGE_CONTENT','messageId':'m9','delta':'orphan'}",
              "{'type':'RUN_FINISHED','threadId':'t','runId':'r2'}"});
        s.finish();
    }

    static QList<qint64> matching(const Session &s, const QString &text)
    {
        const EventFilter filter = EventFilter::parse(text);
        QList<qint64> out;
        for (qint64 seq = 0; seq < s.size(); ++seq) {
            if (filter.matches(s.events(), seq))
                out << seq;
        }
        return out;
    }

private Q_SLOTS:
    void syntax_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<int>("errorPosition");
        QTest::addRow("empty") << QString() << true << -1;
        QTest::addRow("type glob") << QStringLiteral("type:TEXT_*") << true << -1;
        QTest::addRow("lower-case type") << QStringLiteral("type:run_started") << true << -1;
        QTest::addRow("quoted text") << QStringLiteral("text:\"foo bar\"") << true << -1;
        QTest::addRow("bare quoted") << QStringLiteral("\"a: b\"") << true << -1;
        QTest::addRow("negation and alternatives")
            << QStringLiteral("-family:tool,text has:error run:2-3") << true << -1;
        QTest::addRow("unknown key") << QStringLiteral("run:1 colour:red") << false << 6;
        QTest::addRow("unknown family") << QStringLiteral("family:weather") << false << 0;
        QTest::addRow("no such type") << QStringLiteral("type:FOO") << false << 0;
        QTest::addRow("bad run") << QStringLiteral("run:0") << false << 0;
        QTest::addRow("bad range") << QStringLiteral("run:3-1") << false << 0;
        QTest::addRow("bad has") << QStringLiteral("has:bugs") << false << 0;
        QTest::addRow("missing value") << QStringLiteral("id:") << false << 0;
        QTest::addRow("unterminated quote") << QStringLiteral("text:\"abc") << false << 5;
        QTest::addRow("negated, after a term") << QStringLiteral("run:1 -has:bugs") << false << 7;
    }

    void syntax()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(int, errorPosition);
        const EventFilter f = EventFilter::parse(text);
        QCOMPARE(f.isValid(), valid);
        if (!valid) {
            QVERIFY(!f.errorString().isEmpty());
            QCOMPARE(f.errorPosition(), errorPosition);
        }
    }

    void matchesStoredEvents_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<qint64>>("expected");
        using L = QList<qint64>;
        QTest::addRow("empty") << QString() << L {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        QTest::addRow("type glob") << QStringLiteral("type:TEXT_*") << L {1, 2, 3, 8};
        QTest::addRow("family") << QStringLiteral("family:tool") << L {4, 5};
        QTest::addRow("alternatives")
            << QStringLiteral("family:tool,lifecycle run:1") << L {0, 4, 5, 6};
        QTest::addRow("run range") << QStringLiteral("run:2-2") << L {7, 8, 9};
        QTest::addRow("negation") << QStringLiteral("run:2 -type:RUN_*") << L {8};
        QTest::addRow("id exact") << QStringLiteral("id:m1") << L {1, 2, 3};
        QTest::addRow("id wildcard") << QStringLiteral("id:tc*") << L {4, 5};
        QTest::addRow("bare word, any case") << QStringLiteral("UMBRELLA") << L {2};
        QTest::addRow("quoted text") << QStringLiteral("text:\"Hello umbrella\"") << L {2};
        QTest::addRow("has:error") << QStringLiteral("has:error") << L {8};
    }

    void matchesStoredEvents()
    {
        QFETCH(QString, text);
        QFETCH(QList<qint64>, expected);
        Session s;
        twoRuns(s);
        QCOMPARE(matching(s, text), expected);
    }

    void textIsReadOnlyForTextTerms()
    {
        Session s;
        twoRuns(s);
        const EventSummary summary = s.events().summary(2);
        int reads = 0;
        const auto text = [&reads] {
            ++reads;
            return QStringLiteral("umbrella");
        };
        QVERIFY(EventFilter::parse(QStringLiteral("type:TEXT_*")).matches(summary, text));
        QCOMPARE(reads, 0);
        QVERIFY(!EventFilter::parse(QStringLiteral("type:TEXT_*")).needsEventText());
        QVERIFY(EventFilter::parse(QStringLiteral("umbrella run:1")).matches(summary, text));
        QCOMPARE(reads, 1);
    }
};

QTEST_GUILESS_MAIN(TestEventFilter)
#include "test_event_filter.moc"
