// The A2UI renderer: every basic catalog component as a widget, plain text only, images only after
// per-host consent, two-way binding, checks disabling buttons, the exact action JSON of a click,
// and the Surfaces panel (picker, data model, inspector, edits kept across snapshots).

#include "core/a2ui/surfacemodel.h"
#include "core/agent/demoagent.h"
#include "ui/a2ui/imageconsent.h"
#include "ui/a2ui/imagewidget.h"
#include "ui/a2ui/surfacespanel.h"
#include "ui/a2ui/surfacewidget.h"

#include <QApplication>
#include <QBuffer>
#include <QCheckBox>
#include <QDateTimeEdit>
#include <QDialog>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSplitter>
#include <QTabWidget>
#include <QTest>
#include <QToolButton>

using namespace agui;
using namespace agui::ui;

namespace {

QJsonArray fixture(const char *name)
{
    QFile f(QStringLiteral(AGUI_TEST_DATA_DIR "/a2ui/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open fixture %s", name);
    return QJsonDocument::fromJson(f.readAll()).array();
}

QJsonObject obj(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

a2ui::Surface surfaceOf(const char *fixtureName, const QString &id)
{
    a2ui::SurfaceSet set;
    set.applySource(QStringLiteral("test"), fixture(fixtureName));
    return *set.surface(id);
}

template<typename T> T *input(SurfaceWidget &w, const QString &componentId)
{
    QWidget *c = w.widgetFor(componentId);
    if (!c)
        return nullptr;
    if (auto *self = qobject_cast<T *>(c))
        return self;
    return c->findChild<T *>(QStringLiteral("a2uiInput"));
}

// Answers every request locally (no network): a 1x1 PNG, and records what was asked for.
class RecordingNetwork : public QNetworkAccessManager
{
public:
    QList<QUrl> requested;

protected:
    QNetworkReply *createRequest(Operation op, const QNetworkRequest &request,
                                 QIODevice *data) override
    {
        requested.append(request.url());
        QImage image(1, 1, QImage::Format_RGB32);
        image.fill(Qt::red);
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        image.save(&buffer, "PNG");
        const QUrl local(QStringLiteral("data:image/png;base64,")
                         + QString::fromLatin1(png.toBase64()));
        return QNetworkAccessManager::createRequest(op, QNetworkRequest(local), data);
    }
};

QDateTime pinned()
{
    return QDateTime(QDate(2026, 6, 1), QTime(10, 0), Qt::UTC);
}

} // namespace

class TestA2uiRender : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyCatalogComponentRenders();
    void textIsPlainNeverHtml();
    void unknownComponentShowsItsJson();
    void imagesWaitForConsentPerHost();
    void typingWritesTheModelAndUpdatesBoundWidgets();
    void failingCheckDisablesTheButton();
    void clickBuildsTheExactAction();
    void otherInputsWriteTheModel();
    void modalOpensFromItsTrigger();
    void workedExampleV09EndToEndInWidgets();
    void panelKeepsTypedValuesAcrossSnapshots();
    void panelInspectorShowsBindings();
    void screenshotOfASurfaceBesideItsJson();
    void templatesFollowTheirData();
    void deepAndWideSurfacesAreBounded();
};

#ifndef Q_MOC_RUN // bodies outside the class: moc mis-reads raw JSON strings

void TestA2uiRender::everyCatalogComponentRenders()
{
    SurfaceWidget w;
    w.setSurface(surfaceOf("catalog_all_v09.json", QStringLiteral("all")));
    // Every basic catalog type has a native widget.
    for (const QString &type : a2ui::basicComponentTypes(a2ui::Version::V0_9))
        QVERIFY2(SurfaceWidget::supportedTypes().contains(type), qPrintable(type));
    const QStringList ids {
        QStringLiteral("title"),  QStringLiteral("img"),   QStringLiteral("icon_close"),
        QStringLiteral("icons"),  QStringLiteral("root"),  QStringLiteral("list"),
        QStringLiteral("card"),   QStringLiteral("tabs"),  QStringLiteral("div"),
        QStringLiteral("modal"),  QStringLiteral("send"),  QStringLiteral("agree"),
        QStringLiteral("name"),   QStringLiteral("when"),  QStringLiteral("size"),
        QStringLiteral("volume"), QStringLiteral("video"), QStringLiteral("carousel")};
    for (const QString &id : ids) {
        QWidget *c = w.widgetFor(id);
        QVERIFY2(c, qPrintable(id));
        QCOMPARE(c->objectName(), QStringLiteral("a2ui:") + id);
        QCOMPARE(c->property("a2uiComponentId").toString(), id);
    }
    QCOMPARE(qobject_cast<QLabel *>(w.widgetFor(QStringLiteral("title")))->text(),
             QStringLiteral("Every component"));
    QCOMPARE(w.widgetFor(QStringLiteral("title"))->property("a2uiVariant").toString(),
             QStringLiteral("h1"));
    QVERIFY(qobject_cast<QLabel *>(w.widgetFor(QStringLiteral("title")))->font().pointSizeF()
            > qobject_cast<QLabel *>(w.widgetFor(QStringLiteral("caption")))->font().pointSizeF());
    QVERIFY(qobject_cast<ImageWidget *>(w.widgetFor(QStringLiteral("img"))));
    QVERIFY(!qobject_cast<QLabel *>(w.widgetFor(QStringLiteral("icon_close")))->pixmap().isNull());
    QCOMPARE(qobject_cast<QLabel *>(w.widgetFor(QStringLiteral("icon_other")))->text(),
             QStringLiteral("[shoppingCart]"));
    // Template: one widget per item, in the item's scope.
    for (int i = 0; i < 3; ++i) {
        auto *item = qobject_cast<QLabel *>(
            w.widgetFor(QStringLiteral("item"), QStringLiteral("/items/%1").arg(i)));
        QVERIFY(item);
        QCOMPARE(
            item->text(),
            (QStringList {QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")})
                .at(i));
        QCOMPARE(item->objectName(), QStringLiteral("a2ui:item@/items/%1").arg(i));
    }
    QCOMPARE(qobject_cast<QLabel *>(w.widgetFor(QStringLiteral("card_text")))->text(),
             QStringLiteral("inside a card"));
    auto *tabs = qobject_cast<QTabWidget *>(w.widgetFor(QStringLiteral("tabs")));
    QVERIFY(tabs);
    QCOMPARE(tabs->count(), 2);
    QCOMPARE(tabs->tabText(1), QStringLiteral("Second")); // bound title
    QCOMPARE(qobject_cast<QFrame *>(w.widgetFor(QStringLiteral("div")))->frameShape(),
             QFrame::HLine);
    QVERIFY(input<QCheckBox>(w, QStringLiteral("agree")));
    QCOMPARE(input<QCheckBox>(w, QStringLiteral("agree"))->text(), QStringLiteral("I agree"));
    QVERIFY(input<QLineEdit>(w, QStringLiteral("name")));
    QVERIFY(input<QPlainTextEdit>(w, QStringLiteral("notes")));
    QCOMPARE(input<QLineEdit>(w, QStringLiteral("secret"))->echoMode(), QLineEdit::Password);
    QVERIFY(input<QLineEdit>(w, QStringLiteral("qty"))->validator());
    QCOMPARE(input<QDateTimeEdit>(w, QStringLiteral("when"))->date(), QDate(2026, 6, 1));
    auto *small = w.widgetFor(QStringLiteral("size"))
                      ->findChild<QRadioButton *>(QStringLiteral("a2uiOption:s"));
    QVERIFY(small);
    QVERIFY(small->isChecked());
    QCOMPARE(small->text(), QStringLiteral("Small"));
    QVERIFY(w.widgetFor(QStringLiteral("toppings"))
                ->findChild<QToolButton *>(QStringLiteral("a2uiOption:olives")));
    QCOMPARE(input<QSlider>(w, QStringLiteral("volume"))->value(), 3);
    QCOMPARE(input<QSlider>(w, QStringLiteral("volume"))->maximum(), 10);
    QVERIFY(qobject_cast<QLabel *>(w.widgetFor(QStringLiteral("video")))
                ->text()
                .contains(QStringLiteral("clip.mp4")));
    QCOMPARE(qobject_cast<QPushButton *>(w.widgetFor(QStringLiteral("send")))->text(),
             QStringLiteral("Send"));
}

void TestA2uiRender::textIsPlainNeverHtml()
{
    SurfaceWidget w;
    w.setSurface(surfaceOf("catalog_all_v09.json", QStringLiteral("all")));
    auto *html = qobject_cast<QLabel *>(w.widgetFor(QStringLiteral("html")));
    QCOMPARE(html->textFormat(), Qt::PlainText);
    QCOMPARE(html->text(), QStringLiteral("<b>not bold</b> <img src=x>"));
    for (QLabel *label : w.findChildren<QLabel *>())
        QVERIFY2(label->textFormat() == Qt::PlainText, qPrintable(label->objectName()));
}

void TestA2uiRender::unknownComponentShowsItsJson()
{
    SurfaceWidget w;
    w.setSurface(surfaceOf("catalog_all_v09.json", QStringLiteral("all")));
    QWidget *unknown = w.widgetFor(QStringLiteral("carousel"));
    QVERIFY(unknown->property("a2uiUnknown").toBool());
    auto *json = unknown->findChild<QPlainTextEdit *>(QStringLiteral("a2uiPlaceholderJson"));
    QVERIFY(json);
    QVERIFY(json->toPlainText().contains(QStringLiteral("\"Carousel\"")));
    QVERIFY(unknown->findChild<QLabel *>()->text().contains(
        QStringLiteral("Unknown component \"Carousel\"")));
}

void TestA2uiRender::imagesWaitForConsentPerHost()
{
    ImageConsent consent;
    RecordingNetwork network;
    consent.setNetwork(&network);
    SurfaceWidget w;
    w.setImageConsent(&consent);
    w.setSurface(surfaceOf("catalog_all_v09.json", QStringLiteral("all")));
    auto *image = qobject_cast<ImageWidget *>(w.widgetFor(QStringLiteral("img")));
    QCoreApplication::processEvents();
    QVERIFY(network.requested.isEmpty()); // nothing fetched without consent
    QVERIFY(!image->isLoaded());
    QCOMPARE(image->consentButton()->text(), QStringLiteral("Load images from images.example.org"));
    QVERIFY(image->toolTip() == QStringLiteral("a cat"));
    consent.allow(QStringLiteral("other.example.org"));
    QVERIFY(network.requested.isEmpty()); // consent is per host
    QTest::mouseClick(image->consentButton(), Qt::LeftButton);
    QVERIFY(consent.isAllowed(QStringLiteral("images.example.org")));
    QCOMPARE(network.requested.size(), 1);
    QCOMPARE(network.requested.first(), QUrl(QStringLiteral("https://images.example.org/cat.png")));
    QTRY_VERIFY(image->isLoaded());
}

void TestA2uiRender::typingWritesTheModelAndUpdatesBoundWidgets()
{
    SurfaceWidget w;
    w.setSurface(surfaceOf("catalog_all_v09.json", QStringLiteral("all")));
    QSignalSpy changed(&w, &SurfaceWidget::dataModelChanged);
    auto *echo = qobject_cast<QLabel *>(w.widgetFor(QStringLiteral("echo")));
    QCOMPARE(echo->text(), QStringLiteral("Hello "));
    QTest::keyClicks(input<QLineEdit>(w, QStringLiteral("name")), QStringLiteral("Ada"));
    QCOMPARE(w.surface()
                 .dataModel.toObject()
                 .value(QStringLiteral("form"))
                 .toObject()
                 .value(QStringLiteral("name"))
                 .toString(),
             QStringLiteral("Ada"));
    QCOMPARE(echo->text(), QStringLiteral("Hello Ada")); // another widget bound to the same path
    QCOMPARE(changed.count(), 3);
    QVERIFY(w.surface().userEdits.contains(QStringLiteral("/form/name")));
    // The agent's own model is untouched: nothing is sent until an action fires.
    QCOMPARE(w.surface()
                 .agentDataModel.toObject()
                 .value(QStringLiteral("form"))
                 .toObject()
                 .value(QStringLiteral("name"))
                 .toString(),
             QString());
}

void TestA2uiRender::failingCheckDisablesTheButton()
{
    SurfaceWidget w;
    w.setSurface(surfaceOf("catalog_all_v09.json", QStringLiteral("all")));
    auto *send = qobject_cast<QPushButton *>(w.widgetFor(QStringLiteral("send")));
    QVERIFY(!send->isEnabled());
    QCOMPARE(send->toolTip(), QStringLiteral("Name is required"));
    auto *nameChecks
        = w.widgetFor(QStringLiteral("name"))->findChild<QLabel *>(QStringLiteral("a2uiChecks"));
    QCOMPARE(nameChecks->text(), QStringLiteral("Name is required"));
    w.resize(600, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QPoint sendAt = send->mapTo(&w, QPoint(0, 0));
    QTest::keyClicks(input<QLineEdit>(w, QStringLiteral("name")), QStringLiteral("A"));
    QVERIFY(send->isEnabled());
    QVERIFY(nameChecks->text().isEmpty());
    // The message going away does not move the button the user is about to click.
    QApplication::processEvents();
    QCOMPARE(send->mapTo(&w, QPoint(0, 0)), sendAt);
    input<QLineEdit>(w, QStringLiteral("name"))->selectAll();
    QTest::keyClick(input<QLineEdit>(w, QStringLiteral("name")),
                    Qt::Key_Backspace); // the user erases it
    QVERIFY(!send->isEnabled());
    // An input's own check shows its message.
    auto *qtyChecks
        = w.widgetFor(QStringLiteral("qty"))->findChild<QLabel *>(QStringLiteral("a2uiChecks"));
    QCOMPARE(qtyChecks->text(), QStringLiteral("1 to 9"));
    QTest::keyClicks(input<QLineEdit>(w, QStringLiteral("qty")), QStringLiteral("4"));
    QVERIFY(qtyChecks->text().isEmpty());
}

void TestA2uiRender::clickBuildsTheExactAction()
{
    SurfaceWidget w;
    w.setClock(pinned);
    w.setSurface(surfaceOf("catalog_all_v09.json", QStringLiteral("all")));
    QSignalSpy actions(&w, &SurfaceWidget::userActionTriggered);
    QTest::keyClicks(input<QLineEdit>(w, QStringLiteral("name")), QStringLiteral("Ada"));
    input<QCheckBox>(w, QStringLiteral("agree"))->click();
    QTest::mouseClick(qobject_cast<QPushButton *>(w.widgetFor(QStringLiteral("send"))),
                      Qt::LeftButton);
    QCOMPARE(actions.count(), 1);
    QCOMPARE(
        actions.first().first().toJsonObject(),
        obj(R"({"name":"submit","surfaceId":"all","sourceComponentId":"send","timestamp":"2026-06-01T10:00:00Z",
                     "context":{"name":"Ada","agree":true,"size":["s"],"toppings":[],"volume":3,"when":"2026-06-01","source":"inspector"}})"));
}

void TestA2uiRender::otherInputsWriteTheModel()
{
    SurfaceWidget w;
    w.setSurface(surfaceOf("catalog_all_v09.json", QStringLiteral("all")));
    auto form = [&w] {
        return w.surface().dataModel.toObject().value(QStringLiteral("form")).toObject();
    };
    input<QCheckBox>(w, QStringLiteral("agree"))->click();
    QCOMPARE(form().value(QStringLiteral("agree")), QJsonValue(true));
    w.widgetFor(QStringLiteral("size"))
        ->findChild<QRadioButton *>(QStringLiteral("a2uiOption:l"))
        ->click();
    QCOMPARE(form().value(QStringLiteral("size")), QJsonValue(QJsonArray {QStringLiteral("l")}));
    QWidget *toppings = w.widgetFor(QStringLiteral("toppings"));
    toppings->findChild<QToolButton *>(QStringLiteral("a2uiOption:ham"))->click();
    toppings->findChild<QToolButton *>(QStringLiteral("a2uiOption:cheese"))->click();
    QCOMPARE(
        form().value(QStringLiteral("toppings")),
        QJsonValue(QJsonArray {QStringLiteral("cheese"), QStringLiteral("ham")})); // option order
    // filterable: a case-insensitive substring filter
    toppings->findChild<QLineEdit *>(QStringLiteral("a2uiFilter"))->setText(QStringLiteral("OL"));
    QVERIFY(toppings->findChild<QToolButton *>(QStringLiteral("a2uiOption:ham"))->isHidden());
    QVERIFY(!toppings->findChild<QToolButton *>(QStringLiteral("a2uiOption:olives"))->isHidden());
    input<QSlider>(w, QStringLiteral("volume"))->setValue(7);
    QCOMPARE(form().value(QStringLiteral("volume")), QJsonValue(7));
    QCOMPARE(w.widgetFor(QStringLiteral("volume"))
                 ->findChild<QLabel *>(QStringLiteral("a2uiSliderValue"))
                 ->text(),
             QStringLiteral("7"));
    input<QDateTimeEdit>(w, QStringLiteral("when"))->setDate(QDate(2026, 7, 14));
    QCOMPARE(form().value(QStringLiteral("when")), QJsonValue(QStringLiteral("2026-07-14")));
    input<QPlainTextEdit>(w, QStringLiteral("notes"))->setPlainText(QStringLiteral("two\nlines"));
    QCOMPARE(form().value(QStringLiteral("notes")), QJsonValue(QStringLiteral("two\nlines")));
}

void TestA2uiRender::modalOpensFromItsTrigger()
{
    SurfaceWidget w;
    w.setSurface(surfaceOf("catalog_all_v09.json", QStringLiteral("all")));
    QVERIFY(!w.findChild<QDialog *>());
    QTest::mouseClick(qobject_cast<QPushButton *>(w.widgetFor(QStringLiteral("modal_open"))),
                      Qt::LeftButton);
    auto *dialog = w.findChild<QDialog *>(QStringLiteral("a2uiModal:modal"));
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QCOMPARE(qobject_cast<QLabel *>(w.widgetFor(QStringLiteral("modal_body")))->text(),
             QStringLiteral("the details"));
    dialog->reject(); // the user can close it
    QTRY_VERIFY(!w.findChild<QDialog *>(QStringLiteral("a2uiModal:modal")));
}

void TestA2uiRender::workedExampleV09EndToEndInWidgets()
{
    // a2ui-protocol.md §8: type "Ada", click Send.
    SurfaceWidget w;
    w.setClock(pinned);
    w.setSurface(surfaceOf("feedback_v09.json", QStringLiteral("feedback")));
    QSignalSpy actions(&w, &SurfaceWidget::userActionTriggered);
    QTest::keyClicks(input<QLineEdit>(w, QStringLiteral("name")), QStringLiteral("Ada"));
    QCOMPARE(QJsonDocument(w.surface().dataModel.toObject()).toJson(QJsonDocument::Compact),
             QByteArray(R"({"form":{"name":"Ada"}})"));
    QTest::mouseClick(qobject_cast<QPushButton *>(w.widgetFor(QStringLiteral("send"))),
                      Qt::LeftButton);
    QCOMPARE(actions.count(), 1);
    QCOMPARE(actions.first().first().toJsonObject(),
             obj(R"({"name":"submit_feedback","surfaceId":"feedback","sourceComponentId":"send",
                     "timestamp":"2026-06-01T10:00:00Z","context":{"name":"Ada","source":"inspector"}})"));
}

void TestA2uiRender::panelKeepsTypedValuesAcrossSnapshots()
{
    SurfacesPanel panel;
    const QJsonObject content {{QStringLiteral("a2ui_operations"), fixture("feedback_v09.json")}};
    panel.setSurfaces(a2ui::surfacesFromActivity(content, QStringLiteral("a2ui-surface-1")));
    QCOMPARE(panel.currentSurfaceId(), QStringLiteral("feedback"));
    QTest::keyClicks(input<QLineEdit>(*panel.surfaceWidget(), QStringLiteral("name")),
                     QStringLiteral("Ada"));
    QVERIFY(panel.dataModelView()->toPlainText().contains(QStringLiteral("\"Ada\"")));
    // The same snapshot re-sent (createSurface included): what the user typed stays.
    panel.setSurfaces(a2ui::surfacesFromActivity(content, QStringLiteral("a2ui-surface-1")));
    QCOMPARE(input<QLineEdit>(*panel.surfaceWidget(), QStringLiteral("name"))->text(),
             QStringLiteral("Ada"));
    // The agent changes that value: the agent wins.
    QJsonArray ops = fixture("feedback_v09.json");
    ops.append(obj(
        R"({"version":"v0.9","updateDataModel":{"surfaceId":"feedback","path":"/form/name","value":"Grace"}})"));
    panel.setSurfaces(a2ui::surfacesFromActivity(
        QJsonObject {{QStringLiteral("a2ui_operations"), ops}}, QStringLiteral("a2ui-surface-1")));
    QCOMPARE(input<QLineEdit>(*panel.surfaceWidget(), QStringLiteral("name"))->text(),
             QStringLiteral("Grace"));
    // Moving back to an event before the surface existed: nothing is shown.
    panel.setSurfaces(a2ui::SurfaceSet());
    QVERIFY(panel.currentSurfaceId().isEmpty());
}

void TestA2uiRender::panelInspectorShowsBindings()
{
    SurfacesPanel panel;
    QSignalSpy actions(&panel, &SurfacesPanel::userActionTriggered);
    a2ui::SurfaceSet set;
    set.applySource(QStringLiteral("s1"), fixture("feedback_v09.json"));
    set.applySource(QStringLiteral("s2"), fixture("catalog_all_v09.json"));
    panel.setSurfaces(set);
    QCOMPARE(panel.surfaces().surfaceIds(),
             (QStringList {QStringLiteral("feedback"), QStringLiteral("all")}));
    panel.setCurrentSurface(QStringLiteral("feedback"));
    QTest::keyClicks(input<QLineEdit>(*panel.surfaceWidget(), QStringLiteral("name")),
                     QStringLiteral("Lin"));
    panel.inspect(QStringLiteral("name"));
    const QJsonObject info
        = QJsonDocument::fromJson(panel.inspectorView()->toPlainText().toUtf8()).object();
    QCOMPARE(info.value(QStringLiteral("type")).toString(), QStringLiteral("TextField"));
    const QJsonObject binding = info.value(QStringLiteral("bindings")).toArray().first().toObject();
    QCOMPARE(binding.value(QStringLiteral("path")).toString(), QStringLiteral("/form/name"));
    QCOMPARE(binding.value(QStringLiteral("value")).toString(), QStringLiteral("Lin"));
    QCOMPARE(info.value(QStringLiteral("checks")).toObject().value(QStringLiteral("ok")),
             QJsonValue(true));
    QTest::mouseClick(
        qobject_cast<QPushButton *>(panel.surfaceWidget()->widgetFor(QStringLiteral("send"))),
        Qt::LeftButton);
    QCOMPARE(actions.count(), 1);
    QCOMPARE(actions.first()
                 .first()
                 .toJsonObject()
                 .value(QStringLiteral("context"))
                 .toObject()
                 .value(QStringLiteral("name"))
                 .toString(),
             QStringLiteral("Lin"));
    // The other surface shows its lint findings (the unknown Carousel).
    panel.setCurrentSurface(QStringLiteral("all"));
    QVERIFY(panel.findChild<QListWidget *>()
                ->findItems(QStringLiteral("a2ui.unknown-component"), Qt::MatchContains)
                .size()
            == 1);
}

// The README picture: the demo agent's order form, filled in, beside the A2UI messages it came
// from. Saved when AGUI_A2UI_SCREENSHOT names a file (docs/screenshots/a2ui-surface.png).
void TestA2uiRender::screenshotOfASurfaceBesideItsJson()
{
    const QJsonArray ops = DemoAgent::formMessages();
    QSplitter window(Qt::Horizontal);
    window.resize(1280, 600);
    auto *panel = new SurfacesPanel(&window);
    panel->setSurfaces(a2ui::surfacesFromActivity(QJsonObject {{a2ui::operationsKey(), ops}},
                                                  QStringLiteral("a2ui-surface-order")));
    auto *json = new QPlainTextEdit(&window);
    json->setReadOnly(true);
    json->setPlainText(QString::fromUtf8(QJsonDocument(ops).toJson(QJsonDocument::Indented)));
    window.setSizes({860, 420});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::keyClicks(input<QLineEdit>(*panel->surfaceWidget(), QStringLiteral("name")),
                     QStringLiteral("Ada"));
    const QImage shot = window.grab().toImage();
    QCOMPARE(shot.size(), window.size() * window.devicePixelRatio());
    QVERIFY(qobject_cast<QPushButton *>(panel->surfaceWidget()->widgetFor(QStringLiteral("submit")))
                ->isEnabled());
    const QString target = qEnvironmentVariable("AGUI_A2UI_SCREENSHOT");
    if (!target.isEmpty())
        QVERIFY(shot.save(target));
}

void TestA2uiRender::templatesFollowTheirData()
{
    SurfaceWidget w;
    a2ui::SurfaceSet set;
    set.applySource(QStringLiteral("t"), fixture("catalog_all_v09.json"));
    w.setSurface(*set.surface(QStringLiteral("all")));
    QTest::keyClicks(input<QLineEdit>(w, QStringLiteral("name")), QStringLiteral("Ada"));
    QVERIFY(!w.widgetFor(QStringLiteral("item"), QStringLiteral("/items/3")));
    // The agent adds an item: the list grows, what the user typed stays.
    a2ui::Surface next = w.surface();
    next.agentDataModel = set.surface(QStringLiteral("all"))->agentDataModel;
    QJsonObject model = next.agentDataModel.toObject();
    QJsonArray items = model.value(QStringLiteral("items")).toArray();
    items.append(QJsonObject {{QStringLiteral("label"), QStringLiteral("four")}});
    model.insert(QStringLiteral("items"), items);
    next.agentDataModel = model;
    next.reapplyUserEdits();
    w.updateData(next);
    auto *fourth
        = qobject_cast<QLabel *>(w.widgetFor(QStringLiteral("item"), QStringLiteral("/items/3")));
    QVERIFY(fourth);
    QCOMPARE(fourth->text(), QStringLiteral("four"));
    QCOMPARE(input<QLineEdit>(w, QStringLiteral("name"))->text(), QStringLiteral("Ada"));
}

#endif // Q_MOC_RUN

// An agent's surface nested 10,000 deep, or with 100,000 siblings: the window builds at most
// kMaxDepth levels and kMaxRendered components, and says what it left out.
void TestA2uiRender::deepAndWideSurfacesAreBounded()
{
    const auto surface = [](const QJsonArray &components) {
        a2ui::SurfaceSet set;
        set.applySource(
            QStringLiteral("test"),
            QJsonArray {
                QJsonObject {
                    {QStringLiteral("version"), QStringLiteral("v0.9")},
                    {QStringLiteral("createSurface"),
                     QJsonObject {{QStringLiteral("surfaceId"), QStringLiteral("s")},
                                  {QStringLiteral("catalogId"), QStringLiteral("basic")}}}},
                QJsonObject {{QStringLiteral("version"), QStringLiteral("v0.9")},
                             {QStringLiteral("updateComponents"),
                              QJsonObject {{QStringLiteral("surfaceId"), QStringLiteral("s")},
                                           {QStringLiteral("components"), components}}}}});
        return *set.surface(QStringLiteral("s"));
    };
    const auto card = [](const QString &id, const QString &child) {
        return QJsonObject {{QStringLiteral("id"), id},
                            {QStringLiteral("component"), QStringLiteral("Card")},
                            {QStringLiteral("child"), child}};
    };

    QJsonArray deep {card(QStringLiteral("root"), QStringLiteral("c0"))};
    for (int i = 0; i < 10000; ++i)
        deep.append(card(QStringLiteral("c%1").arg(i), QStringLiteral("c%1").arg(i + 1)));
    SurfaceWidget d;
    d.setSurface(surface(deep));
    QVERIFY(d.widgetFor(QStringLiteral("c%1").arg(SurfaceWidget::kMaxDepth - 2)));
    QVERIFY(!d.widgetFor(QStringLiteral("c%1").arg(SurfaceWidget::kMaxDepth)));
    bool saidSo = false;
    for (const QLabel *label : d.findChildren<QLabel *>())
        saidSo = saidSo || label->text().contains(QStringLiteral("levels deep"));
    QVERIFY(saidSo);

    QJsonArray children;
    QJsonArray wide;
    for (int i = 0; i < 100000; ++i) {
        children.append(QStringLiteral("t%1").arg(i));
        wide.append(QJsonObject {{QStringLiteral("id"), QStringLiteral("t%1").arg(i)},
                                 {QStringLiteral("component"), QStringLiteral("Text")},
                                 {QStringLiteral("text"), QStringLiteral("x")}});
    }
    wide.prepend(QJsonObject {{QStringLiteral("id"), QStringLiteral("root")},
                              {QStringLiteral("component"), QStringLiteral("Column")},
                              {QStringLiteral("children"), children}});
    SurfaceWidget w;
    w.setSurface(surface(wide));
    QVERIFY(w.widgetFor(QStringLiteral("t%1").arg(SurfaceWidget::kMaxRendered - 2)));
    QVERIFY(!w.widgetFor(QStringLiteral("t%1").arg(SurfaceWidget::kMaxRendered)));
    const auto *note = w.findChild<QLabel *>(QStringLiteral("a2uiNotRendered"));
    QVERIFY(note);
    QVERIFY2(note->text().startsWith(QStringLiteral("%1 more component(s) not rendered")
                                         .arg(100000 - SurfaceWidget::kMaxRendered + 1)),
             qPrintable(note->text()));
}

QTEST_MAIN(TestA2uiRender)
#include "test_a2ui_render.moc"
