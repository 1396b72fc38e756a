#include "ui/a2ui/surfacespanel.h"

#include "core/json/jsontext.h"

#include "core/a2ui/a2uilint.h"
#include "core/a2ui/inspect.h"
#include "core/json/jsonpatch.h"
#include "ui/a2ui/imageconsent.h"
#include "ui/a2ui/surfacewidget.h"
#include "ui/widgets/jsontextedit.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

QPlainTextEdit *jsonView(QWidget *parent)
{
    QPlainTextEdit *view = jsonTextEdit(parent, QPlainTextEdit::NoWrap);
    view->setReadOnly(true);
    return view;
}

bool sameStructure(const a2ui::Surface &a, const a2ui::Surface &b)
{
    if (a.rootId != b.rootId || a.componentOrder != b.componentOrder || a.theme != b.theme)
        return false;
    for (const QString &id : a.componentOrder) {
        if (a.components.value(id).normalized != b.components.value(id).normalized)
            return false;
    }
    return true;
}

} // namespace

SurfacesPanel::SurfacesPanel(QWidget *parent)
    : QWidget(parent)
{
    m_consent = new ImageConsent(this);
    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Surface:"), this));
    m_picker = new QComboBox(this);
    m_picker->setObjectName(QStringLiteral("surfacePicker"));
    // Neither a long surface id nor a long status may widen the pane: its minimum width is the
    // detail pane's, and a wider one pushes the event list's columns out of sight (and stays in
    // the saved splitter). Both keep their full text in a tooltip.
    m_picker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_picker->setMinimumContentsLength(16);
    bar->addWidget(m_picker);
    m_status = new QLabel(this);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    bar->addWidget(m_status, 1);
    layout->addLayout(bar);

    auto *split = new QSplitter(Qt::Horizontal, this);
    m_scroll = new QScrollArea(split);
    m_scroll->setWidgetResizable(true);
    m_surface = new SurfaceWidget;
    m_surface->setImageConsent(m_consent);
    m_scroll->setWidget(m_surface);
    m_side = new QTabWidget(split);
    m_dataModel = jsonView(m_side);
    m_dataModel->setObjectName(QStringLiteral("surfaceDataModel"));
    m_inspector = jsonView(m_side);
    m_inspector->setObjectName(QStringLiteral("componentInspector"));
    m_inspector->setPlaceholderText(tr("Right-click a component and choose Inspect"));
    m_findings = new QListWidget(m_side);
    m_side->addTab(m_dataModel, tr("Data model"));
    m_side->addTab(m_inspector, tr("Component"));
    m_side->addTab(m_findings, tr("Findings"));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    m_scroll->setMinimumWidth(280);
    split->setSizes({600, 400}); // the surface gets the larger share
    layout->addWidget(split, 1);

    connect(m_picker, &QComboBox::currentIndexChanged, this, [this] { showCurrent(); });
    connect(m_surface, &SurfaceWidget::userActionTriggered, this,
            &SurfacesPanel::userActionTriggered);
    connect(m_surface, &SurfaceWidget::inspectRequested, this, &SurfacesPanel::inspect);
    connect(m_surface, &SurfaceWidget::dataModelChanged, this, [this] {
        // Keep the set in step with what the user typed, so the next setSurfaces() carries it.
        if (a2ui::Surface *s = m_set.surface(m_shownId)) {
            s->dataModel = m_surface->surface().dataModel;
            s->userEdits = m_surface->surface().userEdits;
        }
        updateSidePanel();
    });
    showCurrent();
}

