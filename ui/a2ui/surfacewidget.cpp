#include "ui/a2ui/surfacewidget.h"

#include "core/a2ui/action.h"
#include "core/a2ui/binding.h"
#include "core/a2ui/functions.h"
#include "core/a2ui/tree.h"
#include "core/json/jsonpointer.h"
#include "core/json/jsontext.h"
#include "ui/a2ui/imageconsent.h"
#include "ui/a2ui/imagewidget.h"
#include "ui/a2ui/markdownlabel.h"

#include <QAbstractButton>
#include <QButtonGroup>
#include <QCheckBox>
#include <QDateTimeEdit>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleValidator>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace agui::ui {

using a2ui::Component;

namespace {

QString key(const QString &id, const QString &scope)
{
    return scope.isEmpty() ? id : id + QLatin1Char('@') + scope;
}

QString prettyJson(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented));
}

QLabel *plainLabel(const QString &text, QWidget *parent = nullptr)
{
    auto *label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText); // agent text is never HTML
    label->setWordWrap(true);
    label->setText(text);
    return label;
}

double variantScale(const QString &variant)
{
    if (variant == QStringLiteral("h1"))
        return 2.5;
    if (variant == QStringLiteral("h2"))
        return 2.0;
    if (variant == QStringLiteral("h3"))
        return 1.75;
    if (variant == QStringLiteral("h4"))
        return 1.5;
    if (variant == QStringLiteral("h5"))
        return 1.25;
    if (variant == QStringLiteral("caption"))
        return 0.8;
    return 1.0;
}

// Fires on a mouse release over a widget that is not a button (Modal triggers).
class ClickFilter : public QObject
{
public:
    ClickFilter(QObject *parent, std::function<void()> fn)
        : QObject(parent)
        , m_fn(std::move(fn))
    { }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::MouseButtonRelease)
            m_fn();
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> m_fn;
};

QStyle::StandardPixmap iconPixmap(const QString &name, bool *found)
{
    static const QHash<QString, QStyle::StandardPixmap> map {
        {QStringLiteral("close"), QStyle::SP_DialogCloseButton},
        {QStringLiteral("check"), QStyle::SP_DialogApplyButton},
        {QStringLiteral("delete"), QStyle::SP_TrashIcon},
        {QStringLiteral("error"), QStyle::SP_MessageBoxCritical},
        {QStringLiteral("warning"), QStyle::SP_MessageBoxWarning},
        {QStringLiteral("info"), QStyle::SP_MessageBoxInformation},
        {QStringLiteral("help"), QStyle::SP_MessageBoxQuestion},
        {QStringLiteral("home"), QStyle::SP_DirHomeIcon},
        {QStringLiteral("folder"), QStyle::SP_DirIcon},
        {QStringLiteral("refresh"), QStyle::SP_BrowserReload},
        {QStringLiteral("arrowBack"), QStyle::SP_ArrowBack},
        {QStringLiteral("arrowForward"), QStyle::SP_ArrowForward},
        {QStringLiteral("download"), QStyle::SP_ArrowDown},
        {QStringLiteral("upload"), QStyle::SP_ArrowUp},
        {QStringLiteral("play"), QStyle::SP_MediaPlay},
        {QStringLiteral("pause"), QStyle::SP_MediaPause},
        {QStringLiteral("stop"), QStyle::SP_MediaStop},
        {QStringLiteral("skipNext"), QStyle::SP_MediaSkipForward},
        {QStringLiteral("skipPrevious"), QStyle::SP_MediaSkipBackward},
        {QStringLiteral("fastForward"), QStyle::SP_MediaSeekForward},
        {QStringLiteral("rewind"), QStyle::SP_MediaSeekBackward},
        {QStringLiteral("volumeUp"), QStyle::SP_MediaVolume},
        {QStringLiteral("volumeDown"), QStyle::SP_MediaVolume},
        {QStringLiteral("volumeOff"), QStyle::SP_MediaVolumeMuted},
        {QStringLiteral("volumeMute"), QStyle::SP_MediaVolumeMuted},
        {QStringLiteral("edit"), QStyle::SP_FileDialogDetailedView},
        {QStringLiteral("search"), QStyle::SP_FileDialogContentsView},
        {QStringLiteral("attachFile"), QStyle::SP_FileIcon},
    };
    const auto it = map.constFind(name);
    *found = it != map.constEnd();
    return *found ? it.value() : QStyle::SP_CustomBase;
}

} // namespace

SurfaceWidget::SurfaceWidget(QWidget *parent)
    : QWidget(parent)
    , m_clock([] { return QDateTime::currentDateTimeUtc(); })
{
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
}

void SurfaceWidget::setImageConsent(ImageConsent *consent)
{
    m_consent = consent;
}

void SurfaceWidget::setClock(std::function<QDateTime()> clock)
{
    m_clock = std::move(clock);
}

QStringList SurfaceWidget::supportedTypes()
{
    return factory().keys();
}

