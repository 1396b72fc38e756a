#pragma once

// The "Surfaces" tab: every A2UI surface as of the selected event. A surface picker, the rendered
// surface, and a side panel with its data model, the inspected component and its lint findings.
// What the user types stays when the selection moves (SurfaceSet::carryUserEditsFrom), unless the
// agent changed that value.

#include "core/a2ui/surfaceset.h"

#include <QJsonObject>
#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QScrollArea;
class QTabWidget;

namespace agui::ui {

class ImageConsent;
class SurfaceWidget;

class SurfacesPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SurfacesPanel(QWidget *parent = nullptr);

    // Shows set (keeping the user's edits of surfaces still there, and the picked surface).
    void setSurfaces(const a2ui::SurfaceSet &set);
    // The surfaces as shown, with the user's edits.
    const a2ui::SurfaceSet &surfaces() const { return m_set; }

    QString currentSurfaceId() const;
    void setCurrentSurface(const QString &surfaceId);

    SurfaceWidget *surfaceWidget() const { return m_surface; }
    ImageConsent *imageConsent() const { return m_consent; }
    QPlainTextEdit *dataModelView() const { return m_dataModel; }
    QPlainTextEdit *inspectorView() const { return m_inspector; }
    // Shows a component in the inspector (also reached from a widget's context menu).
    void inspect(const QString &componentId, const QString &scopePath = {});

Q_SIGNALS:
    // A Button with an action was clicked on the shown surface (see SurfaceWidget).
    void userActionTriggered(const QJsonObject &userAction);

private:
    void showCurrent();
    void updateSidePanel();

    a2ui::SurfaceSet m_set;
    ImageConsent *m_consent = nullptr;
    QComboBox *m_picker = nullptr;
    QLabel *m_status = nullptr;
    QScrollArea *m_scroll = nullptr;
    SurfaceWidget *m_surface = nullptr;
    QTabWidget *m_side = nullptr;
    QPlainTextEdit *m_dataModel = nullptr;
    QPlainTextEdit *m_inspector = nullptr;
    QListWidget *m_findings = nullptr;
    QString m_shownId;
    QString m_inspectedId;
    QString m_inspectedScope;
};

} // namespace agui::ui
