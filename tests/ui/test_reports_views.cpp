// The Timing and Diff tabs on real captures (offscreen): the waterfall rows and marks, zoom and
// clicks, the histogram; a diff against another capture and between two runs, selection of the
// event a difference names. Each view also renders to a PNG (grab) when AGUI_SCREENSHOT_DIR is
// set, which is how docs/screenshots/timing.png and diff.png are made.

#include "core/analysis/waterfall.h"
#include "ui/diff/diffmodel.h"
#include "ui/diff/diffview.h"
#include "ui/models/captureloader.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/timing/gaphistogramwidget.h"
#include "ui/timing/timingview.h"
#include "ui/timing/waterfallwidget.h"
#include "ui/views/eventlistview.h"
#include "ui/window/mainwindow.h"

#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace agui;
using namespace agui::ui;

namespace {

const QString kDemo = QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");

void load(SessionDocument &document, const QString &path)
{
    CaptureLoadResult result = CaptureLoader::load(path, nullptr, {});
    QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
    document.setSourceName(path);
    document.adopt(std::move(result.backing));
}

void saveShot(QWidget &widget, const char *name)
{
    const QString dir = qEnvironmentVariable("AGUI_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget.grab().save(dir + QLatin1Char('/') + QLatin1String(name));
}

} // namespace

class TestReportsViews : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void timingViewShowsTheWaterfall()
    {
        SessionDocument document;
        load(document, kDemo);
        TimingView view(&document);
        view.resize(1100, 620);
        QSignalSpy computed(&view, &TimingView::computed);
        view.show();
        QTRY_VERIFY_WITH_TIMEOUT(computed.count() >= 1, 60000);
        const analysis::Waterfall &w = view.waterfall()->waterfall();
        QCOMPARE(w.source, analysis::TimeSource::Arrival);
        int runs = 0;
        int tools = 0;
        for (const analysis::WaterfallRow &r : w.rows) {
            runs += r.kind == analysis::WaterfallRow::Kind::Run;
            tools += r.kind == analysis::WaterfallRow::Kind::ToolCall;
            QVERIFY(r.startUs >= w.startUs && r.endUs <= w.endUs && r.startUs <= r.endUs);
        }
        QCOMPARE(runs, 3);
        QCOMPARE(tools, 2);
        QCOMPARE(view.report().exchanges.size(), 3);
        QVERIFY(view.summary()->text().contains(QLatin1String("first byte")));
        for (const analysis::WaterfallRow &r : w.rows) { // a figures line names each run row's id
            if (r.kind == analysis::WaterfallRow::Kind::Run)
                QVERIFY2(view.summary()->text().contains(r.label.mid(4)), qPrintable(r.label));
        }
        QVERIFY(view.histogram()->histogram().total() > 0);

        // Clicking a row asks for its first event.
        QSignalSpy activated(&view, &TimingView::eventActivated);
        WaterfallWidget *chart = view.waterfall();
        const int y = WaterfallWidget::kAxisHeight + WaterfallWidget::kRowHeight / 2 + 1;
        QTest::mouseClick(chart->viewport(), Qt::LeftButton, {}, QPoint(40, y));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().first().toLongLong(), w.rows.first().startSeq);
        QCOMPARE(chart->rowAt(y), 0);

