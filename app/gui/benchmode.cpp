#include "app/gui/benchmode.h"

#include "app/gui/benchframes.h"
#include "app/gui/latenessprobe.h"
#include "core/platform/processinfo.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/timeline/playback.h"
#include "ui/views/eventlistview.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QPointer>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <functional>

namespace agui::gui {

namespace {

const QString kOpen = QStringLiteral("bench-open");
const QString kScroll = QStringLiteral("bench-scroll");
const QString kCallgrindPaint = QStringLiteral("bench-callgrind-paint");
const QString kLive = QStringLiteral("bench-live");
const QString kPlay = QStringLiteral("bench-play");
const QString kStartup = QStringLiteral("bench-startup");
const QString kReport = QStringLiteral("bench-report");
const QString kTimeout = QStringLiteral("bench-timeout");

constexpr int kWidth = 1400;
constexpr int kHeight = 860;

double msSince(qint64 startNs, qint64 ns)
{
    return ns < 0 ? -1.0 : double(ns - startNs) / 1e6;
}

double peakRssKb()
{
    return double(agui::platform::peakResidentBytes()) / 1024;
}

// Calls onPainted when a paint of `watched` (or of any widget, when watching the application)
// has finished: the paint event is seen before it is handled, the zero timer runs once the whole
// window's repaint that contains it has returned to the event loop. Once: only the first time.
class PaintWatcher : public QObject
{
public:
    enum Repeat { Once, Always };

    PaintWatcher(QObject *watched, Repeat repeat, std::function<void()> onPainted,
                 QObject *parent = nullptr)
        : QObject(parent)
        , m_watched(watched)
        , m_repeat(repeat)
        , m_onPainted(std::move(onPainted))
    {
        watched->installEventFilter(this);
    }

    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && !m_scheduled) {
            m_scheduled = true;
            if (m_repeat == Once)
                m_watched->removeEventFilter(this);
            QTimer::singleShot(0, this, [this] {
                m_scheduled = m_repeat == Once;
                m_onPainted();
            });
        }
        return false;
    }

private:
    QObject *m_watched;
    Repeat m_repeat;
    std::function<void()> m_onPainted;
    bool m_scheduled = false;
};

// The shared frame of every mode: the report, the lateness probe, the deadline.
class Bench
{
public:
    explicit Bench(const QCommandLineParser &args)
        : m_reportPath(args.value(kReport))
    {
        const int timeoutS = args.isSet(kTimeout) ? args.value(kTimeout).toInt() : 1800;
        QTimer::singleShot(timeoutS * 1000, qApp, [this, timeoutS] {
            fail(QStringLiteral("timed out after %1 s").arg(timeoutS));
        });
    }

    QJsonObject &report() { return m_report; }
    LatenessProbe &probe() { return m_probe; }

    void finish()
    {
        m_report.insert(QStringLiteral("ok"), true);
        write();
        QCoreApplication::exit(0);
    }
    void fail(const QString &error)
    {
        m_report.insert(QStringLiteral("ok"), false);
        m_report.insert(QStringLiteral("error"), error);
        write();
        QTextStream(stderr) << "agui-inspector: benchmark failed: " << error << "\n";
        QCoreApplication::exit(3);
    }

private:
    void write()
    {
        const QByteArray json = QJsonDocument(m_report).toJson();
        QFile file(m_reportPath);
        if (m_reportPath.isEmpty() || !file.open(QIODevice::WriteOnly))
            QTextStream(stdout) << json;
        else
            file.write(json);
    }

    QString m_reportPath;
    QJsonObject m_report;
    LatenessProbe m_probe;
};

// Opens a capture through the window's own path (the loader thread, the progress dialog, the
// selection of the last event) and times what the user sees.
class OpenBench : public QObject
{
public:
    OpenBench(Bench &bench, ui::MainWindow &window, const QString &path, bool frames,
              bool callgrindPaint, bool play)
        : m_bench(bench)
        , m_window(window)
        , m_path(path)
        , m_frames(frames)
        , m_callgrindPaint(callgrindPaint)
        , m_play(play)
    { }

