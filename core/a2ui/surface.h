#pragma once

// The model of one A2UI surface (no widgets): a flat id -> component map, the data model, the
// catalog and theme, the render gate, and the user's local edits. Built by SurfaceSet from A2UI
// messages of any version; the renderer reads it, inputs write to it.

#include "core/a2ui/issue.h"
#include "core/a2ui/version.h"

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace agui::a2ui {

struct Component
{
    QString id;
    // Type in the v0.9 vocabulary ("ChoicePicker" for a v0.8 MultipleChoice).
    QString type;
    // The component in the v0.9 shape, whatever version it arrived in: {"id", "component":"Type",
    // ...props} with v0.8 BoundValues turned into literals / {"path"} and v0.8 prop names renamed
    // (usageHint -> variant, tabItems -> tabs, explicitList -> array, ...). What the renderer
    // reads.
    QJsonObject normalized;
    // The component exactly as received (for the inspector).
    QJsonObject original;
    Version version = Version::Unknown; // of the message that last set it
    qsizetype order = 0; // first-arrival order within the surface
};

// A value the user typed, and what the agent's model held at that path when they typed it: a later
// snapshot re-applies the edit only while the agent's value there is still that baseline.
struct UserEdit
{
    QJsonValue value;
    std::optional<QJsonValue> agentBaseline; // nullopt: the path did not exist in the agent's model
};

struct Surface
{
    QString surfaceId;
    Version version = Version::Unknown; // of the message that created it
    QString catalogId; // as sent ("" when the producer left it out: the basic catalog is assumed)
    QJsonObject theme; // v0.9 createSurface.theme / v0.8 beginRendering.styles
    QHash<QString, Component> components;
    QStringList componentOrder; // ids in first-arrival order
    QString rootId; // v0.9+: "root"; v0.8: beginRendering.root ("" until then)
    // The model the renderer shows: the agent's model with the user's edits applied over it.
    QJsonValue dataModel = QJsonObject();
    // The model as the agent sent it (no user edits): what edits are compared against.
    QJsonValue agentDataModel = QJsonObject();
    QMap<QString, UserEdit> userEdits; // absolute JSON Pointer -> edit
    // v0.8: after beginRendering; v0.9+: once a component with id "root" exists.
    bool ready = false;
    bool sendDataModel = false;
    QString sourceId; // the source (activity message / tool call) that created it
    Issues diagnostics; // problems met while applying its messages

    bool isBasicCatalog() const; // catalogId empty or an alias of the basic catalog
    const Component *component(const QString &id) const; // nullptr when absent

    // Writes a value typed by the user: into dataModel at the absolute pointer path (creating
    // missing containers), and remembers it as a user edit. False (and *error) when the path cannot
    // be written (e.g. through a string).
    bool setUserValue(const QString &path, const QJsonValue &value, QString *error = nullptr);
    // Recomputes dataModel = agentDataModel + every user edit (used after agent updates).
    void reapplyUserEdits();
};

} // namespace agui::a2ui