const QHash<QString, SurfaceWidget::Builder> &SurfaceWidget::factory()
{
    static const QHash<QString, Builder> table {
        {QStringLiteral("Text"), &SurfaceWidget::buildText},
        {QStringLiteral("Image"), &SurfaceWidget::buildImage},
        {QStringLiteral("Icon"), &SurfaceWidget::buildIcon},
        {QStringLiteral("Video"), &SurfaceWidget::buildMedia},
        {QStringLiteral("AudioPlayer"), &SurfaceWidget::buildMedia},
        {QStringLiteral("Row"), &SurfaceWidget::buildRowColumn},
        {QStringLiteral("Column"), &SurfaceWidget::buildRowColumn},
        {QStringLiteral("List"), &SurfaceWidget::buildList},
        {QStringLiteral("Card"), &SurfaceWidget::buildCard},
        {QStringLiteral("Tabs"), &SurfaceWidget::buildTabs},
        {QStringLiteral("Divider"), &SurfaceWidget::buildDivider},
        {QStringLiteral("Modal"), &SurfaceWidget::buildModal},
        {QStringLiteral("Button"), &SurfaceWidget::buildButton},
        {QStringLiteral("CheckBox"), &SurfaceWidget::buildCheckBox},
        {QStringLiteral("TextField"), &SurfaceWidget::buildTextField},
        {QStringLiteral("DateTimeInput"), &SurfaceWidget::buildDateTimeInput},
        {QStringLiteral("ChoicePicker"), &SurfaceWidget::buildChoicePicker},
        {QStringLiteral("Slider"), &SurfaceWidget::buildSlider},
    };
    return table;
}

void SurfaceWidget::setSurface(const a2ui::Surface &surface)
{
    m_surface = surface;
    m_refreshers.clear();
    m_widgets.clear();
    m_building.clear();
    m_rendered = 0;
    m_templates.clear();
    if (m_root) {
        m_layout->removeWidget(m_root);
        delete m_root;
        m_root = nullptr;
    }
    const QString rootId = m_surface.rootId.isEmpty() ? QStringLiteral("root") : m_surface.rootId;
    if (!m_surface.components.contains(rootId)) {
        m_root = placeholder(
            m_surface.version == a2ui::Version::V0_8 && m_surface.rootId.isEmpty()
                ? tr("Surface \"%1\" is not rendered yet: no beginRendering has arrived.")
                      .arg(m_surface.surfaceId)
                : tr("Surface \"%1\" has no root component \"%2\" yet.")
                      .arg(m_surface.surfaceId, rootId));
    } else {
        m_root = build(rootId, QString());
    }
    m_layout->addWidget(m_root);
}

void SurfaceWidget::updateData(const a2ui::Surface &surface)
{
    m_surface.agentDataModel = surface.agentDataModel;
    m_surface.userEdits = surface.userEdits;
    m_surface.dataModel = surface.dataModel;
    m_surface.diagnostics = surface.diagnostics;
    if (templatesChanged())
        setSurface(a2ui::Surface(m_surface));
    else
        refreshAll();
}

bool SurfaceWidget::templatesChanged() const
{
    for (const auto &[path, total] : m_templates) {
        const auto data = json::resolve(m_surface.dataModel, path);
        qsizetype now = 0;
        if (data && data->isArray())
            now = data->toArray().size();
        else if (data && data->isObject() && m_surface.version == a2ui::Version::V0_8)
            now = data->toObject().size();
        if (now != total)
            return true;
    }
    return false;
}

QWidget *SurfaceWidget::widgetFor(const QString &componentId, const QString &scopePath) const
{
    return m_widgets.value(key(componentId, scopePath)).data();
}

QWidget *SurfaceWidget::placeholder(const QString &text, const QJsonObject &json)
{
    auto *frame = new QFrame;
    frame->setFrameShape(QFrame::Box);
    frame->setFrameShadow(QFrame::Plain);
    auto *layout = new QVBoxLayout(frame);
    layout->addWidget(plainLabel(text));
    if (!json.isEmpty()) {
        auto *view = new QPlainTextEdit(prettyJson(json));
        view->setReadOnly(true);
        view->setObjectName(QStringLiteral("a2uiPlaceholderJson"));
        view->setMaximumHeight(160);
        layout->addWidget(view);
    }
    return frame;
}

QLabel *SurfaceWidget::notRenderedNote(qsizetype count)
{
    QLabel *note = plainLabel(tr("%n more component(s) not rendered: the inspector builds at most "
                                 "%1 per surface",
                                 nullptr, int(std::min<qsizetype>(count, INT_MAX)))
                                  .arg(kMaxRendered));
    note->setObjectName(QStringLiteral("a2uiNotRendered"));
    return note;
}

