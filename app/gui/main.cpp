// agui-inspector: the GUI. With a capture path it opens it; with --screenshot it renders the
// window headlessly to a PNG and exits (used by tests and for the README's screenshots); with a
// --bench-* developer option it measures itself for the benchmarks (benchmode.h, bench/).

#include "app/gui/benchmode.h"
#include "app/gui/launchoptions.h"
#include "core/platform/heap.h"
#include "ui/persistsettings.h"
#include "ui/timing/timingview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/proxycontrol.h"
#include "ui/window/theme.h"

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

// What the picture shows: a capture, the demo run or a run against --connect, to its end.
bool fillWindow(agui::ui::MainWindow &window, const QCommandLineParser &args,
                const QString &capture, const agui::ui::RunRequest *run)
{
    QTextStream err(stderr);
    QString error;
    if (!capture.isEmpty()) {
        if (window.openCaptureAndWait(capture, &error))
            return true;
        err << "agui-inspector: " << error << "\n";
        return false;
    }
    bool started = true;
    if (run)
        started = window.startRun(*run);
    else if (args.isSet(QStringLiteral("demo")))
        started = window.startDemoRun(&error);
    if (!started || !window.waitForRunToEnd(60000)) {
        err << "agui-inspector: the run did not complete " << error << "\n";
        return false;
    }
    return true;
}

int runScreenshot(agui::ui::MainWindow &window, const QCommandLineParser &args,
                  const QString &capture, const agui::ui::RunRequest *run)
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
    window.applyFirstLayout(size);
    window.show();
    if (!fillWindow(window, args, capture, run))
        return 2;
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
        select = window.usefulEventSeq();
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

// --proxy: as File > Start Proxy… would; a port that cannot be had is said on stderr too, since
// whoever typed the command is looking there.
void startProxy(agui::ui::MainWindow &window, const agui::gui::ProxyLaunch &launch)
{
    agui::ui::ProxyControl *control = window.proxyControl();
    QObject::connect(control, &agui::ui::ProxyControl::failed, &window, [](const QString &why) {
        QTextStream(stderr) << "agui-inspector: cannot start the proxy: " << why << "\n";
    });
    QObject::connect(control, &agui::ui::ProxyControl::runningChanged, &window,
                     [control](bool running) {
                         if (running)
                             QTextStream(stderr) << "agui-inspector: proxy at "
                                                 << control->url().toString() << "\n";
                     });
    control->setRewriteRules(launch.rules, launch.source);
    control->setMapLocal(launch.mapPath, launch.mapCapture);
    if (!control->start(launch.host, launch.port, launch.upstream))
        QTextStream(stderr) << "agui-inspector: " << control->lastError() << "\n";
}

// Without a file, a URL or --demo, a first launch shows a live run at once: the demo agent.
void startFromCommandLine(agui::ui::MainWindow &window, const QCommandLineParser &parser,
                          const QString &argument)
{
    QSettings settings;
    const bool firstLaunch = !settings.value(QStringLiteral("app/launched"), false).toBool();
    settings.setValue(QStringLiteral("app/launched"), true);
    if (agui::gui::isEndpointUrl(argument))
        QTimer::singleShot(0, &window, [&window, argument] { window.showConnectDialog(argument); });
    else if (!argument.isEmpty())
        window.openCapture(argument);
    else if (parser.isSet(QStringLiteral("demo"))
             || (firstLaunch && !parser.isSet(QStringLiteral("connect"))
                 && !parser.isSet(QStringLiteral("proxy"))))
        window.startDemoRun();
    if (parser.isSet(QStringLiteral("filter")))
        window.applyFilterText(parser.value(QStringLiteral("filter")));
}

} // namespace

int main(int argc, char *argv[])
{
    agui::platform::keepThreadsOnOneHeap(); // before any thread allocates: see core/platform/heap.h
    QCoreApplication::setApplicationName(QStringLiteral("agui-inspector"));
    QCoreApplication::setOrganizationName(QStringLiteral("agui-inspector"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AGUI_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Inspector and debugger for AG-UI event streams."));
    agui::gui::addLaunchOptions(parser);
    agui::gui::addBenchOptions(parser);
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (agui::gui::wantsTextOnly(parser, arguments)) {
        // --help, --version and command-line mistakes need no display (and no platform plugin).
        QCoreApplication app(argc, argv);
        parser.process(app); // prints and exits
        return 1;
    }

    QApplication app(argc, argv);
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.aguiinspector.AguiInspector"));
    parser.process(app);
    agui::ui::installAppStyle();
    if (agui::gui::benchRequested(parser))
        return agui::gui::runBench(parser);

    const QString argument = parser.positionalArguments().value(0);
    const bool isUrl = agui::gui::isEndpointUrl(argument);
    if (!argument.isEmpty() && !isUrl && !QFileInfo::exists(argument)) {
        QTextStream(stderr) << "agui-inspector: no such file: " << argument << "\n";
        return 2;
    }
    agui::ui::RunRequest request;
    QString error;
    if (parser.isSet(QStringLiteral("connect"))
        && !agui::gui::runRequestFromOptions(parser, &request, &error)) {
        QTextStream(stderr) << "agui-inspector: " << error << "\n";
        return 2;
    }

    if (parser.isSet(QStringLiteral("screenshot"))) {
        // A clean slate: no restored geometry or recent files change the picture.
        agui::ui::setPersistSettings(false);
        if (parser.isSet(QStringLiteral("theme")))
            agui::ui::applyTheme(
                agui::ui::themeModeFromName(parser.value(QStringLiteral("theme"))));
        agui::ui::MainWindow window;
        return runScreenshot(window, parser, isUrl ? QString() : argument,
                             parser.isSet(QStringLiteral("connect")) ? &request : nullptr);
    }

    agui::gui::ProxyLaunch proxy;
    if (parser.isSet(QStringLiteral("proxy"))
        && !agui::gui::proxyFromOptions(parser, &proxy, &error)) {
        QTextStream(stderr) << "agui-inspector: " << error << "\n";
        return 2;
    }

    agui::ui::MainWindow window;
    window.show();
    if (parser.isSet(QStringLiteral("proxy")))
        startProxy(window, proxy);
    startFromCommandLine(window, parser, argument);
    if (parser.isSet(QStringLiteral("connect")))
        window.startRun(request);
    return app.exec();
}
