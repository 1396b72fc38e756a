// The filter bar completes as the user types (issue "the window as a daily tool"): keys, then
// the values of the key, and the ids and runs of the open session; the popup's keys go to the
// popup, not to the filter (Enter on a half-typed filter must not apply it).

#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/widgets/filterlineedit.h"
#include "ui/window/mainwindow.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QSignalSpy>
#include <QTest>

using namespace agui;
using namespace agui::ui;

class TestFilterBar : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }
    void keyThenItsValues();
    void escapeKeepsTheText();
    void ctrlSpaceOffersEveryKey();
    void completesTheSessionsIds();

private:
    static QStringList shown(const FilterLineEdit &edit)
    {
        QStringList out;
        const QAbstractItemModel *model = edit.completer()->popup()->model();
        for (int row = 0; row < model->rowCount(); ++row)
            out << model->index(row, 0).data().toString();
        return out;
    }
};

void TestFilterBar::keyThenItsValues()
{
    FilterLineEdit edit;
    edit.show();
    QVERIFY(QTest::qWaitForWindowExposed(&edit));
    QSignalSpy ready(&edit, &FilterLineEdit::filterReady);
    QTest::keyClicks(&edit, QStringLiteral("fam"));
    QAbstractItemView *popup = edit.completer()->popup();
    QTRY_VERIFY_WITH_TIMEOUT(popup->isVisible(), 5000);
    QCOMPARE(shown(edit), QStringList {QStringLiteral("family:")});
    // Enter takes the completion and goes on to the family names.
    QTest::keyClick(popup, Qt::Key_Return);
    QCOMPARE(edit.text(), QStringLiteral("family:"));
    QTRY_VERIFY_WITH_TIMEOUT(popup->isVisible(), 5000);
    QVERIFY(shown(edit).contains(QStringLiteral("tool")));
    QTest::keyClicks(popup, QStringLiteral("to"));
    QCOMPARE(edit.text(), QStringLiteral("family:to"));
    QTRY_COMPARE_WITH_TIMEOUT(shown(edit), QStringList {QStringLiteral("tool")}, 5000);
    QTest::keyClick(popup, Qt::Key_Tab);
    QCOMPARE(edit.text(), QStringLiteral("family:tool"));
    QCOMPARE(edit.syntaxState(), FilterLineEdit::Valid);
    // Completion is typing: the filter applies after the usual pause, once, with the whole text.
    QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 5000);
    QCOMPARE(ready.first().first().value<EventFilter>().text(), QStringLiteral("family:tool"));
}

void TestFilterBar::escapeKeepsTheText()
{
    FilterLineEdit edit;
    edit.show();
    QVERIFY(QTest::qWaitForWindowExposed(&edit));
    QSignalSpy ready(&edit, &FilterLineEdit::filterReady);
    QTest::keyClicks(&edit, QStringLiteral("type:TOOL_CALL_"));
    QAbstractItemView *popup = edit.completer()->popup();
    QTRY_VERIFY_WITH_TIMEOUT(popup->isVisible(), 5000);
    QCOMPARE(shown(edit).size(), 5); // START, ARGS, END, CHUNK, RESULT
    QTest::keyClick(popup, Qt::Key_Escape);
    QVERIFY(!popup->isVisible());
    QCOMPARE(edit.text(), QStringLiteral("type:TOOL_CALL_"));
    QCOMPARE(ready.size(), 0); // Escape neither applied nor changed the (invalid) filter
}

void TestFilterBar::ctrlSpaceOffersEveryKey()
{
    FilterLineEdit edit;
    edit.show();
    QVERIFY(QTest::qWaitForWindowExposed(&edit));
    QTest::keyClick(&edit, Qt::Key_Space, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(edit.completer()->popup()->isVisible(), 5000);
    QCOMPARE(shown(edit).size(), EventFilter::keyNames().size());
    QCOMPARE(edit.text(), QString()); // Ctrl+Space typed nothing
}

void TestFilterBar::completesTheSessionsIds()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QString error;
    QVERIFY2(window.openCaptureAndWait(QStringLiteral(AGUI_TEST_DATA_DIR "/ui/small.sse"), &error),
             qPrintable(error));
    FilterLineEdit *edit = window.filterEdit();
    edit->setFocus();
    // small.sse has one run: run: offers "1" only, and every id offered filters to something.
    QTest::keyClicks(edit, QStringLiteral("run:"));
    QTRY_COMPARE_WITH_TIMEOUT(shown(*edit), QStringList {QStringLiteral("1")}, 5000);
    QTest::keyClick(edit->completer()->popup(), Qt::Key_Escape);
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("id:"));
    QTRY_VERIFY_WITH_TIMEOUT(edit->completer()->popup()->isVisible(), 5000);
    const QStringList ids = shown(*edit);
    QVERIFY(!ids.isEmpty());
    const SessionDocument *document = window.document();
    for (const QString &id : ids) {
        bool found = false;
        for (qint64 seq = 0; seq < document->size() && !found; ++seq)
            found = document->row(seq).primaryId == id;
        QVERIFY2(found, qPrintable(id));
    }
}

QTEST_MAIN(TestFilterBar)
#include "test_filter_bar.moc"
