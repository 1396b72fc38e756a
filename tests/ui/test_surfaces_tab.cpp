// The Surfaces tab in the main window, end to end: a recorded demo run is opened as a capture,
// the tab shows the order form as of the selected event (none before its ACTIVITY_SNAPSHOT), a
// click on the form's Button opens the composer with that exact userAction, Send starts the next
// run on the same endpoint and session, and the updated surface appears as it streams in.

#include "core/a2ui/surfacemodel.h"
#include "core/agent/demoagent.h"
#include "ui/a2ui/surfacespanel.h"
#include "ui/a2ui/surfacewidget.h"
#include "ui/composer/composerdialog.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/window/mainwindow.h"
#include "ui/window/surfacestab.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace agui;
using namespace agui::ui;

namespace {

QString labelText(SurfacesPanel *panel, const char *id)
{
    auto *label = qobject_cast<QLabel *>(panel->surfaceWidget()->widgetFor(QLatin1String(id)));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(id));
}

qint64 firstSurfaceSnapshot(const SessionDocument *document)
{
    for (qint64 seq = 0; seq < document->size(); ++seq) {
        const Event e = document->eventAt(seq);
        if (e.type == EventType::ActivitySnapshot
            && e.stringField(QLatin1StringView("activityType")) == a2ui::surfaceActivityType())
            return seq;
    }
    return -1;
}

} // namespace

class TestSurfacesTab : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }
    void init();
    void cleanup();
    void showsSurfacesAsOfSelectedEvent();
    void computedOnlyWhenShown();
    void buttonComposesAndSendsNextRun();
    void composeByHandSendsRawBytesAsTyped();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<MainWindow> m_window;
    SurfacesTab *m_tab = nullptr;
    qint64 m_snapshotSeq = -1;
};

// A demo run recorded, saved and opened again as a capture (the demo agent keeps serving, so
// the capture's endpoint answers the next run).
void TestSurfacesTab::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_window = std::make_unique<MainWindow>();
    m_window->liveRun()->setCaptureDirectory(m_dir->path());
    m_window->resize(1200, 800);
    m_window->show();
    m_tab = m_window->findChild<SurfacesTab *>();
    QVERIFY(m_tab);
    QString error;
    QVERIFY2(m_window->startDemoRun(&error), qPrintable(error));
    QVERIFY(m_window->waitForRunToEnd(60000));
    const QString path = m_dir->filePath(QStringLiteral("demo.aguicap"));
    QVERIFY2(m_window->saveCapture(path, &error), qPrintable(error));
    QVERIFY2(m_window->openCaptureAndWait(path, &error), qPrintable(error));
    m_snapshotSeq = firstSurfaceSnapshot(m_window->document());
    QVERIFY(m_snapshotSeq > 0);
    m_tab->panel()->surfaceWidget()->setClock(
        [] { return QDateTime(QDate(2026, 6, 1), QTime(10, 0), Qt::UTC); });
}

void TestSurfacesTab::cleanup()
{
    if (m_window)
        m_window->liveRun()->stop();
    m_window.reset();
    m_dir.reset();
}

void TestSurfacesTab::showsSurfacesAsOfSelectedEvent()
{
    SurfacesPanel *panel = m_tab->panel();
    QCOMPARE(panel->objectName(), QStringLiteral("surfacesTab"));
    QVERIFY(m_window->showTab(QStringLiteral("surfaces")));
    QVERIFY(panel->isVisible());
    // Opening the capture selected its last event: the form is there.
    QCOMPARE(panel->currentSurfaceId(), DemoAgent::surfaceId());
    QCOMPARE(labelText(panel, "title"), QStringLiteral("Order a drink"));

    QVERIFY(m_window->selectEvent(m_snapshotSeq - 1));
    m_tab->flush();
    QCOMPARE(m_tab->shownSeq(), m_snapshotSeq - 1);
    QVERIFY(panel->surfaces().isEmpty());
    QVERIFY(!panel->surfaceWidget()->widgetFor(QStringLiteral("title")));

    QVERIFY(m_window->selectEvent(m_snapshotSeq));
    m_tab->flush();
    QCOMPARE(panel->currentSurfaceId(), DemoAgent::surfaceId());
    QCOMPARE(labelText(panel, "title"), QStringLiteral("Order a drink"));

    // A burst of selection moves is coalesced: the newest one is what the timer shows.
    for (qint64 seq = 0; seq < m_snapshotSeq; ++seq)
        QVERIFY(m_window->selectEvent(seq));
    QTRY_COMPARE(m_tab->shownSeq(), m_snapshotSeq - 1);
    QVERIFY(panel->surfaces().isEmpty());
}

