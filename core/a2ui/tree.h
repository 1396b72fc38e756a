#pragma once

// The component tree as the renderer walks it: child references of a (normalized) component and
// list templates expanded against the data model, with a cap on materialised children
// (a2ui-project/a2ui#2387: unbounded templates froze renderers).

#include "core/a2ui/surface.h"

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace agui::a2ui {

constexpr qsizetype DefaultTemplateCap = 500;

// One child to render: the component id and the data scope it renders in (the absolute pointer of
// its template item, or the parent's scope for explicit children).
struct ChildRef
{
    QString id;
    QString scopePath;
    qsizetype templateIndex = -1; // index of the item for template instances, -1 otherwise
    QString templateKey; // v0.8 map templates: the item's key
};

struct Children
{
    QList<ChildRef> refs;
    bool isTemplate = false;
    QString templatePath; // absolute path of the array/map iterated
    qsizetype total = 0; // items in the data (refs may hold fewer when capped)
    bool truncated = false;
};

// children of a normalized component: ["a","b"] or {componentId, path} (v0.9+, arrays only) or,
// for v0.8 surfaces, map templates too. Components without "children" give an empty result.
Children childrenOf(const Surface &surface, const QJsonObject &normalized, const QString &scopePath,
                    qsizetype cap = DefaultTemplateCap);

// Every component id a normalized component references statically, with the JSON Pointer (within
// the component) of each reference: child, children[i], children.componentId, trigger, content,
// tabs[i].child. For linting and cycle detection.
struct StaticRef
{
    QString id;
    QString pointer; // e.g. "/children/2", "/tabs/0/child"
};
QList<StaticRef> staticReferences(const QJsonObject &normalized);

} // namespace agui::a2ui
