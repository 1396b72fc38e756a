// Opening a large capture (issue 12: first rows within 300 ms of a million-event open): the
// loader reads the file's first events on their own and the window shows them while the whole
// file loads behind them. The preview is exactly the file's first events, says it is loading,
// selects nothing, reports nothing about the stream's end (it has not been read), and gives way
// to the whole file; a cancel while it shows leaves no half-loaded file behind.

#include "ui/models/captureloader.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/views/eventlistview.h"
#include "ui/window/mainwindow.h"

#include <QFile>
#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace agui;
using namespace agui::ui;

namespace {

constexpr int kTimeoutMs = 60000;

// A run of text deltas, cut off before its end, past the preview's size threshold.
bool writeLargeCapture(const QString &path, qint64 *events)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    QByteArray out = R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})"
                     "\n"
                     R"({"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"})"
                     "\n";
    *events = 2;
    const QByteArray padding(60, 'x');
    while (out.size() < CaptureLoader::kPreviewMinBytes + (1 << 20)) {
        out += R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":")" + padding
            + QByteArray::number(*events) + "\"}\n";
        ++*events;
    }
    return file.write(out) == out.size();
}

struct Shown
{
    qint64 size = -1;
    qsizetype findings = -1;
    QString title;
    qint64 selected = -2;
};

} // namespace

class TestCapturePreview : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void theFirstEventsShowWhileTheRestLoads();
    void aCancelWhileThePreviewShowsClearsIt();

private:
    QTemporaryDir m_dir;
    QString m_path;
    qint64 m_events = 0;
};

void TestCapturePreview::initTestCase()
{
    setPersistSettings(false);
    m_path = m_dir.filePath(QStringLiteral("large.jsonl"));
    QVERIFY(writeLargeCapture(m_path, &m_events));
}

void TestCapturePreview::theFirstEventsShowWhileTheRestLoads()
{
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    CaptureLoader *loader = window.findChild<CaptureLoader *>();
    QVERIFY(loader);
    QList<Shown> shown;
    // Connected after the window's own slot: called right after it showed the preview.
    connect(loader, &CaptureLoader::previewReady, &window, [&] {
        shown.append({window.document()->size(), window.document()->session().findings().size(),
                      window.windowTitle(), window.eventList()->currentSeq()});
    });
    QString error;
    QVERIFY2(window.openCaptureAndWait(m_path, &error), qPrintable(error));
    QCOMPARE(shown.size(), 1);

    const Shown &preview = shown.first();
    QVERIFY2(preview.size >= CaptureLoader::kPreviewEvents && preview.size < m_events,
             qPrintable(QString::number(preview.size)));
    QVERIFY2(preview.title.contains(QStringLiteral("loading")), qPrintable(preview.title));
    QCOMPARE(preview.findings, 0); // not finished: nothing said about a truncated run yet
    QCOMPARE(preview.selected, -1);

    QCOMPARE(window.document()->size(), m_events);
    QVERIFY(!window.windowTitle().contains(QStringLiteral("loading")));
    QVERIFY(window.document()->session().isFinished());
    QCOMPARE(window.eventList()->currentSeq(), m_events - 1);
}

void TestCapturePreview::aCancelWhileThePreviewShowsClearsIt()
{
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    CaptureLoader *loader = window.findChild<CaptureLoader *>();
    QVERIFY(loader);
    QSignalSpy loaded(&window, &MainWindow::captureLoaded);
    bool cancelled = false;
    // Queued after the window's own slot, which shows the preview; the whole load's result comes
    // after it, so this cancel always lands while the preview shows.
    connect(loader, &CaptureLoader::previewReady, &window, [&] {
        QVERIFY(window.document()->size() >= CaptureLoader::kPreviewEvents);
        auto *progress = window.findChild<QProgressDialog *>();
        QVERIFY(progress);
        auto *cancel = progress->findChild<QPushButton *>();
        QVERIFY(cancel);
        cancel->click();
        cancelled = true;
    });
    window.openCapture(m_path);
    QTRY_VERIFY_WITH_TIMEOUT(cancelled, kTimeoutMs);
    QCOMPARE(loaded.size(), 1);
    QCOMPARE(loaded.first().at(1).toBool(), false);
    QCOMPARE(window.document()->size(), 0);
    QCOMPARE(window.windowTitle(), QStringLiteral("AG-UI Inspector"));
    // The load it replaced finishes on its thread and is dropped.
    QTest::qWait(2000);
    QCOMPARE(window.document()->size(), 0);
    QCOMPARE(loaded.size(), 1);
}

QTEST_MAIN(TestCapturePreview)
#include "test_capture_preview.moc"