QWidget *SurfaceWidget::build(const QString &id, const QString &scope)
{
    const Component *c = m_surface.component(id);
    if (!c) // progressive rendering: a child that has not arrived yet
        return placeholder(tr("Missing component \"%1\"").arg(id));
    if (m_building.contains(id))
        return placeholder(
            tr("Component \"%1\" is part of a cycle and is not rendered again").arg(id),
            c->original);
    if (m_building.size() >= kMaxDepth)
        return placeholder(tr("Component \"%1\" is nested more than %2 levels deep and is not "
                              "rendered")
                               .arg(id)
                               .arg(kMaxDepth));
    m_building.append(id);
    ++m_rendered;
    QWidget *w = nullptr;
    const auto builder = factory().value(c->type);
    if (builder) {
        Component local = *c;
        if (local.version == a2ui::Version::V0_8 && !scope.isEmpty()) // the v0.8 template quirk
            local.normalized = a2ui::v08TemplateRelative(local.normalized);
        w = (this->*builder)(local, scope);
    } else {
        w = placeholder(tr("Unknown component \"%1\" (id \"%2\")").arg(c->type, id), c->original);
        w->setProperty("a2uiUnknown", true);
    }
    m_building.removeLast();
    return decorate(w, *c, scope);
}

QWidget *SurfaceWidget::decorate(QWidget *w, const Component &c, const QString &scope)
{
    w->setObjectName(QStringLiteral("a2ui:") + key(c.id, scope));
    w->setProperty("a2uiComponentId", c.id);
    w->setProperty("a2uiScope", scope);
    w->setContextMenuPolicy(Qt::CustomContextMenu);
    const QString id = c.id;
    connect(w, &QWidget::customContextMenuRequested, this, [this, w, id, scope](const QPoint &pos) {
        QMenu menu(w);
        QAction *inspect = menu.addAction(tr("Inspect component \"%1\"").arg(id));
        if (menu.exec(w->mapToGlobal(pos)) == inspect)
            Q_EMIT inspectRequested(id, scope);
    });
    const QJsonObject accessibility
        = c.normalized.value(QStringLiteral("accessibility")).toObject();
    if (!accessibility.isEmpty()) {
        bind(w, [this, w, accessibility, scope] {
            const QString label = a2ui::toDisplayString(a2ui::resolve(
                accessibility.value(QStringLiteral("label")), m_surface.dataModel, scope));
            if (!label.isEmpty())
                w->setAccessibleName(label);
            w->setAccessibleDescription(a2ui::toDisplayString(a2ui::resolve(
                accessibility.value(QStringLiteral("description")), m_surface.dataModel, scope)));
        });
    }
    m_widgets.insert(key(c.id, scope), w);
    return w;
}

QJsonValue SurfaceWidget::value(const Component &c, const char *prop, const QString &scope) const
{
    return a2ui::resolve(c.normalized.value(QLatin1String(prop)), m_surface.dataModel, scope);
}

std::optional<QString> SurfaceWidget::pathOf(const Component &c, const char *prop,
                                             const QString &scope) const
{
    return a2ui::boundPath(c.normalized.value(QLatin1String(prop)), scope);
}

void SurfaceWidget::bind(QObject *owner, std::function<void()> fn)
{
    fn();
    m_refreshers.append(Refresher {owner, std::move(fn)});
}

void SurfaceWidget::refreshAll()
{
    if (m_refreshing)
        return;
    m_refreshing = true;
    for (const Refresher &r : std::as_const(m_refreshers)) {
        if (r.owner)
            r.fn();
    }
    m_refreshing = false;
}

void SurfaceWidget::writeUser(const QString &path, const QJsonValue &value)
{
    if (m_refreshing)
        return; // a widget echoing a refresh is not the user typing
    QString error;
    if (!m_surface.setUserValue(path, value, &error)) {
        m_surface.diagnostics.append(
            a2ui::Issue {QStringLiteral("a2ui.data-write-failed"),
                         Severity::Warning,
                         m_surface.surfaceId,
                         {},
                         path,
                         tr("the value typed could not be stored: %1").arg(error),
                         m_surface.sourceId,
                         -1,
                         {}});
        return;
    }
    if (templatesChanged()) // e.g. the user's edit changed a list a template iterates
        QMetaObject::invokeMethod(
            this, [this] { setSurface(a2ui::Surface(m_surface)); }, Qt::QueuedConnection);
    else
        refreshAll();
    Q_EMIT dataModelChanged();
}

void SurfaceWidget::triggerAction(const QString &componentId, const QString &scope)
{
    const a2ui::ActionBuild b
        = a2ui::buildUserAction(m_surface, componentId, m_surface.dataModel, m_clock(), scope);
    if (b.kind == a2ui::ActionBuild::Kind::Event)
        Q_EMIT userActionTriggered(b.userAction);
    else if (b.kind == a2ui::ActionBuild::Kind::LocalFunction)
        Q_EMIT localFunctionTriggered(b.functionCall);
}

QWidget *SurfaceWidget::labelFor(const Component &c, const char *prop, const QString &scope)
{
    if (!c.normalized.contains(QLatin1String(prop)))
        return nullptr;
    QLabel *label = plainLabel(QString());
    bind(label, [this, label, c, prop, scope] {
        label->setText(a2ui::toDisplayString(value(c, prop, scope)));
    });
    return label;
}