void SurfacesPanel::setSurfaces(const a2ui::SurfaceSet &set)
{
    const QString keep = currentSurfaceId();
    a2ui::SurfaceSet next = set;
    next.carryUserEditsFrom(m_set);
    m_set = next;
    const QSignalBlocker block(m_picker);
    m_picker->clear();
    for (const QString &id : m_set.surfaceIds()) {
        const a2ui::Surface *s = m_set.surface(id);
        m_picker->addItem(s->ready ? id : tr("%1 (not ready)").arg(id), id);
    }
    for (const a2ui::PendingSurface &p : m_set.pending())
        m_picker->addItem(
            tr("%1 (%2)").arg(p.sourceId, p.status.isEmpty() ? tr("no operations") : p.status),
            QVariant(QString(QStringLiteral("pending:") + p.sourceId)));
    const int index = m_picker->findData(keep);
    m_picker->setCurrentIndex(index >= 0 ? index : (m_picker->count() > 0 ? 0 : -1));
    showCurrent();
}

QString SurfacesPanel::currentSurfaceId() const
{
    return m_picker->currentData().toString();
}

void SurfacesPanel::setCurrentSurface(const QString &surfaceId)
{
    const int index = m_picker->findData(surfaceId);
    if (index >= 0)
        m_picker->setCurrentIndex(index);
}

void SurfacesPanel::showCurrent()
{
    const QString id = currentSurfaceId();
    const a2ui::Surface *s = m_set.surface(id);
    if (!s) {
        a2ui::Surface empty;
        m_surface->setSurface(empty);
        m_shownId.clear();
        QString text = tr("No A2UI surface as of this event.");
        QString content;
        for (const a2ui::PendingSurface &p : m_set.pending()) {
            if (QStringLiteral("pending:") + p.sourceId != id)
                continue;
            // One line here; what the message holds goes to the side pane, which scrolls.
            text
                = tr("%1: %2").arg(p.sourceId, p.status.isEmpty() ? tr("no operations") : p.status);
            content = json::toIndentedJson(p.content);
        }
        m_status->setText(text);
        m_status->setToolTip(text);
        m_dataModel->setPlainText(content);
        m_findings->clear();
        return;
    }
    // Same components as shown: only the data changed, keep the widgets (focus, tabs, scroll).
    if (id == m_shownId && sameStructure(m_surface->surface(), *s))
        m_surface->updateData(*s);
    else
        m_surface->setSurface(*s);
    m_shownId = id;
    m_status->setText(tr("%1 · catalog %2 · %3 components%4")
                          .arg(a2ui::versionName(s->version),
                               s->catalogId.isEmpty() ? tr("(basic, not named)") : s->catalogId)
                          .arg(s->components.size())
                          .arg(s->ready ? QString() : tr(" · not ready")));
    m_status->setToolTip(m_status->text());
    updateSidePanel();
}

void SurfacesPanel::updateSidePanel()
{
    const a2ui::Surface &s = m_surface->surface();
    m_dataModel->setPlainText(json::toIndentedJson(s.dataModel));
    if (!m_inspectedId.isEmpty())
        m_inspector->setPlainText(
            json::toIndentedJson(a2ui::inspectComponent(s, m_inspectedId, m_inspectedScope)));
    m_findings->clear();
    a2ui::Issues issues = s.diagnostics;
    issues.append(a2ui::lintSurface(s));
    for (const a2ui::Issue &i : issues) {
        auto *item = new QListWidgetItem(
            QStringLiteral("%1 %2%3%4: %5")
                .arg(severityName(i.severity), i.ruleId,
                     i.componentId.isEmpty() ? QString() : QStringLiteral(" ") + i.componentId,
                     i.path.isEmpty() ? QString() : QStringLiteral(" ") + i.path, i.message),
            m_findings);
        item->setData(Qt::UserRole, i.componentId);
    }
}

void SurfacesPanel::inspect(const QString &componentId, const QString &scopePath)
{
    m_inspectedId = componentId;
    m_inspectedScope = scopePath;
    m_inspector->setPlainText(
        json::toIndentedJson(a2ui::inspectComponent(m_surface->surface(), componentId, scopePath)));
    m_side->setCurrentWidget(m_inspector);
}

} // namespace agui::ui
