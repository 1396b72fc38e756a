// Bookmarks with notes (issue 18, "the window as a daily tool"): Ctrl+B marks the selected event
// in the list, Ctrl+Shift+B edits its note in the Bookmarks panel, Save As writes them into the
// capture and a new window opening it lists them again; F2 / Shift+F2 step through them
// (wrapping), Enter in the panel selects the event and Delete removes the bookmark.

#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"
#include "sessionviews_testdata.h"
#include "ui/models/bookmarklist.h"
#include "ui/models/bookmarksmodel.h"
#include "ui/models/eventlistmodel.h"
#include "ui/persistsettings.h"
#include "ui/views/bookmarkspanel.h"
#include "ui/views/eventlistview.h"
#include "ui/window/bookmarkactions.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QDockWidget>
#include <QLineEdit>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace agui;
using namespace agui::ui;

class TestBookmarks : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }
    void bookmarkEditSaveReopenAndStep();
    void eventsOnlyFormatSaysBookmarksAreLost();
    void appendedToACopiedRecording();

private:
    QTemporaryDir m_dir;
};

namespace {

constexpr int kTimeoutMs = 20000;
const QString kNote = QStringLiteral("tool result <b>looks</b> wrong");

BookmarkActions *bookmarksOf(MainWindow &window)
{
    return window.findChild<BookmarkActions *>();
}

void press(MainWindow &window, QKeyCombination keys)
{
    QTest::keySequence(&window, QKeySequence(keys));
    QCoreApplication::processEvents();
}

bool openAndShow(MainWindow &window, const QString &path, QString *error)
{
    window.resize(1200, 800);
    window.show();
    if (!QTest::qWaitForWindowActive(&window)) {
        *error = QStringLiteral("the window never became active");
        return false;
    }
    return window.openCaptureAndWait(path, error);
}

QModelIndex listIndex(MainWindow &window, qint64 seq)
{
    return window.listModel()->index(int(seq), EventListModel::SeqColumn);
}

} // namespace

