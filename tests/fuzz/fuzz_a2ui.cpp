// Fuzz target: the A2UI surface model and binding (core/a2ui). The input is JSON: an array of
// A2UI messages (one source, as an a2ui-surface activity carries them) or one message. Every
// surface built is then walked as the renderer walks it (children, templates against the data
// model), every component inspected, its bound values resolved, its checks evaluated and its
// action built, a user edit written, the set linted and rebuilt with the edits carried over.

#include "core/a2ui/a2uilint.h"
#include "core/a2ui/action.h"
#include "core/a2ui/binding.h"
#include "core/a2ui/functions.h"
#include "core/a2ui/inspect.h"
#include "core/a2ui/surfaceset.h"
#include "core/a2ui/tree.h"
#include "fuzzsupport.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

using namespace agui;
using namespace agui::a2ui;
using namespace agui::fuzz;

namespace {

// The renderer's walk from the root, with its guards: each (component, scope) once, a bounded
// depth and template cap, so a cycle or a huge model cannot make it run away.
void walk(const Surface &surface, const QString &id, const QString &scope, int depth,
          QSet<QString> &seen)
{
    const QString key = id + u'\n' + scope;
    if (depth > 64 || seen.size() > 5000 || seen.contains(key))
        return;
    seen.insert(key);
    const Component *component = surface.component(id);
    if (!component)
        return;
    (void)inspectComponent(surface, id, scope);
    for (auto it = component->normalized.begin(); it != component->normalized.end(); ++it) {
        (void)resolve(it.value(), surface.dataModel, scope);
        (void)dependencyPaths(it.value(), scope);
    }
    const QJsonValue checks = component->normalized.value(QStringLiteral("checks"));
    if (checks.isArray())
        (void)evaluateChecks(checks, surface.dataModel, scope);
    if (component->type == u"Button")
        (void)buildUserAction(surface, id, surface.dataModel,
                              QDateTime::fromSecsSinceEpoch(0, Qt::UTC), scope);
    const Children children = childrenOf(surface, component->normalized, scope, 50);
    for (const ChildRef &child : children.refs)
        walk(surface, child.id, child.scopePath, depth + 1, seen);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(inputBytes(data, size));
    SurfaceSet set;
    if (doc.isArray())
        set.applySource(QStringLiteral("fuzz"), doc.array());
    else if (doc.isObject())
        set.applyMessage(doc.object());
    else
        return 0;
    (void)lintSurfaceSet(set);
    for (const QString &id : set.surfaceIds()) {
        Surface *surface = set.surface(id);
        check(surface != nullptr, "a listed surface exists");
        QSet<QString> seen;
        walk(*surface, surface->rootId, {}, 0, seen);
        for (const QString &componentId : surface->componentOrder)
            (void)staticReferences(surface->component(componentId)->normalized);
        // The user types into the first bound input there is.
        for (const QString &componentId : surface->componentOrder) {
            const QJsonObject &c = surface->component(componentId)->normalized;
            for (const char *prop : {"value", "text", "checked"}) {
                const std::optional<QString> path = boundPath(c.value(QLatin1StringView(prop)));
                if (path)
                    surface->setUserValue(*path, QStringLiteral("typed"));
            }
        }
        surface->reapplyUserEdits();
    }
    if (doc.isArray()) {
        SurfaceSet again;
        again.applySource(QStringLiteral("fuzz"), doc.array());
        again.carryUserEditsFrom(set);
    }
    return 0;
}
