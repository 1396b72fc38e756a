// A mapped capture file reads as the file, ends with a zero byte like a QByteArray, gives its
// pages back when asked, and survives being cut short by another program (on Linux; Windows
// refuses to cut a mapped file short, and a file of whole pages is read instead of mapped there,
// having no zero after it: both are checked as such).

#include "core/capture/capturereader.h"
#include "core/platform/mappedfile.h"

#include "tests/testfiles.h"
#include "tests/testplatform.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <vector>

#ifdef Q_OS_WIN
#include <windows.h>
// after windows.h, which it needs
#include <psapi.h>
#endif

using namespace agui;

namespace {

qint64 pageSize()
{
    return MappedFile::pageSize();
}

#ifdef Q_OS_WIN
constexpr bool kWindows = true;

// Kilobytes of the mapping resident in this process's working set (QueryWorkingSetEx).
qint64 residentKb(const MappedFile &mapped)
{
    const qint64 pages = (mapped.size() + pageSize() - 1) / pageSize();
    std::vector<PSAPI_WORKING_SET_EX_INFORMATION> info(static_cast<size_t>(pages));
    for (qint64 i = 0; i < pages; ++i)
        info[size_t(i)].VirtualAddress = const_cast<char *>(mapped.bytes().data()) + i * pageSize();
    if (!QueryWorkingSetEx(GetCurrentProcess(), info.data(),
                           DWORD(info.size() * sizeof(PSAPI_WORKING_SET_EX_INFORMATION))))
        return -1;
    qint64 resident = 0;
    for (const auto &page : info)
        resident += page.VirtualAttributes.Valid ? 1 : 0;
    return resident * pageSize() / 1024;
}
#else
constexpr bool kWindows = false;

// Kilobytes of the mapping resident in this process (/proc/self/smaps).
qint64 residentKb(const MappedFile &mapped)
{
    const void *address = mapped.bytes().data();
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray start = QByteArray::number(quintptr(address), 16) + '-';
    bool inside = false;
    const QList<QByteArray> lines = smaps.readAll().split('\n'); // proc files have no size
    for (const QByteArray &line : lines) {
        if (!line.isEmpty() && std::isxdigit(uchar(line.at(0))) && line.contains('-'))
            inside = line.startsWith(start);
        else if (inside && line.startsWith("Rss:"))
            return line.mid(4).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}
#endif

} // namespace

class TestMappedFile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString write(const QString &name, const QByteArray &bytes)
    {
        return testing::writeTestFile(m_dir, name, bytes);
    }

private Q_SLOTS:
    void readsAsTheFileWithAZeroAfterTheLastByte_data()
    {
        QTest::addColumn<qint64>("size");
        QTest::newRow("one byte") << qint64(1);
        QTest::newRow("a page less one") << pageSize() - 1;
        // The zero is a page of its own on Linux; on Windows the file is declined (read instead).
        QTest::newRow("exactly two pages") << 2 * pageSize();
        QTest::newRow("two pages and a bit") << 2 * pageSize() + 17;
    }
    void readsAsTheFileWithAZeroAfterTheLastByte()
    {
        QFETCH(qint64, size);
        QByteArray bytes(size, Qt::Uninitialized);
        for (qint64 i = 0; i < size; ++i)
            bytes[i] = char('a' + i % 26);
        const auto mapped = MappedFile::open(write(QStringLiteral("f.bin"), bytes));
        if (kWindows && size % pageSize() == 0) {
            QVERIFY(!mapped);
            return;
        }
        QVERIFY(mapped);
        QCOMPARE(mapped->size(), size);
        QCOMPARE(mapped->bytes(), QByteArrayView(bytes));
        QCOMPARE(mapped->bytes().data()[size], '\0');
        QCOMPARE(mapped->slice(size - 1, 1), bytes.right(1));
    }

    void onlyRegularFilesWithBytesAreMapped()
    {
        QVERIFY(!MappedFile::open(write(QStringLiteral("empty"), {})));
        QVERIFY(!MappedFile::open(m_dir.path()));
        QVERIFY(!MappedFile::open(m_dir.filePath(QStringLiteral("missing"))));
    }