    // After the window's first paint, so that start-up is not counted as loading.
    void start()
    {
        ui::EventListModel *model = m_window.listModel();
        auto noteRows = [this, model] {
            if (m_firstRowsNs < 0 && model->rowCount() > 0)
                m_firstRowsNs = monotonicNs();
        };
        connect(model, &QAbstractItemModel::rowsInserted, this, noteRows);
        connect(model, &QAbstractItemModel::modelReset, this, noteRows);
        connect(&m_window, &ui::MainWindow::captureLoaded, this, [this](const QString &, bool ok) {
            if (!ok)
                return m_bench.fail(QStringLiteral("the window did not load the file: ")
                                    + m_window.lastError());
            m_loadedNs = monotonicNs();
        });
        new PaintWatcher(
            m_window.eventList()->viewport(), PaintWatcher::Always, [this] { painted(); }, this);
        m_bench.probe().start();
        m_startNs = monotonicNs();
        m_window.openCapture(m_path);
    }

private:
    void painted()
    {
        const qint64 now = monotonicNs();
        if (m_firstPaintedRowsNs < 0 && m_window.listModel()->rowCount() > 0)
            m_firstPaintedRowsNs = now;
        const qint64 last = m_window.lastEventSeq();
        if (m_shownNs >= 0 || m_loadedNs < 0 || last < 0
            || m_window.eventList()->currentSeq() != last)
            return;
        m_shownNs = now;
        m_bench.probe().stop();
        QJsonObject &r = m_bench.report();
        r.insert(QStringLiteral("mode"), QStringLiteral("open"));
        r.insert(QStringLiteral("file"), m_path);
        r.insert(QStringLiteral("fileBytes"), double(QFileInfo(m_path).size()));
        r.insert(QStringLiteral("events"), double(m_window.document()->size()));
        r.insert(QStringLiteral("firstRowsMs"), msSince(m_startNs, m_firstRowsNs));
        r.insert(QStringLiteral("firstRowsPaintedMs"), msSince(m_startNs, m_firstPaintedRowsNs));
        r.insert(QStringLiteral("loadedMs"), msSince(m_startNs, m_loadedNs));
        r.insert(QStringLiteral("shownMs"), msSince(m_startNs, m_shownNs));
        r.insert(QStringLiteral("peakRssKb"), peakRssKb());
        r.insert(QStringLiteral("stall"), m_bench.probe().report());
        // Frames are measured after this paint has fully returned to the event loop.
        QTimer::singleShot(0, this, [this] {
            if (m_frames)
                m_bench.report().insert(QStringLiteral("frames"),
                                        measureFrames(m_window, m_callgrindPaint));
            if (m_play)
                play();
            else
                m_bench.finish();
        });
    }

    // Plays the whole session back "as fast as possible" from the first event, as the playback
    // controls do, and reports how late the GUI thread got meanwhile.
    void play()
    {
        auto *playback = m_window.findChild<ui::Playback *>();
        if (!playback)
            return m_bench.fail(QStringLiteral("the window has no playback controls"));
        connect(playback, &ui::Playback::seekRequested, this, [this] { ++m_seeks; });
        connect(playback, &ui::Playback::playingChanged, this, [this, playback](bool playing) {
            if (playing)
                return;
            m_bench.probe().stop();
            QJsonObject played {{QStringLiteral("ms"), msSince(m_playStartNs, monotonicNs())},
                                {QStringLiteral("seeks"), double(m_seeks)},
                                {QStringLiteral("reachedSeq"), double(playback->position())},
                                {QStringLiteral("lastSeq"), double(m_window.lastEventSeq())},
                                {QStringLiteral("stall"), m_bench.probe().report()}};
            m_bench.report().insert(QStringLiteral("play"), played);
            m_bench.finish();
        });
        playback->setSpeed(ui::Playback::kAsFastAsPossible);
        playback->setPosition(0);
        m_bench.probe().start();
        m_playStartNs = monotonicNs();
        playback->play();
    }

    Bench &m_bench;
    ui::MainWindow &m_window;
    QString m_path;
    bool m_frames;
    bool m_callgrindPaint;
    bool m_play;
    qint64 m_seeks = 0;
    qint64 m_playStartNs = -1;
    qint64 m_startNs = -1;
    qint64 m_firstRowsNs = -1;
    qint64 m_firstPaintedRowsNs = -1;
    qint64 m_loadedNs = -1;
    qint64 m_shownNs = -1;
};

// A live run against URL as Run > Connect… starts one (the recording goes to a temporary folder
// instead of the user's data folder), until the run ends and its last rows are painted.
class LiveBench : public QObject
{
public:
    LiveBench(Bench &bench, ui::MainWindow &window, const QUrl &url)
        : m_bench(bench)
        , m_window(window)
        , m_url(url)
    { }