void TestSurfacesTab::computedOnlyWhenShown()
{
    QVERIFY(m_window->showTab(QStringLiteral("surfaces")));
    m_tab->flush();
    const qint64 last = m_window->lastEventSeq();
    QCOMPARE(m_tab->shownSeq(), -1); // the newest event is selected: the tab follows the tail
    QVERIFY(m_tab->followsTail());

    QVERIFY(m_window->showTab(QStringLiteral("event")));
    QVERIFY(m_window->selectEvent(m_snapshotSeq - 1));
    m_tab->flush();
    QCOMPARE(m_tab->shownSeq(), -1); // hidden: not recomputed
    QVERIFY(!m_tab->panel()->surfaces().isEmpty());

    // Shown again: brought up to date at once, without waiting for the timer.
    QVERIFY(m_window->showTab(QStringLiteral("surfaces")));
    QCOMPARE(m_tab->shownSeq(), m_snapshotSeq - 1);
    QVERIFY(m_tab->panel()->surfaces().isEmpty());
    QVERIFY(m_window->selectEvent(last));
    m_tab->flush();
    QCOMPARE(m_tab->panel()->currentSurfaceId(), DemoAgent::surfaceId());
}

void TestSurfacesTab::buttonComposesAndSendsNextRun()
{
    QVERIFY(m_window->showTab(QStringLiteral("surfaces")));
    QVERIFY(m_window->selectEvent(m_window->lastEventSeq()));
    m_tab->flush();
    SurfacesPanel *panel = m_tab->panel();
    SurfaceWidget *surface = panel->surfaceWidget();
    auto *name = surface->widgetFor(QStringLiteral("name"))
                     ->findChild<QLineEdit *>(QStringLiteral("a2uiInput"));
    QVERIFY(name);
    QTest::keyClicks(name, QStringLiteral("Ada"));
    surface->widgetFor(QStringLiteral("size"))
        ->findChild<QRadioButton *>(QStringLiteral("a2uiOption:large"))
        ->click();
    const QString threadId
        = m_window->document()->eventAt(m_snapshotSeq).stringField(QLatin1StringView("threadId"));

    QSignalSpy opened(m_tab, &SurfacesTab::composerOpened);
    auto *submit = qobject_cast<QPushButton *>(surface->widgetFor(QStringLiteral("submit")));
    QVERIFY(submit);
    QTest::mouseClick(submit, Qt::LeftButton);
    QCOMPARE(opened.count(), 1);
    ComposerDialog *composer = m_tab->composer();
    QVERIFY(composer);
    QVERIFY(composer->isVisible());
    QCOMPARE(composer->mode(), ComposerDialog::Mode::UserAction);
    QVERIFY2(composer->isBodyValid(), qPrintable(composer->bodyProblems().join(u'\n')));
    const QByteArray body = composer->body();
    const QJsonObject next = QJsonDocument::fromJson(body).object();
    const QJsonObject expectedAction
        = QJsonDocument::fromJson(
              R"({"name":"submit_order","surfaceId":"order","sourceComponentId":"submit",
              "timestamp":"2026-06-01T10:00:00Z","context":{"name":"Ada","size":["large"]}})")
              .object();
    QCOMPARE(next.value(QStringLiteral("forwardedProps"))
                 .toObject()
                 .value(QStringLiteral("a2uiAction"))
                 .toObject()
                 .value(QStringLiteral("userAction"))
                 .toObject(),
             expectedAction);
    if (!threadId.isEmpty())
        QCOMPARE(next.value(QStringLiteral("threadId")).toString(), threadId);
    QVERIFY(!next.value(QStringLiteral("messages")).toArray().isEmpty());
    for (const QJsonValue &m : next.value(QStringLiteral("messages")).toArray())
        QVERIFY(m.toObject().value(QStringLiteral("role")).toString()
                != QStringLiteral("activity"));

    // Send: the next run goes to the same endpoint with exactly these bytes, into this session.
    const int runsBefore = m_window->document()->runCount();
    const qint64 sizeBefore = m_window->document()->size();
    QTest::mouseClick(composer->sendButton(), Qt::LeftButton);
    QVERIFY(m_window->liveRun()->isRunning());
    QVERIFY(!m_tab->composeAction()->isEnabled());
    QVERIFY(m_window->waitForRunToEnd(60000));
    QCOMPARE(m_window->liveRun()->state(), LiveRunController::State::Finished);
    QCOMPARE(m_window->document()->capture().runs.last().request.body, body);
    QCOMPARE(m_window->document()->runCount(), runsBefore + 1);
    QVERIFY(m_window->document()->size() > sizeBefore);

    // The selection was at the tail, so the tab followed the new run's events.
    m_tab->flush();
    QVERIFY(m_tab->followsTail());
    QCOMPARE(labelText(panel, "title"), QStringLiteral("Order placed"));
    QVERIFY2(labelText(panel, "confirm").startsWith(QStringLiteral("Ordered a large for Ada")),
             qPrintable(labelText(panel, "confirm")));
    // What the user typed stayed: the agent never changed the field.
    QCOMPARE(surface->widgetFor(QStringLiteral("name"))
                 ->findChild<QLineEdit *>(QStringLiteral("a2uiInput"))
                 ->text(),
             QStringLiteral("Ada"));
}

