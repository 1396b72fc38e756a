// The smaller things a new user met in the window's first hour (issue "the first hour, round
// two", items 3, 8, 9 and 10): Save As has its Ctrl+Shift+S; the status bar shows the filter's
// current error, not the first one typed; the filter field follows the dark theme; the Open
// dialog offers every format; live recordings go to one app-named folder; an empty list says what
// it means (an empty window what to do first); runs are counted from 1 everywhere; the demo's run
// says it is the demo's.

#include "core/session/session.h"
#include "ui/diff/runnumbermodel.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/views/eventdetailview.h"
#include "ui/views/eventlistview.h"
#include "ui/views/idelision.h"
#include "ui/widgets/filterlineedit.h"
#include "ui/window/mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QColor>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextCursor>

using namespace agui;
using namespace agui::ui;

namespace {

QAction *fileAction(MainWindow &window, const QString &text)
{
    for (QAction *a : window.menu(MainWindow::MenuId::File)->actions())
        if (a->text().remove(QLatin1Char('&')) == text)
            return a;
    return nullptr;
}

} // namespace

class TestFirstHour : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        setPersistSettings(false);
        QStandardPaths::setTestModeEnabled(true);
    }

    void saveAsHasCtrlShiftS()
    {
        MainWindow window;
        QAction *saveAs = fileAction(window, QStringLiteral("Save As…"));
        QVERIFY(saveAs);
        QVERIFY(saveAs->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
        QVERIFY(fileAction(window, QStringLiteral("New Session")));
        QVERIFY(fileAction(window, QStringLiteral("Close")));
    }

    void theStatusBarShowsTheCurrentFilterError()
    {
        MainWindow window;
        window.show();
        FilterLineEdit *filter = window.filterEdit();
        filter->setText(QStringLiteral("type:"));
        const QString first = window.statusBar()->currentMessage();
        QVERIFY2(first.startsWith(QStringLiteral("Filter: ")), qPrintable(first));
        filter->setText(QStringLiteral("run:x"));
        const QString second = window.statusBar()->currentMessage();
        QVERIFY2(second.startsWith(QStringLiteral("Filter: ")), qPrintable(second));
        QCOMPARE(second, QStringLiteral("Filter: ") + filter->errorString());
        QVERIFY(second != first);
        filter->setText(QStringLiteral("type:RUN_STARTED"));
        QVERIFY(!window.statusBar()->currentMessage().startsWith(QStringLiteral("Filter: ")));
    }

    void theFilterFieldFollowsTheDarkTheme()
    {
        MainWindow window;
        window.show();
        const QPalette light = QApplication::palette();
        QPalette dark = light;
        dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::Base, QColor(0x18, 0x18, 0x18));
        dark.setColor(QPalette::Text, Qt::white);
        QApplication::setPalette(dark);
        QCoreApplication::processEvents();
        const QColor field = window.filterEdit()->palette().color(QPalette::Base);
        QApplication::setPalette(light);
        QVERIFY2(field.lightness() < 128, qPrintable(field.name()));
    }

    void theOpenDialogOffersEveryFormat()
    {
        const QString filter = MainWindow::openFileFilter();
        for (const char *pattern :
             {"*.aguicap", "*.agui.jsonl", "*.jsonl", "*.sse", "*.har", "*.proto"})
            QVERIFY2(filter.contains(QLatin1String(pattern)), pattern);
    }

    void recordingsGoToOneAppNamedFolder()
    {
        SessionDocument document;
        LiveRunController live(&document);
        const QString path = live.newCapturePath(QStringLiteral("run"));
        QVERIFY2(path.contains(QStringLiteral("/agui-inspector/captures/run-")), qPrintable(path));
        QVERIFY2(!path.contains(QStringLiteral("agui-inspector/agui-inspector")), qPrintable(path));
    }

    void anEmptyListSaysWhatItMeans()
    {
        MainWindow window;
        window.show();
        const QString empty = window.eventList()->emptyText();
        QVERIFY2(empty.contains(QStringLiteral("Open")) && empty.contains(QStringLiteral("Connect"))
                     && empty.contains(QStringLiteral("Demo Agent")),
                 qPrintable(empty));
        QVERIFY(window.openCaptureAndWait(
            QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap")));
        QVERIFY(window.eventList()->emptyText().isEmpty());
        window.applyFilterText(QStringLiteral("type:RUN_STARTED text:\"no such words anywhere\""));
        QTRY_COMPARE_WITH_TIMEOUT(window.eventList()->emptyText(),
                                  QStringLiteral("No events match the filter."), 30000);
    }

    void aSecondLaunchDoesNotOpenEmptyDocks()
    {
        QTemporaryDir settingsDir;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
        setPersistSettings(true);
        {
            MainWindow first;
            first.show();
            auto *findings = first.findChild<QDockWidget *>(QStringLiteral("findingsDockWidget"));
            QVERIFY(findings);
            findings->show(); // left open by the user
            QVERIFY(first.close()); // saves the layout
        }
        MainWindow second;
        second.show();
        setPersistSettings(false);
        for (QDockWidget *dock : second.findChildren<QDockWidget *>())
            QVERIFY2(dock->isHidden(), qPrintable(dock->objectName()));
    }

    void idsSharingAPrefixAndASuffixStillLookDifferent()
    {
        const QFontMetrics fm(QApplication::font());
        const int width = fm.horizontalAdvance(QLatin1Char('0')) * 12;
        const QString a = QStringLiteral("thread-4f1c9a2e-77aa-run-1-message-text");
        const QString b = QStringLiteral("thread-4f1c9a2e-77aa-run-2-message-text");
        // Cut in the middle, the two read the same: the reason for the issue.
        QCOMPARE(fm.elidedText(a, Qt::ElideMiddle, width),
                 fm.elidedText(b, Qt::ElideMiddle, width));
        const QString shownA = elideIdAmong(a, QString(), b, fm, width);
        const QString shownB = elideIdAmong(b, a, QString(), fm, width);
        QVERIFY2(shownA != shownB, qPrintable(shownA));
        QVERIFY(fm.horizontalAdvance(shownA) <= width);
        QVERIFY(shownA.contains(QStringLiteral("run-1")));
        // An id that fits is shown whole.
        QCOMPARE(elideIdAmong(QStringLiteral("m1"), QString(), QStringLiteral("m2"), fm, width),
                 QStringLiteral("m1"));
    }

    void theRawPageMarksWhereThePayloadStopsParsing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.sse"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
                   "data: {\"type\": oops}\n\n");
        file.close();
        MainWindow window;
        window.show();
        QVERIFY(window.openCaptureAndWait(path));
        QVERIFY(window.selectEvent(1));
        QVERIFY(window.detailView()->showPage(QStringLiteral("raw")));
        QPlainTextEdit *raw = window.detailView()->rawView();
        QTRY_VERIFY_WITH_TIMEOUT(!raw->extraSelections().isEmpty(), 30000);
        const QTextCursor mark = raw->extraSelections().first().cursor;
        QCOMPARE(mark.selectedText(), QStringLiteral("o")); // JSON.parse stops at the "o" of oops
        QCOMPARE(raw->toPlainText().mid(mark.selectionStart(), 4), QStringLiteral("oops"));
    }

    void theSurfacesTabDoesNotNarrowTheList()
    {
        // A wide surface (a row of ten buttons) with a long id.
        QByteArray components = "{'id':'root','component':'Row','children':[";
        QByteArray rest;
        for (int i = 0; i < 10; ++i) {
            const QByteArray n = QByteArray::number(i);
            components += (i ? ",'b" : "'b") + n + "'";
            rest += ",{'id':'b" + n + "','component':'Button','child':'t" + n
                + "','action':{'event':{'name':'go'}}},{'id':'t" + n
                + "','component':'Text','text':'A button with a long label " + n + "'}";
        }
        components += "]}" + rest;
        const QByteArray id = "a-surface-whose-id-goes-on-and-on-and-on-0123456789-abcdefghij";
        QByteArray line
            = "{'type':'ACTIVITY_SNAPSHOT','messageId':'m','activityType':'a2ui-surface',"
              "'content':{'a2ui_operations':[{'version':'v0.9','createSurface':{"
              "'surfaceId':'"
            + id + "','catalogId':'basic'}},{'version':'v0.9','updateComponents':{'surfaceId':'"
            + id + "','components':[" + components + "]}}]}}";
        line.replace('\'', '"');
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("wide.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n" + line
                   + "\n{\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n");
        file.close();

        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openCaptureAndWait(path));
        QVERIFY(window.selectEvent(1));
        QVERIFY(window.showTab(QStringLiteral("surfaces")));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.detailTabs()->currentWidget()->findChild<QAbstractButton *>(), 30000);
        QApplication::processEvents();
        // The surface scrolls inside its pane: the pane asks for no more than its share.
        QVERIFY2(window.detailTabs()->minimumSizeHint().width() < 1280 * 38 / 100,
                 qPrintable(QString::number(window.detailTabs()->minimumSizeHint().width())));
        // #, Type, Summary and Diag stay in view.
        EventListView *list = window.eventList();
        QHeaderView *header = list->header();
        for (int column :
             {int(EventListModel::SeqColumn), int(EventListModel::TypeColumn),
              int(EventListModel::SummaryColumn), int(EventListModel::DiagnosticsColumn)}) {
            const int left = header->sectionViewportPosition(column);
            const int right = left + header->sectionSize(column);
            QVERIFY2(left >= 0 && right <= list->viewport()->width() + 1,
                     qPrintable(QStringLiteral("column %1 ends at %2 of %3")
                                    .arg(column)
                                    .arg(right)
                                    .arg(list->viewport()->width())));
        }
    }

    void aFailedRunStandsOut()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("failed.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n"
                   "{\"type\":\"RUN_ERROR\",\"message\":\"quota exceeded\"}\n");
        file.close();
        MainWindow window;
        QVERIFY(window.openCaptureAndWait(path));
        const QAbstractItemModel *list = window.listModel();
        const QColor started = list->index(0, 0).data(Qt::BackgroundRole).value<QColor>();
        const QColor failed = list->index(1, 0).data(Qt::BackgroundRole).value<QColor>();
        QVERIFY(failed.isValid());
        QVERIFY(failed != started);
        QVERIFY2(failed.red() > failed.green() + 20, qPrintable(failed.name())); // a red tint
        // ... and in the findings, with the agent's own words.
        bool found = false;
        for (const Finding &f : window.document()->session().findings())
            found = found
                || (f.diagnostic.ruleId == QLatin1String("lint.run-error") && f.eventIndex == 1
                    && f.diagnostic.message.contains(QStringLiteral("quota exceeded")));
        QVERIFY(found);
    }

    void runsAreCountedFromOne()
    {
        RunNumberModel runs;
        runs.setCount(3);
        QCOMPARE(runs.data(runs.index(0), Qt::DisplayRole).toString(), QStringLiteral("1"));
        QCOMPARE(runs.data(runs.index(2), Qt::DisplayRole).toString(), QStringLiteral("3"));
    }

    void theDemosRunSaysItIsTheDemos()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.startDemoRun());
        QTRY_VERIFY_WITH_TIMEOUT(window.windowTitle().contains(QStringLiteral("demo")), 30000);
        QVERIFY(window.waitForRunToEnd(120000));
    }
};

QTEST_MAIN(TestFirstHour)
#include "test_first_hour.moc"
