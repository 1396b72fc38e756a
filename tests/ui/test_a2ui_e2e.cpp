// End to end without a network: the demo agent's run -> its a2ui-surface activity -> the surface
// rendered in the Surfaces panel -> the user types and clicks -> the composer builds the next run
// -> the demo agent answers it -> the updated surface is shown (and what the user typed stayed).

#include "core/a2ui/action.h"
#include "core/a2ui/surfacemodel.h"
#include "core/agent/a2uiagui.h"
#include "core/agent/demoagent.h"
#include "core/session/ingest.h"
#include "core/session/session.h"
#include "ui/a2ui/sessionsurfaces.h"
#include "ui/a2ui/surfacespanel.h"
#include "ui/a2ui/surfacewidget.h"
#include "ui/composer/composerdialog.h"

#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTest>

using namespace agui;
using namespace agui::ui;

namespace {

// What a client keeps of a stream for the Surfaces tab: activity contents by messageId (a
// snapshot replaces, a delta patches) and the thread's messages, in order.
struct Thread
{
    QStringList activityOrder;
    QMap<QString, QJsonObject> activities;
    QJsonArray messages;

    void feed(const QList<QJsonObject> &events)
    {
        for (const QJsonObject &e : events) {
            const QString type = e.value(QStringLiteral("type")).toString();
            const QString id = e.value(QStringLiteral("messageId")).toString();
            if (type == QStringLiteral("ACTIVITY_SNAPSHOT")
                && e.value(QStringLiteral("activityType")).toString()
                    == a2ui::surfaceActivityType()) {
                if (!activityOrder.contains(id))
                    activityOrder.append(id);
                activities.insert(id, e.value(QStringLiteral("content")).toObject());
            } else if (type == QStringLiteral("ACTIVITY_DELTA")) {
                QJsonObject content = activities.value(id);
                QVERIFY(a2ui::applyActivityDelta(content, e.value(QStringLiteral("patch"))));
                activities.insert(id, content);
            }
        }
    }
    a2ui::SurfaceSet surfaces() const
    {
        QList<a2ui::A2uiSource> sources;
        for (const QString &id : activityOrder)
            sources.append({a2ui::A2uiSource::Kind::Activity, id, activities.value(id)});
        return a2ui::buildSurfaceSet(sources);
    }
    QJsonArray messagesWithActivities() const
    {
        QJsonArray out = messages;
        for (const QString &id : activityOrder)
            out.append(QJsonObject {{QStringLiteral("id"), id},
                                    {QStringLiteral("role"), QStringLiteral("activity")},
                                    {QStringLiteral("activityType"), a2ui::surfaceActivityType()},
                                    {QStringLiteral("content"), activities.value(id)}});
        return out;
    }
};

QString labelText(SurfacesPanel &panel, const char *id)
{
    auto *label = qobject_cast<QLabel *>(panel.surfaceWidget()->widgetFor(QLatin1String(id)));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(id));
}

} // namespace

class TestA2uiEndToEnd : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void demoAgentSurfaceClickNewRunUpdatedSurface();
    void throughTheSessionAsOfAnyEvent();
};

