// json::sharedString: the same text as fromWtf8, shared between calls on one thread.

#include "core/json/sharedstring.h"
#include "core/json/wtf8.h"

#include <QTest>

#include <string>
#include <thread>
#include <vector>

using namespace agui::json;

class TestSharedString : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Whatever the bytes, the text is exactly what fromWtf8 makes of them.
    void sameTextAsFromWtf8()
    {
        const std::string samples[] = {
            "msg-1",
            "call_7f3a",
            "é😀",
            "\xed\xa0\xbd", // a lone high surrogate, WTF-8
            std::string(64, 'x'), // the longest that is cached
            std::string(65, 'y'), // decoded each time
            "",
        };
        for (const std::string &s : samples) {
            for (int round = 0; round < 2; ++round) {
                const QString shared = sharedString(s);
                const QString plain = fromWtf8(s);
                QCOMPARE(shared, plain);
                QCOMPARE(shared.isNull(), plain.isNull());
            }
        }
    }

    // The second read of the same id is the first one's string, not a new allocation.
    void repeatedIdsShareTheirData()
    {
        const QString first = sharedString("tool-call-42");
        const QString second = sharedString("tool-call-42");
        QCOMPARE(second, QStringLiteral("tool-call-42"));
        QCOMPARE(second.constData(), first.constData());
        const QString other = sharedString("tool-call-43");
        QVERIFY(other.constData() != first.constData());
        QCOMPARE(other, QStringLiteral("tool-call-43"));
    }

    // Far more distinct ids than the cache has slots: each one still reads back as itself, and a
    // string handed out stays valid when its slot is taken by another.
    void manyIdsEvictEachOtherSafely()
    {
        std::vector<QString> kept;
        for (int i = 0; i < 5000; ++i) {
            const std::string id = "run-" + std::to_string(i);
            kept.push_back(sharedString(id));
            QCOMPARE(kept.back(), QString::fromStdString(id));
        }
        for (int i = 0; i < 5000; ++i)
            QCOMPARE(kept[size_t(i)], QStringLiteral("run-%1").arg(i));
    }

    // Each thread has its own cache: strings read on two threads at once are right on both.
    void threadsDoNotShareSlots()
    {
        std::vector<QString> a, b;
        const auto read = [](std::vector<QString> *out, const char *prefix) {
            for (int i = 0; i < 3000; ++i)
                out->push_back(sharedString(prefix + std::to_string(i % 700)));
        };
        std::thread t1(read, &a, "m-");
        std::thread t2(read, &b, "t-");
        t1.join();
        t2.join();
        for (int i = 0; i < 3000; ++i) {
            QCOMPARE(a[size_t(i)], QStringLiteral("m-%1").arg(i % 700));
            QCOMPARE(b[size_t(i)], QStringLiteral("t-%1").arg(i % 700));
        }
    }
};

QTEST_APPLESS_MAIN(TestSharedString)
#include "test_shared_string.moc"