        // Zoom keeps the centre in view; double-click shows everything again.
        const qint64 centre = (w.startUs + w.endUs) / 2;
        chart->setZoom(8, centre);
        QCOMPARE(chart->visibleDurationUs(), (w.endUs - w.startUs) / 8);
        QVERIFY(chart->visibleStartUs() <= centre
                && centre <= chart->visibleStartUs() + chart->visibleDurationUs());
        saveShot(view, "timing-zoomed.png");
        QTest::mouseDClick(chart->viewport(), Qt::LeftButton, {}, QPoint(500, y));
        QCOMPARE(chart->zoom(), 1.0);
        saveShot(view, "timing.png");
    }

    void timingViewSaysWhenThereIsNoClock()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("untimed.sse"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
                "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n");
        f.close();
        SessionDocument document;
        load(document, path);
        TimingView view(&document);
        QSignalSpy computed(&view, &TimingView::computed);
        view.show();
        QTRY_VERIFY_WITH_TIMEOUT(computed.count() >= 1, 60000);
        QVERIFY(view.waterfall()->waterfall().isEmpty());
        QVERIFY(view.summary()->text().contains(QLatin1String("nothing to measure")));
    }

    void diffAgainstAnotherCapture()
    {
        SessionDocument document;
        load(document, kDemo);
        DiffView view(&document);
        view.resize(1100, 620);
        view.show();
        QSignalSpy compared(&view, &DiffView::compared);
        view.setOtherCapture(kDemo);
        view.compare();
        QTRY_VERIFY_WITH_TIMEOUT(compared.count() == 1, 60000);
        QCOMPARE(view.model()->rowCount(), 0);
        QVERIFY(view.status()->text().startsWith(QLatin1String("Same")));

        // Against a copy with one message's text changed: the event and the message differ.
        QTemporaryDir dir;
        const QString changed = dir.filePath(QStringLiteral("changed.aguicap"));
        QFile in(kDemo);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        QVERIFY(bytes.contains("Tomorrow in Lyon"));
        bytes.replace("Tomorrow in Lyon", "Tomorrow in Nice");
        QFile out(changed);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes);
        out.close();
        // Named relative to the working directory, as a user may type it (and so the docs'
        // screenshot shows no machine path).
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        view.setOtherCapture(QStringLiteral("changed.aguicap"));
        view.compare();
        QTRY_VERIFY_WITH_TIMEOUT(compared.count() == 2, 60000);
        QVERIFY(QDir::setCurrent(before));
        QCOMPARE(view.model()->rowCount(), 2);
        QCOMPARE(view.model()->item(0)->section, QStringLiteral("events"));
        QCOMPARE(view.model()->item(1)->section, QStringLiteral("messages"));
        QVERIFY(view.detail()->toPlainText().contains(QLatin1String("Nice")));
        saveShot(view, "diff.png");

        // Double-clicking a difference selects its event of this session.
        QSignalSpy activated(&view, &DiffView::eventActivated);
        const QModelIndex first = view.model()->index(0, DiffModel::What);
        const QRect cell = view.table()->visualRect(first);
        QTest::mouseClick(view.table()->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(view.table()->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().first().toLongLong(), view.model()->item(0)->seqA);

        view.setOtherCapture(dir.filePath(QStringLiteral("missing.aguicap")));
        view.compare();
        QTRY_VERIFY_WITH_TIMEOUT(compared.count() == 3, 60000);
        QVERIFY(view.status()->text().startsWith(QLatin1String("Cannot read")));
    }

    void diffTwoRunsOfOneSession()
    {
        SessionDocument document;
        load(document, kDemo);
        DiffView view(&document);
        QSignalSpy compared(&view, &DiffView::compared);
        // Both pickers list every run of the session, by number.
        const QList<QComboBox *> pickers = view.findChildren<QComboBox *>();
        QCOMPARE(pickers.size(), 2);
        QVERIFY(document.runCount() >= 3);
        for (QComboBox *picker : pickers) {
            QCOMPARE(picker->count(), document.runCount());
            QCOMPARE(picker->itemText(2), QStringLiteral("3"));
        }
        view.setRuns(1, 1);
        view.compare();
        QTRY_VERIFY_WITH_TIMEOUT(compared.count() == 1, 60000);
        QCOMPARE(view.model()->rowCount(), 0);
        view.setRuns(0, 2);
        analysis::DiffOptions o = view.options();
        o.ignoreIds = true;
        view.setOptions(o);
        view.compare();
        QTRY_VERIFY_WITH_TIMEOUT(compared.count() == 2, 60000);
        QVERIFY(view.model()->rowCount() > 0);
    }

    // The tabs are in the main window, found by showTab, and a click on a waterfall row selects
    // that row's first event in the list (so every other view follows it).
    void tabsInTheMainWindow()
    {
        setPersistSettings(false);
        MainWindow window;
        window.resize(1300, 760);
        window.show();
        QString error;
        QVERIFY2(window.openCaptureAndWait(kDemo, &error), qPrintable(error));
        // Built when first shown (or asked for): a window that never shows them pays nothing.
        QVERIFY(!window.findChild<TimingView *>());
        QVERIFY(!window.findChild<DiffView *>());
        QVERIFY(window.showTab(QStringLiteral("timing")));
        auto *timing = window.findChild<TimingView *>(QStringLiteral("timingTab"));
        QVERIFY(timing && timing->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(timing->isUpToDate(), 60000);
        const analysis::Waterfall &w = timing->waterfall()->waterfall();
        QVERIFY(w.rows.size() > 1);
        const int row = 1;
        const int y = WaterfallWidget::kAxisHeight + row * WaterfallWidget::kRowHeight
            + WaterfallWidget::kRowHeight / 2 + 1;
        QTest::mouseClick(timing->waterfall()->viewport(), Qt::LeftButton, {}, QPoint(40, y));
        QCOMPARE(window.eventList()->currentSeq(), w.rows[row].startSeq);
        QVERIFY(window.showTab(QStringLiteral("diff")));
        auto *diff = window.findChild<DiffView *>(QStringLiteral("diffTab"));
        QVERIFY(diff && diff->isVisible());
        QCOMPARE(window.detailTabView(QStringLiteral("diff")), diff);
        // Built after the load, it caught up with the session: its run pickers list its runs.
        const int runs = window.document()->runCount();
        QVERIFY(runs > 0);
        const QList<QComboBox *> combos = diff->findChildren<QComboBox *>();
        QVERIFY(std::any_of(combos.begin(), combos.end(),
                            [runs](const QComboBox *c) { return c->count() == runs; }));
    }

    void histogramLabels()
    {
        analysis::GapHistogram h;
        h.upperMs = {10, 1000, std::numeric_limits<double>::infinity()};
        h.counts = {1, 2, 3};
        QCOMPARE(GapHistogramWidget::bucketLabel(h, 0), QStringLiteral("≤ 10 ms"));
        QCOMPARE(GapHistogramWidget::bucketLabel(h, 1), QStringLiteral("≤ 1 s"));
        QCOMPARE(GapHistogramWidget::bucketLabel(h, 2), QStringLiteral("> 1 s"));
    }
};

QTEST_MAIN(TestReportsViews)
#include "test_reports_views.moc"
