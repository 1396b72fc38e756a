// agui-inspector: the GUI. With a capture path it opens it; with --screenshot it renders the
// window headlessly to a PNG and exits (used by tests and for the README's screenshots); with a
// --bench-* developer option it measures itself for the benchmarks (benchmode.h, bench/).

#include "app/gui/benchmode.h"
#include "ui/timing/timingview.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QEventLoop>
#include <QFileInfo>
#include <QImage>
#include <QPixmap>
#include <QRegularExpression>
#include <QSettings>
#include <QTextStream>
#include <QTimer>

namespace {

int runScreenshot(agui::ui::MainWindow &window, const QCommandLineParser &args,
                  const QString &capture)
{
    QTextStream err(stderr);
    const QString file = args.value(QStringLiteral("screenshot"));
    QSize size(1400, 860);
    if (args.isSet(QStringLiteral("size"))) {
        static const QRegularExpression re(QStringLiteral("^(\\d+)x(\\d+)$"));
        const auto m = re.match(args.value(QStringLiteral("size")));
        if (!m.hasMatch() || m.captured(1).toInt() < 200 || m.captured(2).toInt() < 150) {
            err << "agui-inspector: --size wants WIDTHxHEIGHT (at least 200x150), not \""
                << args.value(QStringLiteral("size")) << "\"\n";
            return 2;
        }
        size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    }
    window.resize(size);
    window.show();
    if (!capture.isEmpty()) {
        QString error;
        if (!window.openCaptureAndWait(capture, &error)) {
            err << "agui-inspector: " << error << "\n";
            return 2;
        }
    } else if (args.isSet(QStringLiteral("demo"))) {
        QString error;
        if (!window.startDemoRun(&error) || !window.waitForRunToEnd(60000)) {
            err << "agui-inspector: the demo run did not complete " << error << "\n";
            return 2;
        }
    }
    if (args.isSet(QStringLiteral("filter")))
        window.applyFilterText(args.value(QStringLiteral("filter")));
    qint64 select = -1;
    if (args.isSet(QStringLiteral("select"))) {
        bool ok = false;
        select = args.value(QStringLiteral("select")).toLongLong(&ok);
        if (!ok || select < 0) {
            err << "agui-inspector: --select wants an event number\n";
            return 2;
        }
    }
    if (select < 0)
        select = window.lastEventSeq();
    if (select >= 0 && !window.selectEvent(select)) {
        err << "agui-inspector: event " << select << " is not in the list\n";
        return 2;
    }
    if (args.isSet(QStringLiteral("tab")))
        window.showTab(args.value(QStringLiteral("tab")));
    // The Timing tab computes off the GUI thread: wait for its figures (generous deadline).
    auto *timing = window.findChild<agui::ui::TimingView *>();
    if (timing && timing->isVisible() && !timing->isUpToDate()) {
        QEventLoop loop;
        QObject::connect(timing, &agui::ui::TimingView::computed, &loop, [&loop, timing] {
            if (timing->isUpToDate())
                loop.quit();
        });
        QTimer::singleShot(60000, &loop, &QEventLoop::quit);
        loop.exec();
    }
    // Let layouts and the deferred scroll settle before grabbing.
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    const QPixmap pixmap = window.grab();
    if (!pixmap.save(file, "PNG")) {
        err << "agui-inspector: cannot write " << file << "\n";
        return 2;
    }
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("agui-inspector"));
    QApplication::setOrganizationName(QStringLiteral("agui-inspector"));
    QApplication::setApplicationVersion(QStringLiteral(AGUI_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.aguiinspector.AguiInspector"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Inspector and debugger for AG-UI event streams."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("capture"),
                                 QStringLiteral("A capture to open (own format, .sse, .jsonl)."));
    parser.addOption({QStringLiteral("screenshot"),
                      QStringLiteral("Write the window as PNG to FILE and exit (headless)."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("select"),
                      QStringLiteral("With --screenshot: select event N (default: the last)."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("tab"),
                      QStringLiteral("With --screenshot: show this tab "
                                     "(event|state|transcript|tools|surfaces|timing|diff)."),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("size"),
                      QStringLiteral("With --screenshot: window size, e.g. 1400x860."),
                      QStringLiteral("WxH")});
    parser.addOption({QStringLiteral("demo"),
                      QStringLiteral("Serve the built-in demo agent in-process and run it.")});
    parser.addOption({QStringLiteral("filter"),
                      QStringLiteral("Start with this event filter (see the filter bar's help)."),
                      QStringLiteral("EXPR")});
    agui::gui::addBenchOptions(parser);
    parser.process(app);
    if (agui::gui::benchRequested(parser))
        return agui::gui::runBench(parser);

    const QStringList positional = parser.positionalArguments();
    const QString capture = positional.value(0);
    if (!capture.isEmpty() && !QFileInfo::exists(capture)) {
        QTextStream(stderr) << "agui-inspector: no such file: " << capture << "\n";
        return 2;
    }

    if (parser.isSet(QStringLiteral("screenshot"))) {
        // A clean slate: no restored geometry or recent files change the picture.
        agui::ui::MainWindow::setPersistSettings(false);
        agui::ui::MainWindow window;
        return runScreenshot(window, parser, capture);
    }

    agui::ui::MainWindow window;
    window.show();
    // A first launch shows a live run at once: the demo agent, served in-process.
    QSettings settings;
    const bool firstLaunch = !settings.value(QStringLiteral("app/launched"), false).toBool();
    settings.setValue(QStringLiteral("app/launched"), true);
    if (!capture.isEmpty())
        window.openCapture(capture);
    else if (parser.isSet(QStringLiteral("demo")) || firstLaunch)
        window.startDemoRun();
    if (parser.isSet(QStringLiteral("filter")))
        window.applyFilterText(parser.value(QStringLiteral("filter")));
    return app.exec();
}
