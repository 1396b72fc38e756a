// Completion for the event filter language (core/session/filtercompletion.h): which word is
// completed, from which names, and what the text becomes; ids come from a real session's store.

#include "session_test_util.h"

#include "core/session/eventfilter.h"
#include "core/session/filtercompletion.h"

#include <QTest>

using namespace agui;
using agui::test::feed;

class TestFilterCompletion : public QObject
{
    Q_OBJECT

private:
    static FilterVocabulary vocabularyOf(const Session &s)
    {
        FilterVocabulary v;
        v.ids = [&s](const QString &prefix, int limit) {
            return s.events().ids().withPrefix(prefix, limit);
        };
        v.runCount = int(s.current().runCount());
        return v;
    }

    // The text under test is written with '|' where the cursor is.
    static FilterCompletion complete(const QString &marked, const FilterVocabulary &v = {})
    {
        const int cursor = int(marked.indexOf(QLatin1Char('|')));
        return completeFilter(QString(marked).remove(cursor, 1), cursor, v);
    }

private Q_SLOTS:
    void keys()
    {
        const FilterCompletion c = complete(QStringLiteral("run:2 t|"));
        QCOMPARE(c.candidates, (QStringList {QStringLiteral("type:"), QStringLiteral("text:")}));
        QCOMPARE(c.start, 6);
        QCOMPARE(c.length, 1);
        QCOMPARE(c.typed, QStringLiteral("t"));
        // The whole key typed still offers the colon; an empty word offers nothing (no popup
        // on every space).
        QCOMPARE(complete(QStringLiteral("type|")).candidates,
                 QStringList {QStringLiteral("type:")});
        QVERIFY(complete(QStringLiteral("run:2 |")).isEmpty());
        QVERIFY(complete(QStringLiteral("umbrella|")).isEmpty());
        // Asked for (Ctrl+Space), an empty word offers every key, inserted at the cursor.
        const FilterCompletion asked
            = completeFilter(QStringLiteral("run:2 "), 6, {}, CompletionTrigger::Asked);
        QCOMPARE(asked.candidates.size(), EventFilter::keyNames().size());
        QCOMPARE(asked.start, 6);
        QCOMPARE(asked.length, 0);
    }

    void negatedKey()
    {
        const FilterCompletion c = complete(QStringLiteral("-fa|"));
        QCOMPARE(c.candidates, QStringList {QStringLiteral("family:")});
        QCOMPARE(c.start, 1); // the '-' stays
        QCOMPARE(applyFilterCompletion(QStringLiteral("-fa"), c, c.candidates.first()),
                 QStringLiteral("-family:"));
    }

    void typesCaseInsensitive()
    {
        const FilterCompletion c = complete(QStringLiteral("type:tool_call_a|"));
        QCOMPARE(c.candidates, QStringList {QStringLiteral("TOOL_CALL_ARGS")});
        QCOMPARE(c.start, 5);
        const QStringList text = complete(QStringLiteral("type:TEXT_MESSAGE_|")).candidates;
        QCOMPARE(text.size(), 4); // START, CONTENT, END, CHUNK
        for (const QString &name : text)
            QVERIFY(EventFilter::parse(QStringLiteral("type:") + name).isValid());
        // A pattern is left alone.
        QVERIFY(complete(QStringLiteral("type:TEXT_*|")).isEmpty());
    }

    void everyFamilyAndHasValueIsValid()
    {
        const QStringList families = complete(QStringLiteral("family:|")).candidates;
        QCOMPARE(families.size(), 8);
        for (const QString &family : families)
            QVERIFY2(EventFilter::parse(QStringLiteral("family:") + family).isValid(),
                     qPrintable(family));
        const QStringList has = complete(QStringLiteral("has:|")).candidates;
        QCOMPARE(has, EventFilter::hasValues());
        for (const QString &value : has)
            QVERIFY(EventFilter::parse(QStringLiteral("has:") + value).isValid());
    }