// An input's frame: a column with its label (when it has one) above the input; the builder adds
// the input and then its checks line.
QVBoxLayout *SurfaceWidget::labelledColumn(QWidget *w, const Component &c, const QString &scope)
{
    auto *layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    if (QWidget *label = labelFor(c, "label", scope))
        layout->addWidget(label);
    return layout;
}

QWidget *SurfaceWidget::checksLine(const Component &c, const QString &scope)
{
    QJsonArray checks = c.normalized.value(QStringLiteral("checks")).toArray();
    // v0.9 TextField.validationRegexp is a check too.
    const QJsonValue regexp = c.normalized.value(QStringLiteral("validationRegexp"));
    if (regexp.isString()) {
        checks.append(QJsonObject {
            {QStringLiteral("condition"),
             QJsonObject {{QStringLiteral("call"), QStringLiteral("regex")},
                          {QStringLiteral("args"),
                           QJsonObject {{QStringLiteral("value"),
                                         c.normalized.value(QStringLiteral("value"))},
                                        {QStringLiteral("pattern"), regexp}}}}},
            {QStringLiteral("message"), tr("Does not match %1").arg(regexp.toString())}});
    }
    if (checks.isEmpty())
        return nullptr;
    QLabel *line = plainLabel(QString());
    line->setObjectName(QStringLiteral("a2uiChecks"));
    QPalette pal = line->palette();
    pal.setColor(QPalette::WindowText, QColor(0xb0, 0x20, 0x20));
    line->setPalette(pal);
    bind(line, [this, line, checks, scope] {
        const a2ui::ChecksResult r = a2ui::evaluateChecks(checks, m_surface.dataModel, scope);
        QStringList messages;
        for (const a2ui::CheckFailure &f : r.failures)
            messages.append(f.message.isEmpty() ? tr("Check %1 fails").arg(f.index) : f.message);
        messages.append(r.errors);
        line->setText(messages.join(QLatin1Char('\n')));
    });
    // The line keeps a line's height while the checks pass, so that the form does not jump as
    // they fail and pass: the button below stays under the cursor that is about to click it.
    line->setMinimumHeight(line->fontMetrics().height());
    return line;
}

// --- display components ---------------------------------------------------------------------

QWidget *SurfaceWidget::buildText(const Component &c, const QString &scope)
{
    auto *label = new MarkdownLabel; // the Markdown A2UI allows, as inert formatting
    const QString variant = c.normalized.value(QStringLiteral("variant")).toString();
    QFont f = label->font();
    f.setPointSizeF(f.pointSizeF() * variantScale(variant));
    if (variant.startsWith(QLatin1Char('h')))
        f.setBold(true);
    label->setFont(f);
    if (variant == QStringLiteral("caption")) {
        QPalette pal = label->palette();
        pal.setColor(QPalette::WindowText, pal.color(QPalette::PlaceholderText));
        label->setPalette(pal);
    }
    label->setProperty("a2uiVariant", variant.isEmpty() ? QStringLiteral("body") : variant);
    bind(label, [this, label, c, scope] {
        label->setMarkdown(a2ui::toDisplayString(value(c, "text", scope)));
    });
    return label;
}

QWidget *SurfaceWidget::buildImage(const Component &c, const QString &scope)
{
    auto *image
        = new ImageWidget(m_consent, c.normalized.value(QStringLiteral("variant")).toString());
    bind(image, [this, image, c, scope] {
        image->setUrl(a2ui::toDisplayString(value(c, "url", scope)));
        image->setDescription(a2ui::toDisplayString(value(c, "description", scope)));
    });
    return image;
}

QWidget *SurfaceWidget::buildIcon(const Component &c, const QString &scope)
{
    QLabel *label = plainLabel(QString());
    bind(label, [this, label, c, scope] {
        const QJsonValue name = value(c, "name", scope);
        if (name.isObject()) { // {svgPath}: a custom path we do not draw
            label->setText(tr("[custom icon]"));
            label->setToolTip(a2ui::toDisplayString(name));
            return;
        }
        const QString n = a2ui::toDisplayString(name);
        bool found = false;
        const QStyle::StandardPixmap sp = iconPixmap(n, &found);
        label->setToolTip(n);
        label->setAccessibleName(n);
        if (found) {
            label->setPixmap(style()->standardIcon(sp).pixmap(24, 24));
        } else {
            label->setPixmap(QPixmap());
            label->setText(QStringLiteral("[%1]").arg(n));
        }
    });
    return label;
}

QWidget *SurfaceWidget::buildMedia(const Component &c, const QString &scope)
{
    QLabel *label = plainLabel(QString());
    label->setFrameShape(QFrame::StyledPanel);
    bind(label, [this, label, c, scope] {
        label->setText(tr("%1: %2 (not played in the inspector)")
                           .arg(c.type, a2ui::toDisplayString(value(c, "url", scope))));
    });
    return label;
}

// --- layout components ----------------------------------------------------------------------