void TestA2uiEndToEnd::demoAgentSurfaceClickNewRunUpdatedSurface()
{
    DemoAgent agent;
    Thread thread;
    const QJsonObject firstInput {
        {QStringLiteral("threadId"), QStringLiteral("e2e-thread")},
        {QStringLiteral("runId"), QStringLiteral("e2e-run-1")},
        {QStringLiteral("state"), QJsonObject()},
        {QStringLiteral("messages"),
         QJsonArray {QJsonObject {{QStringLiteral("id"), QStringLiteral("u1")},
                                  {QStringLiteral("role"), QStringLiteral("user")},
                                  {QStringLiteral("content"), QStringLiteral("A drink, please")}}}},
        {QStringLiteral("tools"), QJsonArray()},
        {QStringLiteral("context"), QJsonArray()},
        {QStringLiteral("forwardedProps"), QJsonObject()},
        {QStringLiteral("protocolVersion"), QStringLiteral("1.0")}};
    thread.messages = firstInput.value(QStringLiteral("messages")).toArray();
    thread.feed(agent.run(firstInput));

    // 1. The surface is rendered.
    SurfacesPanel panel;
    panel.surfaceWidget()->setClock(
        [] { return QDateTime(QDate(2026, 6, 1), QTime(10, 0), Qt::UTC); });
    panel.setSurfaces(thread.surfaces());
    QCOMPARE(panel.currentSurfaceId(), DemoAgent::surfaceId());
    QCOMPARE(labelText(panel, "title"), QStringLiteral("Order a drink"));
    auto *submit
        = qobject_cast<QPushButton *>(panel.surfaceWidget()->widgetFor(QStringLiteral("submit")));
    QVERIFY(submit);

    // 2. The user fills the form and clicks.
    auto *name = panel.surfaceWidget()
                     ->widgetFor(QStringLiteral("name"))
                     ->findChild<QLineEdit *>(QStringLiteral("a2uiInput"));
    QTest::keyClicks(name, QStringLiteral("Ada"));
    panel.surfaceWidget()
        ->widgetFor(QStringLiteral("size"))
        ->findChild<QRadioButton *>(QStringLiteral("a2uiOption:large"))
        ->click();
    QSignalSpy actions(&panel, &SurfacesPanel::userActionTriggered);
    QTest::mouseClick(submit, Qt::LeftButton);
    QCOMPARE(actions.count(), 1);
    const QJsonObject userAction = actions.first().first().toJsonObject();
    QCOMPARE(userAction,
             QJsonDocument::fromJson(
                 R"({"name":"submit_order","surfaceId":"order","sourceComponentId":"submit",
                 "timestamp":"2026-06-01T10:00:00Z","context":{"name":"Ada","size":["large"]}})")
                 .object());

    // 3. The composer builds the next run on the same thread; Send.
    ComposerDialog composer;
    composer.setContext(
        ComposerContext {firstInput, thread.messagesWithActivities(), QJsonObject(), {}});
    composer.setRunId(QStringLiteral("e2e-run-2"));
    composer.setUserAction(userAction);
    QVERIFY2(composer.isBodyValid(), qPrintable(composer.bodyProblems().join(QLatin1Char('\n'))));
    QSignalSpy sent(&composer, &ComposerDialog::sendRequested);
    QTest::mouseClick(composer.sendButton(), Qt::LeftButton);
    QCOMPARE(sent.count(), 1);
    const QJsonObject secondInput = sent.first().at(1).toJsonObject();
    QCOMPARE(secondInput.value(QStringLiteral("threadId")).toString(),
             QStringLiteral("e2e-thread"));
    QCOMPARE(secondInput.value(QStringLiteral("messages")).toArray(),
             thread.messages); // no activity
    QCOMPARE(secondInput.value(QStringLiteral("forwardedProps")).toObject(),
             a2ui::forwardedPropsForAction(userAction));

    // 4. The new run's events stream into the same thread; the updated surface is shown.
    thread.feed(agent.run(QJsonDocument::fromJson(sent.first().at(0).toByteArray()).object()));
    panel.setSurfaces(thread.surfaces());
    QCOMPARE(labelText(panel, "title"), QStringLiteral("Order placed"));
    QVERIFY2(labelText(panel, "confirm").startsWith(QStringLiteral("Ordered a large for Ada")),
             qPrintable(labelText(panel, "confirm")));
    // The agent did not change the form's fields, so what the user typed is still there.
    QCOMPARE(panel.surfaceWidget()
                 ->widgetFor(QStringLiteral("name"))
                 ->findChild<QLineEdit *>(QStringLiteral("a2uiInput"))
                 ->text(),
             QStringLiteral("Ada"));
    const QJsonObject order = panel.surfaces()
                                  .surface(DemoAgent::surfaceId())
                                  ->dataModel.toObject()
                                  .value(QStringLiteral("order"))
                                  .toObject();
    QCOMPARE(order.value(QStringLiteral("status")).toString(), QStringLiteral("placed"));
}