    void releasedPagesLeaveTheProcessAndReadTheSameAgain()
    {
        const QByteArray bytes(64 * pageSize() + 1, 'x');
        const auto mapped = MappedFile::open(write(QStringLiteral("big.bin"), bytes));
        QVERIFY(mapped);
        qint64 sum = 0;
        for (qint64 i = 0; i < mapped->size(); i += pageSize())
            sum += mapped->bytes().at(i);
        QCOMPARE(sum, 65 * qint64('x')); // every page read once, the last partial one too
        const qint64 kb = pageSize() / 1024;
        QVERIFY2(residentKb(*mapped) >= 64 * kb, qPrintable(QString::number(residentKb(*mapped))));
        const bool observable = !testing::underWine();

        mapped->releaseBefore(48 * pageSize() + 100); // the partial page stays
        if (observable)
            QCOMPARE(residentKb(*mapped), 17 * kb);
        mapped->releaseBefore(mapped->size());
        if (observable)
            QCOMPARE(residentKb(*mapped), 1 * kb); // the last, partial page stays

        QCOMPARE(mapped->bytes(), QByteArrayView(bytes));
        QVERIFY(!mapped->wasCutShort());
        if (!observable)
            QSKIP("read again correctly; whether the pages left the working set cannot be seen "
                  "under Wine, which keeps every mapped page in it");
    }

    void aFileCutShortWhileMappedReadsAsZerosAndSaysSo()
    {
        QByteArray bytes(3 * pageSize() - 1, 'y');
        const QString path = write(QStringLiteral("cut.bin"), bytes);
        const auto mapped = MappedFile::open(path);
        QVERIFY(mapped);
        QCOMPARE(mapped->sizeOnDisk(), bytes.size());
        if (kWindows) {
            // The system refuses to cut a mapped file short: nothing can be missing.
            QVERIFY(!QFile::resize(path, pageSize() + 10));
            QCOMPARE(mapped->bytes(), QByteArrayView(bytes));
            QVERIFY(!mapped->wasCutShort() && !mapped->gotShorter());
            return;
        }
        QVERIFY(QFile::resize(path, pageSize() + 10));
        QCOMPARE(mapped->sizeOnDisk(), pageSize() + 10); // where a problem report places the cut
        QCOMPARE(mapped->size(), bytes.size());
        QCOMPARE(mapped->bytes().at(5), 'y'); // still in the file
        QVERIFY(!mapped->wasCutShort());
        QCOMPARE(mapped->bytes().at(2 * pageSize() + 5), '\0'); // past the new end
        QVERIFY(mapped->wasCutShort());
        QCOMPARE(mapped->bytes().at(3 * pageSize() - 2), '\0');
    }

    void aFileThatOnlyGrewDidNotGetShorter()
    {
        const QString path = write(QStringLiteral("grows.bin"), QByteArray(100, 'g'));
        const auto mapped = MappedFile::open(path);
        QVERIFY(mapped);
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        QCOMPARE(f.write("more"), 4);
        f.close();
        QVERIFY(!mapped->gotShorter());
        if (kWindows) {
            QVERIFY(!QFile::resize(path, 99)); // refused while mapped: it cannot get shorter
            QVERIFY(!mapped->gotShorter());
            return;
        }
        QVERIFY(QFile::resize(path, 99)); // rewritten in place: cut first
        QVERIFY(mapped->gotShorter());
        QVERIFY(!mapped->wasCutShort()); // nothing read past the end yet
    }

    void aCaptureReadThroughTheMappingSharesItsPages()
    {
        QByteArray jsonl;
        for (int i = 0; i < 2000; ++i)
            jsonl += R"({"type":"RAW","event":{"n":)" + QByteArray::number(i) + "}}\n";
        const QString path = write(QStringLiteral("events.jsonl"), jsonl);
        CaptureReadOptions options;
        options.blockSize = 4096;
        options.mappedFile = MappedFile::open(path);
        QVERIFY(options.mappedFile);
        Capture capture;
        QString error;
        QVERIFY2(readCaptureFile(path, &capture, &error, options), qPrintable(error));
        QCOMPARE(capture.format, CaptureFormat::JsonLines);
        QCOMPARE(capture.runs.size(), 1);
        QCOMPARE(capture.runs[0].body(), jsonl);
        QVERIFY(capture.runs[0].chunks.size() > 1);
        const char *base = options.mappedFile->bytes().data();
        for (const Chunk &c : std::as_const(capture.runs[0].chunks))
            QCOMPARE(c.bytes.constData(), base + c.sourceOffset); // no copy
        QCOMPARE(capture.mappedFile, options.mappedFile);
    }
};

QTEST_GUILESS_MAIN(TestMappedFile)
#include "test_mappedfile.moc"