void TestBookmarks::bookmarkEditSaveReopenAndStep()
{
    QString path;
    {
        MainWindow window;
        QString error;
        QVERIFY2(openAndShow(window, viewsCapturePath(), &error), qPrintable(error));
        QVERIFY(window.document()->size() > 10);
        BookmarkActions *actions = bookmarksOf(window);
        QVERIFY(actions);
        QVERIFY(!actions->dock()->isVisible());

        // Ctrl+B on event 3 marks its row; twice on event 5 leaves it unmarked.
        QVERIFY(window.selectEvent(3));
        window.eventList()->setFocus();
        press(window, Qt::CTRL | Qt::Key_B);
        QTRY_VERIFY_WITH_TIMEOUT(actions->bookmarks()->contains(3), kTimeoutMs);
        QVERIFY(listIndex(window, 3).data(EventListModel::BookmarkedRole).toBool());
        QVERIFY(!listIndex(window, 3).data(Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY(listIndex(window, 4).data(Qt::DecorationRole).isNull());
        QVERIFY(window.selectEvent(5));
        press(window, Qt::CTRL | Qt::Key_B);
        press(window, Qt::CTRL | Qt::Key_B);
        QVERIFY(!actions->bookmarks()->contains(5));

        // Ctrl+Shift+B on event 3: the panel opens with the note's editor; type and commit.
        QVERIFY(window.selectEvent(3));
        press(window, Qt::CTRL | Qt::SHIFT | Qt::Key_B);
        QTRY_VERIFY_WITH_TIMEOUT(actions->dock()->isVisible(), kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QLineEdit *>(QApplication::focusWidget()),
                                 kTimeoutMs);
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QTest::keyClicks(editor, kNote);
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(actions->bookmarks()->note(3), kNote, kTimeoutMs);
        QCOMPARE(listIndex(window, 3).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("Bookmark: ") + kNote);

        // A second bookmark without a note, then save.
        QVERIFY(window.selectEvent(8));
        press(window, Qt::CTRL | Qt::Key_B);
        QTRY_VERIFY_WITH_TIMEOUT(actions->bookmarks()->contains(8), kTimeoutMs);
        QCOMPARE(actions->panel()->model()->rowCount(), 2);
        path = m_dir.filePath(QStringLiteral("bookmarked.aguicap"));
        QVERIFY2(window.saveCapture(path, &error), qPrintable(error));
    }

    MainWindow reopened;
    QString error;
    QVERIFY2(openAndShow(reopened, path, &error), qPrintable(error));
    QVERIFY(reopened.document()->capture().problems.isEmpty());
    BookmarkActions *actions = bookmarksOf(reopened);
    // A capture with bookmarks shows its panel, listing them in event order with their notes.
    QTRY_VERIFY_WITH_TIMEOUT(actions->dock()->isVisible(), kTimeoutMs);
    BookmarksModel *model = actions->panel()->model();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->index(0, BookmarksModel::SeqColumn).data().toString(), QStringLiteral("3"));
    QCOMPARE(model->index(0, BookmarksModel::NoteColumn).data().toString(), kNote);
    QCOMPARE(model->index(0, BookmarksModel::TypeColumn).data().toString(),
             reopened.document()->row(3).typeName);
    QCOMPARE(model->index(1, BookmarksModel::SeqColumn).data().toString(), QStringLiteral("8"));
    QCOMPARE(model->index(1, BookmarksModel::NoteColumn).data().toString(), QString());
    QVERIFY(listIndex(reopened, 8).data(EventListModel::BookmarkedRole).toBool());

    // F2 / Shift+F2 from event 0: 3, 8, then round to 3; back from 3 round to 8.
    QVERIFY(reopened.selectEvent(0));
    reopened.eventList()->setFocus();
    press(reopened, QKeyCombination(Qt::Key_F2));
    QTRY_COMPARE_WITH_TIMEOUT(reopened.eventList()->currentSeq(), 3, kTimeoutMs);
    press(reopened, QKeyCombination(Qt::Key_F2));
    QTRY_COMPARE_WITH_TIMEOUT(reopened.eventList()->currentSeq(), 8, kTimeoutMs);
    press(reopened, QKeyCombination(Qt::Key_F2));
    QTRY_COMPARE_WITH_TIMEOUT(reopened.eventList()->currentSeq(), 3, kTimeoutMs);
    press(reopened, Qt::SHIFT | Qt::Key_F2);
    QTRY_COMPARE_WITH_TIMEOUT(reopened.eventList()->currentSeq(), 8, kTimeoutMs);

    // The panel follows the window's selection; Enter on a row selects its event.
    QTreeView *view = actions->panel()->view();
    QCOMPARE(view->currentIndex().data(BookmarksModel::SeqRole).toLongLong(), 8);
    QVERIFY(reopened.selectEvent(0));
    view->setFocus();
    QTRY_VERIFY_WITH_TIMEOUT(view->hasFocus(), kTimeoutMs);
    view->setCurrentIndex(model->index(0, BookmarksModel::NoteColumn));
    QTest::keyClick(view, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(reopened.eventList()->currentSeq(), 3, kTimeoutMs);

    // Delete in the panel removes the bookmark and its marker.
    view->setFocus();
    view->setCurrentIndex(model->index(1, BookmarksModel::NoteColumn));
    QTest::keyClick(view, Qt::Key_Delete);
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, kTimeoutMs);
    QVERIFY(!actions->bookmarks()->contains(8));
    QVERIFY(!listIndex(reopened, 8).data(EventListModel::BookmarkedRole).toBool());
    QCOMPARE(reopened.document()->capture().bookmarks.size(), 1); // what Save As writes
}

void TestBookmarks::eventsOnlyFormatSaysBookmarksAreLost()
{
    MainWindow window;
    QString error;
    QVERIFY2(window.openCaptureAndWait(viewsCapturePath(), &error), qPrintable(error));
    bookmarksOf(window)->bookmarks()->setNote(2, QStringLiteral("kept only in .aguicap"));
    QString warning;
    QVERIFY2(window.saveCapture(m_dir.filePath(QStringLiteral("events.jsonl")), &error, &warning),
             qPrintable(error));
    QVERIFY2(warning.contains(QLatin1String("bookmark")), qPrintable(warning));
}

// A live recording too large for memory is saved as a copy of its file; the bookmarks are
// appended to the copy and read back with it.
void TestBookmarks::appendedToACopiedRecording()
{
    const QString path = m_dir.filePath(QStringLiteral("recording.aguicap"));
    {
        CaptureWriter writer;
        QVERIFY(writer.open(path));
        const int run = writer.beginRun(RecordedRequest {});
        QVERIFY(writer.writeChunk(run, "data: {\"type\":\"RUN_STARTED\"}\n\n", -1));
    }
    QCOMPARE(appendBookmarks(path, {{0, QStringLiteral("first"), 5}}), QString());
    Capture capture;
    QString error;
    QVERIFY2(readCaptureFile(path, &capture, &error), qPrintable(error));
    QVERIFY(capture.problems.isEmpty());
    QCOMPARE(capture.runs.size(), 1);
    QCOMPARE(capture.bookmarks.size(), 1);
    QCOMPARE(capture.bookmarks[0].note, QStringLiteral("first"));
}

QTEST_MAIN(TestBookmarks)
#include "test_bookmarks.moc"
