// core/platform/heap.h. adviseHugePageHeap: on a kernel that gives huge pages on request,
// the heap gains a range of at least the reserve advised MADV_HUGEPAGE (the "hg" flag the kernel
// lists in /proc/self/smaps), allocations keep working, and a second call does nothing.
// keepThreadsOnOneHeap: a thread started afterwards allocates from the main heap (the "[heap]"
// mapping), where that reserve is. adviseHugePageHeapFor: the size rule.

#include "core/platform/heap.h"

#include <QFile>
#include <QList>
#include <QTemporaryFile>
#include <QTest>

#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

using namespace agui;
using namespace agui::platform;

namespace {

struct Mapping
{
    quint64 start = 0;
    quint64 end = 0;
    bool heap = false;
    bool hugePageAdvised = false;
};

// The process's mappings with their flags, from /proc/self/smaps.
QList<Mapping> mappings()
{
    QList<Mapping> out;
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly))
        return out;
    const QList<QByteArray> lines = smaps.readAll().split('\n');
    for (const QByteArray &line : lines) {
        const qsizetype dash = line.indexOf('-');
        const qsizetype space = line.indexOf(' ');
        bool startOk = false;
        bool endOk = false;
        if (dash > 0 && space > dash) {
            const quint64 start = line.left(dash).toULongLong(&startOk, 16);
            const quint64 end = line.mid(dash + 1, space - dash - 1).toULongLong(&endOk, 16);
            if (startOk && endOk) {
                out.append(Mapping {start, end, line.endsWith("[heap]"), false});
                continue;
            }
        }
        if (line.startsWith("VmFlags:") && !out.isEmpty())
            out.last().hugePageAdvised = line.split(' ').contains("hg");
    }
    return out;
}

QByteArray thpMode()
{
    QFile mode(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
    return mode.open(QIODevice::ReadOnly) ? mode.readAll().trimmed() : QByteArray();
}

} // namespace

class TestHugePageHeap : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void aThreadStartedAfterwardsAllocatesFromTheMainHeap();
    void theReserveIsAdvisedOnceWhereTheKernelAsksForIt();
    void onlyFilesOfTheBulkSizeAskForIt();

private:
    bool m_oneHeap = false;
};

void TestHugePageHeap::initTestCase()
{
    // First, as main() does: before this process starts any thread.
    m_oneHeap = keepThreadsOnOneHeap();
}

void TestHugePageHeap::aThreadStartedAfterwardsAllocatesFromTheMainHeap()
{
    if (!m_oneHeap)
        QSKIP("built with a sanitizer's allocator, or not Linux with glibc");
    quint64 address = 0;
    std::thread worker([&address] {
        void *const block = std::malloc(1000);
        address = quint64(reinterpret_cast<quintptr>(block));
        std::free(block);
    });
    worker.join();
    QVERIFY(address != 0);
    bool onHeap = false;
    for (const Mapping &m : mappings())
        onHeap = onHeap || (m.heap && address >= m.start && address < m.end);
    QVERIFY2(onHeap, "the thread's block is not in the [heap] mapping: it has an arena of its own");
}

void TestHugePageHeap::theReserveIsAdvisedOnceWhereTheKernelAsksForIt()
{
    const HugePageHeap result = adviseHugePageHeap();
    if (result == HugePageHeap::Unsupported)
        QSKIP("built with a sanitizer's allocator, or not Linux with glibc");
    if (!thpMode().contains("[madvise]")) {
        QCOMPARE(result, HugePageHeap::NotOnRequest);
        return;
    }
    QCOMPARE(result, HugePageHeap::Advised);

    bool found = false;
    for (const Mapping &m : mappings())
        found = found
            || (m.heap && m.hugePageAdvised
                && m.end - m.start >= kHugePageHeapReserve - (4u << 20));
    QVERIFY2(found,
             "no heap range of about the reserve is advised MADV_HUGEPAGE in /proc/self/smaps");

    // The heap still serves, frees and serves again, across the advised range.
    std::vector<char *> blocks;
    for (int i = 0; i < 20000; ++i) {
        blocks.push_back(static_cast<char *>(std::malloc(4000)));
        QVERIFY(blocks.back());
        std::memset(blocks.back(), i & 0xFF, 4000);
    }
    for (size_t i = 0; i < blocks.size(); ++i)
        QCOMPARE(blocks[i][3999], char(i & 0xFF));
    for (char *b : blocks)
        std::free(b);

    QCOMPARE(adviseHugePageHeap(), HugePageHeap::AlreadyDone);
}

void TestHugePageHeap::onlyFilesOfTheBulkSizeAskForIt()
{
    QCOMPARE(adviseHugePageHeapFor(QStringLiteral("-")), HugePageHeap::SmallInput);
    QTemporaryFile file;
    QVERIFY(file.open());
    QVERIFY(file.write(QByteArray(kBulkInputBytes - 1, 'x')) == kBulkInputBytes - 1);
    file.flush();
    QCOMPARE(adviseHugePageHeapFor(file.fileName()), HugePageHeap::SmallInput);
    QVERIFY(file.write("x") == 1);
    file.flush();
    // Asked now (the test before made it already done, or this build cannot).
    QVERIFY(adviseHugePageHeapFor(file.fileName()) != HugePageHeap::SmallInput);
}

QTEST_GUILESS_MAIN(TestHugePageHeap)
#include "test_huge_page_heap.moc"