void SurfaceWidget::addChildren(QBoxLayout *layout, const Component &c, const QString &scope,
                                bool applyWeights)
{
    const a2ui::Children children = a2ui::childrenOf(m_surface, c.normalized, scope);
    if (children.isTemplate)
        m_templates.append({children.templatePath, children.total});
    const bool horizontal = layout->direction() == QBoxLayout::LeftToRight;
    const QString justify = c.normalized.value(QStringLiteral("justify")).toString();
    const QString align = c.normalized.value(QStringLiteral("align")).toString();
    Qt::Alignment cross;
    if (align == QStringLiteral("start"))
        cross = horizontal ? Qt::AlignTop : Qt::AlignLeft;
    else if (align == QStringLiteral("center"))
        cross = horizontal ? Qt::AlignVCenter : Qt::AlignHCenter;
    else if (align == QStringLiteral("end"))
        cross = horizontal ? Qt::AlignBottom : Qt::AlignRight;
    const bool around
        = justify == QStringLiteral("spaceAround") || justify == QStringLiteral("spaceEvenly");
    if (justify == QStringLiteral("center") || justify == QStringLiteral("end") || around)
        layout->addStretch(1);
    for (qsizetype i = 0; i < children.refs.size(); ++i) {
        if (m_rendered >= kMaxRendered) {
            layout->addWidget(notRenderedNote(children.refs.size() - i));
            break;
        }
        const a2ui::ChildRef &ref = children.refs.at(i);
        if (i > 0 && (around || justify == QStringLiteral("spaceBetween")))
            layout->addStretch(1);
        QWidget *child = build(ref.id, ref.scopePath);
        int stretch = 0;
        if (applyWeights) {
            if (const Component *cc = m_surface.component(ref.id))
                stretch = int(cc->normalized.value(QStringLiteral("weight")).toDouble(0));
        }
        layout->addWidget(child, stretch, cross);
    }
    if (children.truncated) {
        layout->addWidget(plainLabel(tr("Showing %1 of %2 items of %3 (the rest are not "
                                        "materialised)")
                                         .arg(children.refs.size())
                                         .arg(children.total)
                                         .arg(children.templatePath)));
    }
    if (justify.isEmpty() || justify == QStringLiteral("start")
        || justify == QStringLiteral("center") || around)
        layout->addStretch(1);
}

QWidget *SurfaceWidget::buildRowColumn(const Component &c, const QString &scope)
{
    auto *w = new QWidget;
    auto *layout = new QBoxLayout(
        c.type == QStringLiteral("Row") ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom, w);
    layout->setContentsMargins(0, 0, 0, 0); // invisible containers get no margin (guide)
    addChildren(layout, c, scope, true);
    return w;
}

QWidget *SurfaceWidget::buildList(const Component &c, const QString &scope)
{
    auto *area = new QScrollArea;
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    auto *inner = new QWidget;
    const bool horizontal = c.normalized.value(QStringLiteral("direction")).toString()
        == QStringLiteral("horizontal");
    auto *layout
        = new QBoxLayout(horizontal ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom, inner);
    layout->setContentsMargins(0, 0, 0, 0);
    addChildren(layout, c, scope, false);
    area->setWidget(inner);
    return area;
}

QWidget *SurfaceWidget::buildCard(const Component &c, const QString &scope)
{
    auto *frame = new QFrame;
    frame->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(frame);
    const QString child = c.normalized.value(QStringLiteral("child")).toString();
    if (!child.isEmpty())
        layout->addWidget(build(child, scope));
    return frame;
}

QWidget *SurfaceWidget::buildTabs(const Component &c, const QString &scope)
{
    auto *tabs = new QTabWidget;
    const QJsonArray items = c.normalized.value(QStringLiteral("tabs")).toArray();
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (m_rendered >= kMaxRendered) {
            tabs->addTab(notRenderedNote(items.size() - i), tr("…"));
            break;
        }
        const QJsonObject item = items.at(i).toObject();
        QWidget *page = build(item.value(QStringLiteral("child")).toString(), scope);
        const int index = tabs->addTab(page, QString());
        const QJsonValue title = item.value(QStringLiteral("title"));
        bind(tabs, [this, tabs, index, title, scope] {
            tabs->setTabText(
                index, a2ui::toDisplayString(a2ui::resolve(title, m_surface.dataModel, scope)));
        });
    }
    return tabs;
}

