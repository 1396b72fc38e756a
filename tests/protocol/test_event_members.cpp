// EventMembers / EventView: the one-walk index of an event's most-read members must give exactly
// what a look-up by key gives (JSON.parse's reading: the last of a repeated key), survive the
// copy a two-thread load makes, and never apply to JSON it was not made for.
#include "core/json/jsonarena.h"
#include "core/json/jsonparser.h"
#include "core/protocol/eventview.h"

#include <QTest>

using namespace agui;

namespace {

json::JsonDoc parse(QByteArrayView text)
{
    json::JsonParser parser;
    json::JsonDoc doc;
    const json::JsonParser::Result r = parser.parse(text, doc);
    if (!r.ok())
        qFatal("test JSON does not parse");
    return doc;
}

// Every indexed key and a few that are not, looked up both ways.
void compareWithLookups(const EventView &indexed, json::JsonView object)
{
    for (int k = 0; k < int(EventKey::Count); ++k) {
        const std::string_view name = eventKeyName(EventKey(k));
        QCOMPARE(eventKeyOf(name), EventKey(k));
        QVERIFY(indexed.value(EventKey(k)) == object.value(name));
        QCOMPARE(indexed.value(EventKey(k)).isUndefined(), object.value(name).isUndefined());
        QVERIFY(indexed.value(name) == object.value(name));
    }
    for (const char *other : {"outcome", "types", "messageid", "toolCallIds", ""}) {
        QCOMPARE(eventKeyOf(other), EventKey::Count);
        QVERIFY(indexed.value(std::string_view(other)) == object.value(std::string_view(other)));
    }
}

} // namespace

class TestEventMembers : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void indexedLookupsMatchPlainOnes()
    {
        const json::JsonDoc doc = parse(
            R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Hi",)"
            R"("metadata":{"messageId":"nested"},"outcome":{"type":"success"},"role":null})");
        EventMembers members;
        members.index(doc.root());
        QVERIFY(members.isIndexed());
        EventView e;
        e.json = doc.root();
        e.attachMembers(&members);
        QVERIFY(e.hasMemberIndex());
        compareWithLookups(e, doc.root());
        QCOMPARE(e.value(EventKey::MessageId).toString(), QStringLiteral("m1")); // not nested
        QVERIFY(e.value(EventKey::Role).isNull()); // present and null is not absent
        QVERIFY(!e.has(EventKey::SubagentRunId));
    }

    void repeatedKeyReadsTheLastLikeJsonParse()
    {
        const json::JsonDoc doc
            = parse(R"({"type":"TEXT_MESSAGE_CONTENT","delta":"first","messageId":"m1",)"
                    R"("delta":{"not":"a string"},"delta":"last"})");
        EventMembers members;
        members.index(doc.root());
        EventView e;
        e.json = doc.root();
        e.attachMembers(&members);
        QCOMPARE(e.value(EventKey::Delta).toString(), QStringLiteral("last"));
        compareWithLookups(e, doc.root());
    }

    void indexHoldsForTheArenaCopy()
    {
        // The reading thread indexes the parsed event, the session's thread reads the copy.
        const json::JsonDoc doc
            = parse(R"({"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"search",)"
                    R"("parentMessageId":"m0","timestamp":12,"subagentRunId":"s1"})");
        EventMembers members;
        members.index(doc.root());
        json::JsonArena arena;
        arena.copy(parse(R"({"type":"RUN_STARTED","runId":"r","threadId":"t"})").root());
        const json::JsonArena::Handle handle = arena.copy(doc.root());
        EventView copy;
        copy.json = arena.view(handle);
        copy.attachMembers(&members);
        compareWithLookups(copy, copy.json);
        QCOMPARE(copy.value(EventKey::ToolCallName).toString(), QStringLiteral("search"));
        QCOMPARE(copy.value(EventKey::Timestamp).toInteger(), qint64(12));
    }

    void indexDoesNotFollowOtherJson()
    {
        // A stage that copies a view and gives it other JSON (the client's compat stage) must
        // read that JSON, not the members of the event it started from.
        const json::JsonDoc first = parse(R"({"type":"TEXT_MESSAGE_CONTENT","delta":"a"})");
        const json::JsonDoc second
            = parse(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m2","delta":"bb"})");
        EventMembers members;
        members.index(first.root());
        EventView e;
        e.json = first.root();
        e.attachMembers(&members);
        EventView rewritten = e;
        rewritten.json = second.root();
        QVERIFY(!rewritten.hasMemberIndex());
        QCOMPARE(rewritten.value(EventKey::Delta).toString(), QStringLiteral("bb"));
        QCOMPARE(rewritten.str("messageId"), QStringLiteral("m2"));
        QVERIFY(e.hasMemberIndex());
        QCOMPARE(e.value(EventKey::Delta).toString(), QStringLiteral("a"));
    }

    void nonObjectsAreNotIndexed()
    {
        const json::JsonDoc doc = parse("[1,2]");
        EventMembers members;
        members.index(doc.root());
        QVERIFY(!members.isIndexed());
        EventView array;
        array.json = doc.root();
        array.attachMembers(&members); // an index never made is not attached
        QVERIFY(!array.hasMemberIndex());
        QVERIFY(array.value(EventKey::Type).isUndefined());
        EventView none;
        QVERIFY(!none.hasMemberIndex());
        QVERIFY(none.value(EventKey::Type).isUndefined());
    }
};

QTEST_GUILESS_MAIN(TestEventMembers)
#include "test_event_members.moc"