void TestSurfacesTab::composeByHandSendsRawBytesAsTyped()
{
    QAction *compose = m_tab->composeAction();
    QVERIFY(compose->isEnabled());
    QSignalSpy opened(m_tab, &SurfacesTab::composerOpened);
    compose->trigger();
    QCOMPARE(opened.count(), 1);
    ComposerDialog *composer = m_tab->composer();
    QVERIFY(composer);
    const QByteArray invalid = "{\"threadId\": 42, not json";
    composer->setBody(invalid);
    QCOMPARE(composer->mode(), ComposerDialog::Mode::RawJson);
    QVERIFY(!composer->isBodyValid());
    QVERIFY(!composer->sendButton()->isEnabled());
    auto *anyway = composer->findChild<QCheckBox *>();
    QVERIFY(anyway);
    anyway->setChecked(true);
    QVERIFY(composer->sendButton()->isEnabled());
    // Not a surface's answer: it leaves the opened capture, after asking, for a new session
    // whose one run is this request.
    bool asked = false;
    QTimer::singleShot(0, [&asked] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        asked = box != nullptr;
        if (box)
            box->button(QMessageBox::Ok)->click();
    });
    QTest::mouseClick(composer->sendButton(), Qt::LeftButton);
    QVERIFY(asked);
    QVERIFY(m_window->waitForRunToEnd(60000));
    QCOMPARE(m_window->sessionOrigin(), MainWindow::SessionOrigin::Live);
    QCOMPARE(int(m_window->document()->capture().runs.size()), 1);
    QCOMPARE(m_window->document()->capture().runs.last().request.body, invalid);
}

QTEST_MAIN(TestSurfacesTab)
#include "test_surfaces_tab.moc"