QWidget *SurfaceWidget::buildDivider(const Component &c, const QString &)
{
    auto *line = new QFrame;
    line->setFrameShape(c.normalized.value(QStringLiteral("axis")).toString()
                                == QStringLiteral("vertical")
                            ? QFrame::VLine
                            : QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    return line;
}

QWidget *SurfaceWidget::buildModal(const Component &c, const QString &scope)
{
    auto *w = new QWidget;
    auto *layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    const QString triggerId = c.normalized.value(QStringLiteral("trigger")).toString();
    const QString contentId = c.normalized.value(QStringLiteral("content")).toString();
    QWidget *trigger = build(triggerId, scope);
    layout->addWidget(trigger);
    const QString id = c.id;
    auto open = [this, w, id, contentId, scope] {
        auto *dialog = new QDialog(w);
        dialog->setObjectName(QStringLiteral("a2uiModal:") + key(id, scope));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setWindowTitle(tr("Surface %1").arg(m_surface.surfaceId));
        auto *dl = new QVBoxLayout(dialog);
        dl->addWidget(build(contentId, scope));
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
        connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
        dl->addWidget(buttons);
        dialog->open();
    };
    if (auto *button = qobject_cast<QAbstractButton *>(trigger))
        connect(button, &QAbstractButton::clicked, w, open);
    else
        trigger->installEventFilter(new ClickFilter(trigger, open));
    return w;
}

// --- inputs ---------------------------------------------------------------------------------

QWidget *SurfaceWidget::buildButton(const Component &c, const QString &scope)
{
    auto *button = new QPushButton;
    const QString childId = c.normalized.value(QStringLiteral("child")).toString();
    const Component *child = m_surface.component(childId);
    if (child && child->type == QStringLiteral("Text")) {
        // The usual case: the label is the button's own text (keyboard and accessibility work).
        const Component textChild = *child;
        bind(button, [this, button, textChild, scope] {
            button->setText(a2ui::toDisplayString(value(textChild, "text", scope)));
        });
    } else if (!childId.isEmpty()) {
        auto *layout = new QHBoxLayout(button);
        QWidget *inner = build(childId, scope);
        inner->setAttribute(Qt::WA_TransparentForMouseEvents);
        layout->addWidget(inner);
        button->setMinimumSize(layout->sizeHint());
    }
    const QString variant = c.normalized.value(QStringLiteral("variant")).toString();
    if (variant == QStringLiteral("primary")) {
        button->setDefault(true);
        const QString color = m_surface.theme.value(QStringLiteral("primaryColor")).toString();
        if (QColor::isValidColorName(color)) {
            QPalette pal = button->palette();
            pal.setColor(QPalette::Button, QColor::fromString(color));
            button->setPalette(pal);
        }
    } else if (variant == QStringLiteral("borderless")) {
        button->setFlat(true);
    }
    const QJsonValue checks = c.normalized.value(QStringLiteral("checks"));
    if (checks.isArray()) {
        bind(button, [this, button, checks, scope] {
            const a2ui::ChecksResult r = a2ui::evaluateChecks(checks, m_surface.dataModel, scope);
            button->setEnabled(r.ok); // a failing check disables the button
            QStringList why;
            for (const a2ui::CheckFailure &f : r.failures)
                why.append(f.message);
            why.append(r.errors);
            button->setToolTip(why.join(QLatin1Char('\n')));
        });
    }
    const QString id = c.id;
    connect(button, &QPushButton::clicked, this, [this, id, scope] { triggerAction(id, scope); });
    return button;
}

QWidget *SurfaceWidget::buildCheckBox(const Component &c, const QString &scope)
{
    auto *w = new QWidget;
    auto *layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *box = new QCheckBox;
    box->setObjectName(QStringLiteral("a2uiInput"));
    layout->addWidget(box);
    const auto path = pathOf(c, "value", scope);
    box->setEnabled(path.has_value()); // bound to a literal: read-only
    bind(box, [this, box, c, scope] {
        box->setText(a2ui::toDisplayString(value(c, "label", scope)));
        const bool checked = a2ui::toBool(value(c, "value", scope));
        if (box->isChecked() != checked) {
            const QSignalBlocker block(box);
            box->setChecked(checked);
        }
    });
    if (path) {
        const QString p = *path;
        connect(box, &QCheckBox::toggled, this, [this, p](bool on) { writeUser(p, on); });
    }
    if (QWidget *line = checksLine(c, scope))
        layout->addWidget(line);
    return w;
}

QWidget *SurfaceWidget::buildTextField(const Component &c, const QString &scope)
{
    auto *w = new QWidget;
    QVBoxLayout *layout = labelledColumn(w, c, scope);
    const QString variant = c.normalized.value(QStringLiteral("variant")).toString();
    const auto path = pathOf(c, "value", scope);
    const QString placeholder = a2ui::toDisplayString(value(c, "placeholder", scope));
    if (variant == QStringLiteral("longText")) {
        auto *edit = new QPlainTextEdit;
        edit->setObjectName(QStringLiteral("a2uiInput"));
        edit->setPlaceholderText(placeholder);
        edit->setReadOnly(!path);
        edit->setMaximumHeight(120);
        layout->addWidget(edit);
        bind(edit, [this, edit, c, scope] {
            const QString text = a2ui::toDisplayString(value(c, "value", scope));
            if (edit->toPlainText() != text) {
                const QSignalBlocker block(edit);
                edit->setPlainText(text);
            }
        });
        if (path) {
            const QString p = *path;
            connect(edit, &QPlainTextEdit::textChanged, this,
                    [this, edit, p] { writeUser(p, edit->toPlainText()); });
        }
    } else {
        auto *edit = new QLineEdit;
        edit->setObjectName(QStringLiteral("a2uiInput"));
        edit->setPlaceholderText(variant == QStringLiteral("date") && placeholder.isEmpty()
                                     ? QStringLiteral("YYYY-MM-DD")
                                     : placeholder);
        edit->setReadOnly(!path);
        if (variant == QStringLiteral("obscured"))
            edit->setEchoMode(QLineEdit::Password);
        if (variant == QStringLiteral("number")) {
            auto *validator = new QDoubleValidator(edit);
            validator->setLocale(QLocale::c());
            edit->setValidator(validator);
        }
        layout->addWidget(edit);
        bind(edit, [this, edit, c, scope] {
            const QString text = a2ui::toDisplayString(value(c, "value", scope));
            if (edit->text() != text) {
                const QSignalBlocker block(edit);
                edit->setText(text);
            }
        });
        if (path) {
            const QString p = *path;
            connect(edit, &QLineEdit::textEdited, this,
                    [this, p](const QString &text) { writeUser(p, text); });
        }
    }
    if (QWidget *line = checksLine(c, scope))
        layout->addWidget(line);
    return w;
}

QWidget *SurfaceWidget::buildDateTimeInput(const Component &c, const QString &scope)
{
    auto *w = new QWidget;
    QVBoxLayout *layout = labelledColumn(w, c, scope);
    bool enableDate = c.normalized.value(QStringLiteral("enableDate")).toBool(false);
    bool enableTime = c.normalized.value(QStringLiteral("enableTime")).toBool(false);
    if (!enableDate && !enableTime)
        enableDate = enableTime = true; // neither flag: let the user set both
    auto *edit = new QDateTimeEdit;
    edit->setObjectName(QStringLiteral("a2uiInput"));
    edit->setCalendarPopup(enableDate);
    const QString format = enableDate && enableTime ? QStringLiteral("yyyy-MM-dd HH:mm")
        : enableDate                                ? QStringLiteral("yyyy-MM-dd")
                                                    : QStringLiteral("HH:mm");
    edit->setDisplayFormat(format);
    const auto path = pathOf(c, "value", scope);
    edit->setReadOnly(!path);
    layout->addWidget(edit);
    bind(edit, [this, edit, c, scope] {
        const QString text = a2ui::toDisplayString(value(c, "value", scope));
        QDateTime dt = QDateTime::fromString(text, Qt::ISODate);
        if (!dt.isValid()) {
            const QDate d = QDate::fromString(text, Qt::ISODate);
            const QTime t = QTime::fromString(text, Qt::ISODate);
            if (d.isValid())
                dt = QDateTime(d, QTime(0, 0));
            else if (t.isValid())
                dt = QDateTime(QDate(2000, 1, 1), t);
        }
        const QSignalBlocker block(edit);
        if (dt.isValid())
            edit->setDateTime(dt);
        if (const QString min = a2ui::toDisplayString(value(c, "min", scope)); !min.isEmpty())
            edit->setMinimumDateTime(QDateTime::fromString(min, Qt::ISODate));
        if (const QString max = a2ui::toDisplayString(value(c, "max", scope)); !max.isEmpty())
            edit->setMaximumDateTime(QDateTime::fromString(max, Qt::ISODate));
    });
    if (path) {
        const QString p = *path;
        connect(edit, &QDateTimeEdit::dateTimeChanged, this,
                [this, p, enableDate, enableTime](const QDateTime &dt) {
                    // Written back as ISO 8601, in the precision the input edits.
                    const QString iso = enableDate && enableTime
                        ? dt.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss"))
                        : enableDate ? dt.date().toString(Qt::ISODate)
                                     : dt.time().toString(QStringLiteral("HH:mm:ss"));
                    writeUser(p, iso);
                });
    }
    if (QWidget *line = checksLine(c, scope))
        layout->addWidget(line);
    return w;
}

QWidget *SurfaceWidget::buildChoicePicker(const Component &c, const QString &scope)
{
    auto *w = new QWidget;
    QVBoxLayout *layout = labelledColumn(w, c, scope);
    const bool exclusive = c.normalized.value(QStringLiteral("variant")).toString()
        != QStringLiteral("multipleSelection");
    const bool chips
        = c.normalized.value(QStringLiteral("displayStyle")).toString() == QStringLiteral("chips");
    QLineEdit *filter = nullptr;
    if (c.normalized.value(QStringLiteral("filterable")).toBool(false)) {
        filter = new QLineEdit;
        filter->setObjectName(QStringLiteral("a2uiFilter"));
        filter->setPlaceholderText(tr("Filter"));
        layout->addWidget(filter);
    }
    auto *box = new QWidget;
    QBoxLayout *boxLayout = chips ? static_cast<QBoxLayout *>(new QHBoxLayout(box))
                                  : static_cast<QBoxLayout *>(new QVBoxLayout(box));
    boxLayout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(box);
    auto *group = new QButtonGroup(box);
    group->setExclusive(exclusive);
    const QJsonArray options = c.normalized.value(QStringLiteral("options")).toArray();
    QList<QAbstractButton *> buttons;
    QStringList values;
    const auto path = pathOf(c, "value", scope);
    for (qsizetype i = 0; i < options.size(); ++i) {
        const QJsonObject option = options.at(i).toObject();
        QAbstractButton *b = nullptr;
        if (chips) {
            auto *tb = new QToolButton;
            tb->setCheckable(true);
            b = tb;
        } else if (exclusive) {
            b = new QRadioButton;
        } else {
            b = new QCheckBox;
        }
        b->setObjectName(QStringLiteral("a2uiOption:")
                         + option.value(QStringLiteral("value")).toString());
        b->setEnabled(path.has_value());
        group->addButton(b, int(i));
        boxLayout->addWidget(b);
        buttons.append(b);
        values.append(option.value(QStringLiteral("value")).toString());
        const QJsonValue label = option.value(QStringLiteral("label"));
        bind(b, [this, b, label, scope] {
            b->setText(a2ui::toDisplayString(a2ui::resolve(label, m_surface.dataModel, scope)));
        });
    }
    if (chips)
        boxLayout->addStretch(1);
    bind(box, [this, c, scope, buttons, values, group] {
        const QJsonValue v = value(c, "value", scope);
        QStringList selected;
        if (v.isArray()) {
            for (const QJsonValue &s : v.toArray())
                selected.append(a2ui::toDisplayString(s));
        } else if (v.isString()) {
            selected.append(v.toString());
        }
        const QSignalBlocker block(group);
        const bool wasExclusive = group->exclusive();
        group->setExclusive(false); // lets an exclusive group show "nothing selected"
        for (qsizetype i = 0; i < buttons.size(); ++i) {
            const QSignalBlocker blockButton(buttons.at(i));
            buttons.at(i)->setChecked(selected.contains(values.at(i)));
        }
        group->setExclusive(wasExclusive);
    });
    if (path) {
        const QString p = *path;
        connect(group, &QButtonGroup::buttonToggled, this,
                [this, p, buttons, values](QAbstractButton *, bool) {
                    QJsonArray selected; // always a string array, in option order
                    for (qsizetype i = 0; i < buttons.size(); ++i) {
                        if (buttons.at(i)->isChecked())
                            selected.append(values.at(i));
                    }
                    writeUser(p, selected);
                });
    }
    if (filter) {
        connect(filter, &QLineEdit::textChanged, box, [buttons](const QString &text) {
            for (QAbstractButton *b : buttons)
                b->setVisible(text.isEmpty() || b->text().contains(text, Qt::CaseInsensitive));
        });
    }
    if (QWidget *line = checksLine(c, scope))
        layout->addWidget(line);
    return w;
}

QWidget *SurfaceWidget::buildSlider(const Component &c, const QString &scope)
{
    auto *w = new QWidget;
    QVBoxLayout *layout = labelledColumn(w, c, scope);
    auto *row = new QHBoxLayout;
    auto *slider = new QSlider(Qt::Horizontal);
    slider->setObjectName(QStringLiteral("a2uiInput"));
    QLabel *shown = plainLabel(QString());
    shown->setObjectName(QStringLiteral("a2uiSliderValue"));
    row->addWidget(slider, 1);
    row->addWidget(shown);
    layout->addLayout(row);
    const double min = a2ui::toNumber(value(c, "min", scope));
    const QJsonValue maxValue = value(c, "max", scope);
    const double max = maxValue.isUndefined() ? 100.0 : a2ui::toNumber(maxValue);
    const int stepsProp = int(a2ui::toNumber(value(c, "steps", scope)));
    // QSlider is integer: positions 0..n map linearly onto [min, max]. Integral ranges up to 1000
    // get one position per integer; otherwise 1000 positions (or the catalog's steps).
    const double span = max - min;
    int n = stepsProp > 0 ? stepsProp : 1000;
    if (stepsProp <= 0 && span > 0 && span <= 1000 && std::floor(min) == min
        && std::floor(max) == max)
        n = int(span);
    slider->setRange(0, std::max(1, n));
    const auto toValue = [min, span, n](int pos) { return min + span * pos / std::max(1, n); };
    const auto path = pathOf(c, "value", scope);
    slider->setEnabled(path.has_value());
    bind(slider, [this, slider, shown, c, scope, min, span, n] {
        const double v = a2ui::toNumber(value(c, "value", scope));
        const int pos = span > 0 ? int(std::lround((v - min) / span * n)) : 0;
        const QSignalBlocker block(slider);
        slider->setValue(pos);
        shown->setText(QString::number(v));
    });
    if (path) {
        const QString p = *path;
        connect(slider, &QSlider::valueChanged, this,
                [this, p, toValue](int pos) { writeUser(p, toValue(pos)); });
    }
    if (QWidget *line = checksLine(c, scope))
        layout->addWidget(line);
    return w;
}

} // namespace agui::ui