    void start()
    {
        ui::LiveRunController *live = m_window.liveRun();
        live->setCaptureDirectory(m_recordings.path());
        connect(m_window.document(), &ui::SessionDocument::eventsAppended, this,
                [this](qint64, qint64) {
                    m_lastEventNs = monotonicNs();
                    if (m_firstEventNs < 0)
                        m_firstEventNs = m_lastEventNs;
                });
        connect(live, &ui::LiveRunController::stateChanged, this, [this, live] {
            if (m_endNs >= 0 || live->isRunning())
                return;
            m_endNs = monotonicNs();
            m_window.listModel()->flushPendingRows();
            m_window.eventList()->viewport()->update();
        });
        new PaintWatcher(
            m_window.eventList()->viewport(), PaintWatcher::Always, [this] { painted(); }, this);
        ui::RunRequest request;
        request.url = m_url;
        request.input = ui::ConnectDialog::defaultInput();
        m_bench.probe().start();
        m_startNs = monotonicNs();
        live->start(request);
    }

private:
    void painted()
    {
        if (m_endNs < 0 || m_shownNs >= 0)
            return;
        m_shownNs = monotonicNs();
        m_bench.probe().stop();
        ui::LiveRunController *live = m_window.liveRun();
        const qint64 events = m_window.document()->size();
        QJsonObject &r = m_bench.report();
        r.insert(QStringLiteral("mode"), QStringLiteral("live"));
        r.insert(QStringLiteral("url"), m_url.toString());
        r.insert(QStringLiteral("state"), live->statusText());
        r.insert(QStringLiteral("runError"), live->errorString());
        r.insert(QStringLiteral("events"), double(events));
        r.insert(QStringLiteral("rows"), m_window.listModel()->rowCount());
        r.insert(QStringLiteral("bytes"), double(live->bytesReceived()));
        r.insert(QStringLiteral("firstEventMs"), msSince(m_startNs, m_firstEventNs));
        r.insert(QStringLiteral("lastEventMs"), msSince(m_startNs, m_lastEventNs));
        r.insert(QStringLiteral("runEndedMs"), msSince(m_startNs, m_endNs));
        r.insert(QStringLiteral("shownMs"), msSince(m_startNs, m_shownNs));
        // Ingest rate: from the request to the last event in the document.
        const double seconds = double(m_lastEventNs - m_startNs) / 1e9;
        r.insert(QStringLiteral("eventsPerSecond"), seconds > 0 ? double(events) / seconds : 0.0);
        r.insert(QStringLiteral("peakRssKb"), peakRssKb());
        r.insert(QStringLiteral("stall"), m_bench.probe().report());
        m_bench.finish();
    }

    Bench &m_bench;
    ui::MainWindow &m_window;
    QUrl m_url;
    QTemporaryDir m_recordings;
    qint64 m_startNs = -1;
    qint64 m_firstEventNs = -1;
    qint64 m_lastEventNs = -1;
    qint64 m_endNs = -1;
    qint64 m_shownNs = -1;
};

} // namespace

void addBenchOptions(QCommandLineParser &parser)
{
    const QString dev = QStringLiteral("Developer option (benchmarks, bench/README.md): ");
    parser.addOption({kOpen,
                      dev
                          + QStringLiteral("open FILE and time it until the last event is "
                                           "selected and painted."),
                      QStringLiteral("FILE")});
    parser.addOption({kScroll,
                      dev
                          + QStringLiteral("with --bench-open: then time frames while "
                                           "paging through the list and dragging the "
                                           "timeline.")});
    parser.addOption({kCallgrindPaint,
                      dev
                          + QStringLiteral("with --bench-scroll under callgrind: "
                                           "collect only inside the repaints.")});
    parser.addOption({kPlay,
                      dev
                          + QStringLiteral("with --bench-open: then play the session back as "
                                           "fast as possible from the first event.")});
    parser.addOption({kLive,
                      dev + QStringLiteral("run against the agent at URL until the run ends."),
                      QStringLiteral("URL")});
    parser.addOption(
        {kStartup, dev + QStringLiteral("report when the window's first paint ends.")});
    parser.addOption({kReport, dev + QStringLiteral("write the measurements to FILE (JSON)."),
                      QStringLiteral("FILE")});
    parser.addOption({kTimeout, dev + QStringLiteral("give up after S seconds (default 1800)."),
                      QStringLiteral("S")});
}

bool benchRequested(const QCommandLineParser &parser)
{
    return parser.isSet(kOpen) || parser.isSet(kLive) || parser.isSet(kStartup);
}

int runBench(const QCommandLineParser &parser)
{
    // A clean slate: no restored geometry, recent files or first-launch demo run.
    ui::setPersistSettings(false);
    ui::MainWindow window;
    window.resize(kWidth, kHeight);
    Bench bench(parser);
    std::unique_ptr<QObject> mode;
    std::function<void()> start;
    if (parser.isSet(kStartup)) {
        // Set before show(): the first paint is the one this measures.
        mode = std::make_unique<PaintWatcher>(qApp, PaintWatcher::Once, [&bench] {
            bench.report().insert(QStringLiteral("mode"), QStringLiteral("startup"));
            bench.report().insert(QStringLiteral("firstPaintEndNs"), double(monotonicNs()));
            bench.finish();
        });
    } else if (parser.isSet(kOpen)) {
        auto open
            = std::make_unique<OpenBench>(bench, window, parser.value(kOpen), parser.isSet(kScroll),
                                          parser.isSet(kCallgrindPaint), parser.isSet(kPlay));
        start = [o = open.get()] { o->start(); };
        mode = std::move(open);
    } else {
        auto live = std::make_unique<LiveBench>(bench, window, QUrl(parser.value(kLive)));
        start = [l = live.get()] { l->start(); };
        mode = std::move(live);
    }
    std::unique_ptr<PaintWatcher> shown;
    if (start)
        shown = std::make_unique<PaintWatcher>(qApp, PaintWatcher::Once, start);
    window.show();
    return QApplication::exec();
}

} // namespace agui::gui
