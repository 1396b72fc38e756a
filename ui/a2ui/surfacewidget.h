#pragma once

// Renders one A2UI surface (core/a2ui model) as Qt widgets: every basic catalog component, a
// visible placeholder (with its JSON) for anything else, plain text everywhere. Inputs write the
// surface's local data model at once (two-way binding) and every bound widget and check is
// re-evaluated; nothing goes to the agent until a Button's action fires userActionTriggered.
//
// Each component's widget is named "a2ui:<id>" ("a2ui:<id>@<scope>" for template instances) and
// carries the properties a2uiComponentId / a2uiScope; its context menu offers "Inspect component".

#include "core/a2ui/surface.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QPointer>
#include <QWidget>

#include <functional>

class QBoxLayout;
class QLabel;
class QVBoxLayout;

namespace agui::ui {

class ImageConsent;

class SurfaceWidget : public QWidget
{
    Q_OBJECT
public:
    explicit SurfaceWidget(QWidget *parent = nullptr);

    // Shared per-host consent for images (not owned). Without one, images stay placeholders.
    void setImageConsent(ImageConsent *consent);
    // The clock stamped into actions (tests pin it); default: the current UTC time.
    void setClock(std::function<QDateTime()> clock);

    // Rebuilds the widgets for surface.
    void setSurface(const a2ui::Surface &surface);
    // The surface as shown, including what the user typed (dataModel and userEdits).
    const a2ui::Surface &surface() const { return m_surface; }
    // Takes the data of surface (agent model, user edits, shown model, diagnostics) when its
    // components did not change, and refreshes every bound widget without rebuilding (focus,
    // selected tabs and scroll positions stay).
    void updateData(const a2ui::Surface &surface);

    // The widget rendering a component (nullptr when it is not rendered).
    QWidget *widgetFor(const QString &componentId, const QString &scopePath = {}) const;
    // The component types the factory renders natively (the basic catalog).
    static QStringList supportedTypes();

    // Bounds on what an agent can make the window build: nesting depth, and components per
    // surface (an agent may send 100,000; the rest are named in a note, not built).
    static constexpr int kMaxDepth = 64;
    static constexpr int kMaxRendered = 2000;

Q_SIGNALS:
    // A Button with a server event action was clicked: {name, surfaceId, sourceComponentId,
    // timestamp, context} with the context resolved from the data model.
    void userActionTriggered(const QJsonObject &userAction);
    // A Button with a local functionCall action (e.g. openUrl) was clicked; nothing is sent.
    void localFunctionTriggered(const QJsonObject &functionCall);
    void dataModelChanged();
    void inspectRequested(const QString &componentId, const QString &scopePath);

private:
    using Builder = QWidget *(SurfaceWidget::*)(const a2ui::Component &, const QString &);
    static const QHash<QString, Builder> &factory();

    QWidget *build(const QString &id, const QString &scope);
    QWidget *decorate(QWidget *w, const a2ui::Component &c, const QString &scope);
    QLabel *notRenderedNote(qsizetype count); // past kMaxRendered
    QWidget *placeholder(const QString &text, const QJsonObject &json = {});

    QWidget *buildText(const a2ui::Component &c, const QString &scope);
    QWidget *buildImage(const a2ui::Component &c, const QString &scope);
    QWidget *buildIcon(const a2ui::Component &c, const QString &scope);
    QWidget *buildMedia(const a2ui::Component &c, const QString &scope);
    QWidget *buildRowColumn(const a2ui::Component &c, const QString &scope);
    QWidget *buildList(const a2ui::Component &c, const QString &scope);
    QWidget *buildCard(const a2ui::Component &c, const QString &scope);
    QWidget *buildTabs(const a2ui::Component &c, const QString &scope);
    QWidget *buildDivider(const a2ui::Component &c, const QString &scope);
    QWidget *buildModal(const a2ui::Component &c, const QString &scope);
    QWidget *buildButton(const a2ui::Component &c, const QString &scope);
    QWidget *buildCheckBox(const a2ui::Component &c, const QString &scope);
    QWidget *buildTextField(const a2ui::Component &c, const QString &scope);
    QWidget *buildDateTimeInput(const a2ui::Component &c, const QString &scope);
    QWidget *buildChoicePicker(const a2ui::Component &c, const QString &scope);
    QWidget *buildSlider(const a2ui::Component &c, const QString &scope);

    // Adds the children of c (explicit or template) to layout; notes truncated templates.
    void addChildren(QBoxLayout *layout, const a2ui::Component &c, const QString &scope,
                     bool applyWeights);
    // A label (plain text) bound to prop, or nullptr when c has no such prop.
    QWidget *labelFor(const a2ui::Component &c, const char *prop, const QString &scope);
    // A message line under an input showing its failing checks.
    QWidget *checksLine(const a2ui::Component &c, const QString &scope);
    QVBoxLayout *labelledColumn(QWidget *w, const a2ui::Component &c, const QString &scope);

    QJsonValue value(const a2ui::Component &c, const char *prop, const QString &scope) const;
    std::optional<QString> pathOf(const a2ui::Component &c, const char *prop,
                                  const QString &scope) const;
    // Runs fn now and after every data model change while owner lives.
    void bind(QObject *owner, std::function<void()> fn);
    void writeUser(const QString &path, const QJsonValue &value);
    void refreshAll();
    void triggerAction(const QString &componentId, const QString &scope);

    a2ui::Surface m_surface;
    QPointer<ImageConsent> m_consent;
    std::function<QDateTime()> m_clock;
    QWidget *m_root = nullptr;
    QVBoxLayout *m_layout = nullptr;
    struct Refresher
    {
        QPointer<QObject> owner;
        std::function<void()> fn;
    };
    QList<Refresher> m_refreshers;
    QHash<QString, QPointer<QWidget>> m_widgets; // "id@scope"
    QStringList m_building; // ids being built (cycle and depth guard)
    int m_rendered = 0; // components built for this surface (kMaxRendered)
    // Templates as built: (absolute data path, items there). When a data change alters a count the
    // widgets are rebuilt, since template instances are materialised widgets.
    QList<QPair<QString, qsizetype>> m_templates;
    bool templatesChanged() const;
    bool m_refreshing = false;
};

} // namespace agui::ui