// The same loop through the real session (SSE bytes -> decoder -> reducer), as the main window
// does it: the surfaces as of any event come from the session's messages.
void TestA2uiEndToEnd::throughTheSessionAsOfAnyEvent()
{
    DemoAgent agent;
    Session session;
    SessionFeeder feeder(session, Framing::Sse);
    auto stream = [&feeder](const QList<QJsonObject> &events) {
        QByteArray bytes;
        for (const QJsonObject &e : events)
            bytes += a2uiagui::encode(e);
        feeder.feed(bytes);
    };
    const QJsonObject firstInput {{QStringLiteral("threadId"), QStringLiteral("s-thread")},
                                  {QStringLiteral("runId"), QStringLiteral("s-run-1")},
                                  {QStringLiteral("state"), QJsonObject()},
                                  {QStringLiteral("messages"), QJsonArray()},
                                  {QStringLiteral("tools"), QJsonArray()},
                                  {QStringLiteral("context"), QJsonArray()},
                                  {QStringLiteral("forwardedProps"), QJsonObject()}};
    stream(agent.run(firstInput));
    const qint64 afterFirstRun = session.size() - 1;
    QVERIFY(afterFirstRun > 0);

    SurfacesPanel panel;
    panel.setSurfaces(surfacesOf(session.current()));
    QCOMPARE(panel.currentSurfaceId(), DemoAgent::surfaceId());
    QCOMPARE(labelText(panel, "title"), QStringLiteral("Order a drink"));
    QTest::keyClicks(panel.surfaceWidget()
                         ->widgetFor(QStringLiteral("name"))
                         ->findChild<QLineEdit *>(QStringLiteral("a2uiInput")),
                     QStringLiteral("Lin"));
    QSignalSpy actions(&panel, &SurfacesPanel::userActionTriggered);
    QTest::mouseClick(
        qobject_cast<QPushButton *>(panel.surfaceWidget()->widgetFor(QStringLiteral("submit"))),
        Qt::LeftButton);
    QCOMPARE(actions.count(), 1);

    ComposerDialog composer;
    composer.setContext(composerContextOf(session.current()));
    composer.setUserAction(actions.first().first().toJsonObject());
    QVERIFY2(composer.isBodyValid(), qPrintable(composer.bodyProblems().join(QLatin1Char('\n'))));
    const QJsonObject next = QJsonDocument::fromJson(composer.body()).object();
    QCOMPARE(next.value(QStringLiteral("threadId")).toString(), QStringLiteral("s-thread"));
    for (const QJsonValue &m : next.value(QStringLiteral("messages")).toArray())
        QVERIFY(m.toObject().value(QStringLiteral("role")).toString()
                != QStringLiteral("activity"));
    stream(agent.run(next));

    panel.setSurfaces(surfacesOf(session.current()));
    QCOMPARE(labelText(panel, "title"), QStringLiteral("Order placed"));
    QVERIFY(labelText(panel, "confirm").contains(QStringLiteral("for Lin")));
    // Back in time: as of the end of the first run, the form as it was (the typed name stays,
    // the agent never changed it).
    panel.setSurfaces(surfacesOf(session.snapshotAt(afterFirstRun)));
    QCOMPARE(labelText(panel, "title"), QStringLiteral("Order a drink"));
    QVERIFY(!panel.surfaceWidget()->widgetFor(QStringLiteral("confirm")));
    QCOMPARE(panel.surfaceWidget()
                 ->widgetFor(QStringLiteral("name"))
                 ->findChild<QLineEdit *>(QStringLiteral("a2uiInput"))
                 ->text(),
             QStringLiteral("Lin"));
    // Before the first snapshot: no surface.
    panel.setSurfaces(surfacesOf(session.snapshotAt(0)));
    QVERIFY(panel.surfaces().isEmpty());
}

QTEST_MAIN(TestA2uiEndToEnd)
#include "test_a2ui_e2e.moc"
