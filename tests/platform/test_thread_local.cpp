// core/platform/threadlocal.h: each thread gets its own object, made on first use and destroyed
// when the thread ends, in the reverse order of the atThreadExit calls; many short threads in a
// row neither crash (the MinGW build's `thread_local` with a destructor did, one run in ten under
// Wine) nor leak.

#include "core/platform/threadlocal.h"

#include <QString>
#include <QtTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace agui::platform;

namespace {

std::atomic_int g_alive {0};
std::atomic_int g_destroyed {0};

struct Counted
{
    Counted() { ++g_alive; }
    ~Counted()
    {
        --g_alive;
        ++g_destroyed;
    }
    QString text; // a member with a destructor of its own, as the real users have
    int uses = 0;
};

struct OtherSite; // a second call site that wants its own Counted

} // namespace

class TestThreadLocal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eachThreadHasItsOwnAndTheSameOneEachTime()
    {
        Counted *first = nullptr;
        Counted *again = nullptr;
        Counted *other = nullptr;
        int uses = 0;
        std::thread([&] {
            first = &threadLocal<Counted>();
            first->uses = 7;
            again = &threadLocal<Counted>();
            uses = threadLocal<Counted>().uses;
            other = &threadLocal<Counted, OtherSite>();
        }).join();
        QCOMPARE(again, first);
        QCOMPARE(uses, 7);
        QVERIFY(other && first != other);
        Counted *second = nullptr;
        std::thread([&] { second = &threadLocal<Counted>(); }).join();
        QVERIFY(second);
        QCOMPARE(g_alive.load(), 0); // both threads' objects went with their threads
    }

    void objectsGoWhenTheirThreadEnds()
    {
        const int before = g_destroyed;
        std::vector<std::thread> threads;
        for (int i = 0; i < 8; ++i)
            threads.emplace_back([i] {
                threadLocal<Counted>().text = QString::number(i).repeated(100);
                threadLocal<Counted, OtherSite>().text = QStringLiteral("other");
            });
        for (std::thread &t : threads)
            t.join();
        QCOMPARE(g_destroyed - before, 16);
        QCOMPARE(g_alive.load(), 0);
    }

    void cleanupsRunInReverseOrder()
    {
        std::vector<int> order;
        std::thread([&] {
            atThreadExit([](void *p) { static_cast<std::vector<int> *>(p)->push_back(1); }, &order);
            atThreadExit([](void *p) { static_cast<std::vector<int> *>(p)->push_back(2); }, &order);
        }).join();
        QCOMPARE(order, (std::vector<int> {2, 1}));
    }

    void manyShortThreadsInARow()
    {
        const int before = g_destroyed;
        for (int i = 0; i < 500; ++i)
            std::thread([] {
                threadLocal<Counted>().text = QStringLiteral("x").repeated(64);
            }).join();
        QCOMPARE(g_destroyed - before, 500);
    }
};

QTEST_GUILESS_MAIN(TestThreadLocal)
#include "test_thread_local.moc"
