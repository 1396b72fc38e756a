// The headless screenshot mode of the real binary: opens a capture, selects an event, writes
// the window as a PNG of the requested size and exits 0; bad arguments exit non-zero.

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestScreenshot : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void writesAPngOfTheRequestedSize();
    void fallsBackToTheEventTab();
    void rejectsAnEventThatIsNotThere();
};

namespace {

int runInspector(const QStringList &args, QByteArray *stderrText = nullptr)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(AGUI_INSPECTOR_EXE), args);
    if (!process.waitForFinished(60000))
        return -1;
    if (stderrText)
        *stderrText = process.readAllStandardError();
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

const QString kCapture = QStringLiteral(AGUI_TEST_DATA_DIR "/ui/small.sse");

} // namespace

void TestScreenshot::writesAPngOfTheRequestedSize()
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    QByteArray err;
    QCOMPARE(
        runInspector({kCapture, QStringLiteral("--screenshot"), png, QStringLiteral("--select"),
                      QStringLiteral("3"), QStringLiteral("--size"), QStringLiteral("900x600")},
                     &err),
        0);
    QImage image(png);
    QVERIFY2(!image.isNull(), err.constData());
    QCOMPARE(image.size(), QSize(900, 600));
    // Not a blank picture: the window drew something with more than one colour.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 10);
}

void TestScreenshot::fallsBackToTheEventTab()
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("tools.png"));
    QCOMPARE(runInspector({kCapture, QStringLiteral("--screenshot"), png, QStringLiteral("--tab"),
                           QStringLiteral("tools")}),
             0);
    QVERIFY(!QImage(png).isNull());
}

void TestScreenshot::rejectsAnEventThatIsNotThere()
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("none.png"));
    QByteArray err;
    QVERIFY(runInspector({kCapture, QStringLiteral("--screenshot"), png, QStringLiteral("--select"),
                          QStringLiteral("999")},
                         &err)
            != 0);
    QVERIFY(err.contains("999"));
    QVERIFY(!QFile::exists(png));
}

QTEST_MAIN(TestScreenshot)
#include "test_screenshot.moc"