    void alternativeAfterComma()
    {
        const QString text = QStringLiteral("family:tool,te run:1");
        const FilterCompletion c = completeFilter(text, 14, {});
        QCOMPARE(c.candidates, QStringList {QStringLiteral("text")});
        QCOMPARE(c.start, 12);
        QCOMPARE(c.length, 2);
        int cursor = -1;
        QCOMPARE(applyFilterCompletion(text, c, c.candidates.first(), &cursor),
                 QStringLiteral("family:tool,text run:1"));
        QCOMPARE(cursor, 16);
    }

    void replacesTheWholeAlternativeUnderTheCursor()
    {
        // Cursor in the middle of "TEXT_MESSAGE_CONTENT": the whole value is replaced.
        const QString text = QStringLiteral("type:TOOL_CALL_STARTED");
        const FilterCompletion c = completeFilter(text, 10, {});
        QCOMPARE(c.typed, QStringLiteral("TOOL_"));
        QCOMPARE(c.length, int(text.size()) - 5);
        QVERIFY(c.candidates.contains(QStringLiteral("TOOL_CALL_START")));
        QCOMPARE(applyFilterCompletion(text, c, QStringLiteral("TOOL_CALL_START")),
                 QStringLiteral("type:TOOL_CALL_START"));
    }

    void nothingInsideQuotesOrForText()
    {
        QVERIFY(complete(QStringLiteral("text:\"ty|")).isEmpty());
        QVERIFY(
            complete(QStringLiteral("\"a b\" t|")).candidates.contains(QStringLiteral("type:")));
        QVERIFY(complete(QStringLiteral("text:ty|")).isEmpty());
        QVERIFY(complete(QStringLiteral("colour:r|")).isEmpty());
    }

    void idsAndRunsFromTheSession()
    {
        Session s;
        feed(s,
             {"{'type':'RUN_STARTED','threadId':'t','runId':'r1'}",
              "{'type':'TEXT_MESSAGE_START','messageId':'msg-1','role':'assistant'}",
              "{'type':'TEXT_MESSAGE_END','messageId':'msg-1'}",
              "{'type':'TOOL_CALL_START','toolCallId':'call-7','toolCallName':'search'}",
              "{'type':'TOOL_CALL_END','toolCallId':'call-7'}",
              "{'type':'RUN_FINISHED','threadId':'t','runId':'r1'}",
              "{'type':'RUN_STARTED','threadId':'t','runId':'r2'}",
              "{'type':'TEXT_MESSAGE_START','messageId':'MSG-2','role':'assistant'}",
              "{'type':'RUN_FINISHED','threadId':'t','runId':'r2'}"});
        s.finish();
        const FilterVocabulary v = vocabularyOf(s);
        QCOMPARE(complete(QStringLiteral("id:msg|"), v).candidates,
                 (QStringList {QStringLiteral("msg-1"), QStringLiteral("MSG-2")}));
        QCOMPARE(complete(QStringLiteral("id:c|"), v).candidates,
                 QStringList {QStringLiteral("call-7")});
        QVERIFY(complete(QStringLiteral("id:call-7|"), v).isEmpty()); // already complete
        QCOMPARE(complete(QStringLiteral("run:|"), v).candidates,
                 (QStringList {QStringLiteral("1"), QStringLiteral("2")}));
        // Every completed id filters to the events that carry it.
        const EventFilter f = EventFilter::parse(QStringLiteral("id:call-7"));
        int matched = 0;
        for (qint64 seq = 0; seq < s.size(); ++seq)
            matched += f.matches(s.events(), seq) ? 1 : 0;
        QCOMPARE(matched, 2);
    }

    void manyRunsAreCapped()
    {
        FilterVocabulary v;
        v.runCount = 5000;
        const QStringList runs = complete(QStringLiteral("run:1|"), v).candidates;
        QCOMPARE(runs.size(), kFilterCompletionLimit);
        QCOMPARE(runs.first(), QStringLiteral("10"));
        for (const QString &run : runs)
            QVERIFY(run.startsWith(QLatin1Char('1')));
    }
};

QTEST_GUILESS_MAIN(TestFilterCompletion)
#include "test_filter_completion.moc"
