#include "core/a2ui/a2uilint.h"

#include "core/a2ui/indexscope.h"
#include "core/a2ui/nestinglimits.h"
#include "core/a2ui/reservedkeys.h"

#include "core/a2ui/normalize.h"
#include "core/a2ui/tree.h"
#include "core/json/jsonpointer.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <vector>

namespace agui::a2ui {

const QList<LintRule> &lintRules()
{
    using S = Severity;
    static const QList<LintRule> rules {
        {QStringLiteral("a2ui.missing-root"), S::Error, QStringLiteral("no root component")},
        {QStringLiteral("a2ui.dangling-child"), S::Error,
         QStringLiteral("a child reference names an id the surface does not have")},
        {QStringLiteral("a2ui.cycle"), S::Error,
         QStringLiteral("a component is reachable from itself")},
        {QStringLiteral("a2ui.duplicate-id"), S::Error,
         QStringLiteral("an id appears twice in one component list")},
        {QStringLiteral("a2ui.unknown-component"), S::Warning,
         QStringLiteral("a component type outside the basic catalog")},
        {QStringLiteral("a2ui.version-mixed-prop"), S::Warning,
         QStringLiteral("prop names or shapes of another A2UI version")},
        {QStringLiteral("a2ui.unresolved-path"), S::Warning,
         QStringLiteral("a bound path with nothing at it in the data model")},
        {QStringLiteral("a2ui.unknown-catalog"), S::Warning,
         QStringLiteral("a catalogId that is not a known basic catalog alias")},
        {QStringLiteral("a2ui.missing-required"), S::Error,
         QStringLiteral("a required prop of a basic component is absent")},
        {QStringLiteral("a2ui.unreachable"), S::Info,
         QStringLiteral("a component not reachable from the root")},
        {QStringLiteral("a2ui.unknown-message"), S::Error,
         QStringLiteral("a message with no known operation")},
        {QStringLiteral("a2ui.unknown-version"), S::Warning,
         QStringLiteral("a missing or unknown \"version\"")},
        {QStringLiteral("a2ui.bad-message"), S::Error,
         QStringLiteral("a required field is missing or has the wrong type")},
        {QStringLiteral("a2ui.missing-surface"), S::Error,
         QStringLiteral("an update or delete for a surface that does not exist")},
        {QStringLiteral("a2ui.create-existing"), S::Error,
         QStringLiteral("createSurface for a live surface in the same message list")},
        {QStringLiteral("a2ui.surface-replaced"), S::Info,
         QStringLiteral("a newer source re-created a surface")},
        {QStringLiteral("a2ui.data-write-failed"), S::Error,
         QStringLiteral("a data model write that cannot be done")},
        {QStringLiteral("a2ui.template-truncated"), S::Warning,
         QStringLiteral("a list template with more items than are materialised")},
        {QStringLiteral("a2ui.index-outside-template"), S::Error,
         QStringLiteral("@index called by a component no list template renders")},
        {QStringLiteral("a2ui.nesting-limit"), S::Error,
         QStringLiteral("a value nested deeper than 50 levels, or calls deeper than 5")},
        {QStringLiteral("a2ui.reserved-key"), S::Error,
         QStringLiteral("a v1.0 key in the reserved @ namespace other than @path and @call")},
        {QStringLiteral("a2ui.unsupported-message"), S::Info,
         QStringLiteral("an operation this inspector does not render")},
    };
    return rules;
}

namespace {

QStringList requiredProps(const QString &type, Version origin)
{
    if (type == QStringLiteral("Text"))
        return {QStringLiteral("text")};
    if (type == QStringLiteral("Image") || type == QStringLiteral("Video")
        || type == QStringLiteral("AudioPlayer"))
        return {QStringLiteral("url")};
    if (type == QStringLiteral("Icon"))
        return {QStringLiteral("name")};
    if (type == QStringLiteral("Row") || type == QStringLiteral("Column")
        || type == QStringLiteral("List"))
        return {QStringLiteral("children")};
    if (type == QStringLiteral("Card"))
        return {QStringLiteral("child")};
    if (type == QStringLiteral("Tabs"))
        return {QStringLiteral("tabs")};
    if (type == QStringLiteral("Modal"))
        return {QStringLiteral("trigger"), QStringLiteral("content")};
    if (type == QStringLiteral("Button"))
        return {QStringLiteral("child"), QStringLiteral("action")};
    if (type == QStringLiteral("CheckBox"))
        return {QStringLiteral("label"), QStringLiteral("value")};
    if (type == QStringLiteral("TextField"))
        return {QStringLiteral("label")};
    if (type == QStringLiteral("DateTimeInput"))
        return {QStringLiteral("value")};
    if (type == QStringLiteral("ChoicePicker"))
        return {QStringLiteral("options"), QStringLiteral("value")};
    if (type == QStringLiteral("Slider")) {
        if (origin == Version::V0_8)
            return {QStringLiteral("value")};
        return {QStringLiteral("value"), QStringLiteral("max")};
    }
    return {};
}

// v0.9 names that have no meaning in a v0.8 component of that type.
QStringList modernPropNames(const QString &v08Type)
{
    QStringList names {QStringLiteral("checks")};
    if (v08Type == QStringLiteral("Text") || v08Type == QStringLiteral("Image"))
        names << QStringLiteral("variant");
    if (v08Type == QStringLiteral("Image"))
        names << QStringLiteral("description");
    if (v08Type == QStringLiteral("Row") || v08Type == QStringLiteral("Column"))
        names << QStringLiteral("justify") << QStringLiteral("align");
    if (v08Type == QStringLiteral("List"))
        names << QStringLiteral("align");
    if (v08Type == QStringLiteral("Tabs"))
        names << QStringLiteral("tabs");
    if (v08Type == QStringLiteral("Modal"))
        names << QStringLiteral("trigger") << QStringLiteral("content");
    if (v08Type == QStringLiteral("Button"))
        names << QStringLiteral("variant");
    if (v08Type == QStringLiteral("TextField"))
        names << QStringLiteral("value") << QStringLiteral("variant");
    if (v08Type == QStringLiteral("Slider"))
        names << QStringLiteral("min") << QStringLiteral("max");
    return names;
}

bool isV08BoundObject(const QJsonValue &v)
{
    const QJsonObject o = v.toObject();
    return o.contains(QStringLiteral("literalString"))
        || o.contains(QStringLiteral("literalNumber"))
        || o.contains(QStringLiteral("literalBoolean"))
        || o.contains(QStringLiteral("literalArray"));
}

// Every absolute {path} binding inside v, with its pointer.
void collectAbsolutePaths(const QJsonValue &v, const QString &pointer,
                          QList<QPair<QString, QString>> &out)
{
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            collectAbsolutePaths(a.at(i), pointer + QLatin1Char('/') + QString::number(i), out);
        return;
    }
    if (!v.isObject())
        return;
    const QJsonObject o = v.toObject();
    const QJsonValue path = o.value(QStringLiteral("path"));
    if (path.isString() && !o.contains(QStringLiteral("componentId"))) {
        if (path.toString().startsWith(QLatin1Char('/')))
            out.append({pointer + QStringLiteral("/path"), path.toString()});
        return;
    }
    for (auto it = o.begin(); it != o.end(); ++it)
        collectAbsolutePaths(
            it.value(), pointer + QLatin1Char('/') + json::Pointer::escapeToken(it.key()), out);
}

// A cycle as "a -> b -> a"; a long one (an agent can make one of 10,000 components) by its ends
// and its length, so the finding stays readable.
QString cycleText(const QStringList &ids)
{
    constexpr qsizetype kEnds = 4;
    const QString arrow = QStringLiteral(" -> ");
    if (ids.size() <= 3 * kEnds)
        return ids.join(arrow);
    return QStringLiteral("%1 -> … (%2 components) … -> %3")
        .arg(ids.first(kEnds).join(arrow))
        .arg(ids.size() - 1)
        .arg(ids.last(kEnds).join(arrow));
}

// The suites' phrases first ("Self-reference detected", "Circular component reference",
// "Circular reference detected"), then the loop itself.
QString cycleMessage(const QStringList &cycle)
{
    if (cycle.size() <= 2)
        return QStringLiteral("Self-reference detected: \"%1\" is its own child. Circular "
                              "reference detected: %2")
            .arg(cycle.value(0), cycleText(cycle));
    return QStringLiteral("Circular component reference: %1. Circular reference detected: none "
                          "of these components can render")
        .arg(cycleText(cycle));
}

Issue make(const Surface &s, const char *rule, Severity sev, const QString &componentId,
           const QString &path, const QString &message)
{
    return Issue {QLatin1String(rule), sev, s.surfaceId, componentId, path, message,
                  s.sourceId,          -1,  {}};
}

} // namespace

Issues lintSurface(const Surface &s)
{
    Issues out;
    const bool v08 = s.version == Version::V0_8;

    if (!s.catalogId.isEmpty() && !isBasicCatalog(s.catalogId))
        out.append(make(s, "a2ui.unknown-catalog", Severity::Warning, {},
                        QStringLiteral("/catalogId"),
                        QStringLiteral("catalog \"%1\" is not a known basic catalog id; its "
                                       "components cannot be checked")
                            .arg(s.catalogId)));

    // Root.
    if (v08) {
        if (s.rootId.isEmpty())
            out.append(make(s, "a2ui.missing-root", Severity::Warning, {}, {},
                            QStringLiteral("no beginRendering yet: a v0.8 surface is not shown "
                                           "until beginRendering names its root")));
        else if (!s.components.contains(s.rootId))
            out.append(make(s, "a2ui.missing-root", Severity::Error, s.rootId,
                            QStringLiteral("/beginRendering/root"),
                            QStringLiteral("beginRendering.root \"%1\" is not a component of the "
                                           "surface")
                                .arg(s.rootId)));
    } else if (!s.components.contains(QStringLiteral("root"))) {
        out.append(make(s, "a2ui.missing-root", Severity::Error, {}, {},
                        QStringLiteral("Missing root component: no component has id \"root\", so "
                                       "nothing is rendered")));
    }

    // v0.8 components rendered inside templates resolve even "/x" against the item (the
    // reference processor's quirk), so their paths are not checked against the root.
    QSet<QString> inV08Template;
    if (v08) {
        QStringList queue;
        for (const QString &id : s.componentOrder) {
            const QJsonObject t
                = s.components[id].normalized.value(QStringLiteral("children")).toObject();
            if (t.value(QStringLiteral("componentId")).isString())
                queue.append(t.value(QStringLiteral("componentId")).toString());
        }
        while (!queue.isEmpty()) {
            const QString id = queue.takeFirst();
            if (inV08Template.contains(id) || !s.components.contains(id))
                continue;
            inV08Template.insert(id);
            for (const StaticRef &ref : staticReferences(s.components[id].normalized))
                queue.append(ref.id);
        }
    }

    for (const QString &id : s.componentOrder) {
        const Component &c = s.components[id];
        // Dangling references.
        for (const StaticRef &ref : staticReferences(c.normalized)) {
            if (!s.components.contains(ref.id))
                out.append(make(s, "a2ui.dangling-child", Severity::Error, id, ref.pointer,
                                QStringLiteral("Dangling reference: \"%1\" references \"%2\", "
                                               "which is not a component of the surface")
                                    .arg(id, ref.id)));
        }
        const bool basic = s.isBasicCatalog();
        if (basic && !isBasicComponentType(c.type, Version::V0_9))
            out.append(make(s, "a2ui.unknown-component", Severity::Warning, id,
                            QStringLiteral("/component"),
                            QStringLiteral("\"%1\" is not a basic catalog component (rendered as "
                                           "a placeholder)")
                                .arg(c.type)));
        if (basic) {
            for (const QString &prop : requiredProps(c.type, c.version)) {
                if (!c.normalized.contains(prop))
                    out.append(make(s, "a2ui.missing-required", Severity::Error, id,
                                    QLatin1Char('/') + prop,
                                    QStringLiteral("%1 \"%2\" has no \"%3\" (required)")
                                        .arg(c.type, id, prop)));
            }
        }
        // Props of the other version.
        if (c.version == Version::V0_8) {
            const QJsonObject wrapper = c.original.value(QStringLiteral("component")).toObject();
            const QJsonObject props
                = wrapper.isEmpty() ? QJsonObject() : wrapper.begin().value().toObject();
            const QString v08Type = wrapper.isEmpty() ? c.type : wrapper.begin().key();
            for (const QString &name : modernPropNames(v08Type)) {
                if (props.contains(name))
                    out.append(make(s, "a2ui.version-mixed-prop", Severity::Warning, id,
                                    QStringLiteral("/component/%1/%2").arg(v08Type, name),
                                    QStringLiteral("\"%1\" is a v0.9 prop name; v0.8 %2 does not "
                                                   "define it")
                                        .arg(name, v08Type)));
            }
        } else if (c.original.value(QStringLiteral("component")).isString()) {
            const QString origType = c.original.value(QStringLiteral("component")).toString();
            if (origType == QStringLiteral("MultipleChoice"))
                out.append(make(s, "a2ui.version-mixed-prop", Severity::Warning, id,
                                QStringLiteral("/component"),
                                QStringLiteral("MultipleChoice is the v0.8 name; v0.9 calls it "
                                               "ChoicePicker")));
            for (const QString &name : legacyPropNames(origType)) {
                if (c.original.contains(name))
                    out.append(make(s, "a2ui.version-mixed-prop", Severity::Warning, id,
                                    QLatin1Char('/') + name,
                                    QStringLiteral("\"%1\" is a v0.8 prop name of %2; v0.9 renamed "
                                                   "it")
                                        .arg(name, origType)));
            }
            const QJsonObject children = c.original.value(QStringLiteral("children")).toObject();
            if (children.contains(QStringLiteral("explicitList"))
                || children.contains(QStringLiteral("template")))
                out.append(make(s, "a2ui.version-mixed-prop", Severity::Warning, id,
                                QStringLiteral("/children"),
                                QStringLiteral("children uses the v0.8 explicitList/template form; "
                                               "v0.9 uses an array or {componentId, path}")));
            for (auto it = c.original.begin(); it != c.original.end(); ++it) {
                if (isV08BoundObject(it.value()))
                    out.append(make(s, "a2ui.version-mixed-prop", Severity::Warning, id,
                                    QLatin1Char('/') + json::Pointer::escapeToken(it.key()),
                                    QStringLiteral("\"%1\" is a v0.8 BoundValue (literal*); v0.9 "
                                                   "takes the plain literal or {path}")
                                        .arg(it.key())));
            }
        }
        // Absolute bindings with nothing behind them (templates: their items' relative paths
        // depend on the item, so only absolute ones are checked).
        QList<QPair<QString, QString>> paths;
        for (auto it = c.normalized.begin(); it != c.normalized.end(); ++it) {
            if (it.key() == QStringLiteral("id") || it.key() == QStringLiteral("component"))
                continue;
            collectAbsolutePaths(it.value(),
                                 QLatin1Char('/') + json::Pointer::escapeToken(it.key()), paths);
        }
        const QJsonObject tpl = c.normalized.value(QStringLiteral("children")).toObject();
        if (tpl.value(QStringLiteral("path")).toString().startsWith(QLatin1Char('/')))
            paths.append(
                {QStringLiteral("/children/path"), tpl.value(QStringLiteral("path")).toString()});
        for (const auto &[pointer, path] : paths) {
            if (inV08Template.contains(id) && pointer != QStringLiteral("/children/path"))
                continue;
            if (json::resolve(s.dataModel, path))
                continue;
            Issue issue
                = make(s, "a2ui.unresolved-path", Severity::Warning, id, pointer,
                       QStringLiteral("nothing at %1 in the data model (shown empty)").arg(path));
            issue.dataPath = path;
            out.append(std::move(issue));
        }
        // Templates bigger than the renderer will materialise.
        if (tpl.contains(QStringLiteral("componentId"))) {
            const Children ch = childrenOf(s, c.normalized, QString());
            if (ch.truncated)
                out.append(make(s, "a2ui.template-truncated", Severity::Warning, id,
                                QStringLiteral("/children"),
                                QStringLiteral("%1 items at %2; only the first %3 are shown")
                                    .arg(ch.total)
                                    .arg(ch.templatePath)
                                    .arg(ch.refs.size())));
        }
    }

    // Cycles: depth-first over static references; each back edge reported once. With an explicit
    // stack, because an agent may nest components 10,000 deep (a recursive walk would exhaust
    // the stack of the thread that lints).
    QHash<QString, int> state; // 0 unvisited, 1 on the path, 2 done
    QStringList path; // ids from the start of the walk to the current one
    struct Frame
    {
        QString id;
        QList<StaticRef> refs;
        qsizetype next = 0;
    };
    const auto visit = [&](const QString &start) {
        std::vector<Frame> frames;
        const auto enter = [&](const QString &id) {
            state[id] = 1;
            path.append(id);
            frames.push_back({id, staticReferences(s.components[id].normalized)});
        };
        enter(start);
        while (!frames.empty()) {
            Frame &top = frames.back();
            if (top.next == top.refs.size()) {
                state[top.id] = 2;
                path.removeLast();
                frames.pop_back();
                continue;
            }
            const StaticRef ref = top.refs.at(top.next++);
            if (!s.components.contains(ref.id))
                continue;
            const int st = state.value(ref.id);
            if (st == 1) {
                QStringList cycle = path.mid(path.lastIndexOf(ref.id));
                cycle.append(ref.id);
                out.append(make(s, "a2ui.cycle", Severity::Error, top.id, ref.pointer,
                                cycleMessage(cycle)));
            } else if (st == 0) {
                enter(ref.id); // `top` is not used after this: push_back may move it
            }
        }
    };
    const QString root = v08 ? s.rootId : QStringLiteral("root");
    if (s.components.contains(root))
        visit(root);
    QSet<QString> reachable;
    for (auto it = state.cbegin(); it != state.cend(); ++it)
        reachable.insert(it.key());
    for (const QString &id : s.componentOrder) {
        if (state.value(id) == 0)
            visit(id);
    }
    out.append(reservedKeyIssues(s));
    out.append(nestingLimitIssues(s));
    out.append(indexScopeIssues(s));
    // Unreachable (only meaningful once there is a root).
    if (s.components.contains(root)) {
        for (const QString &id : s.componentOrder) {
            if (!reachable.contains(id))
                out.append(make(
                    s, "a2ui.unreachable", Severity::Info, id, {},
                    QStringLiteral("Orphaned component: \"%1\" is not reachable from \"%2\" (not "
                                   "rendered)")
                        .arg(id, root)));
        }
    }
    return out;
}

Issues lintSurfaceSet(const SurfaceSet &set)
{
    Issues out = set.issues();
    for (const QString &id : set.surfaceIds()) {
        const Surface *s = set.surface(id);
        out.append(s->diagnostics);
        out.append(lintSurface(*s));
    }
    return out;
}

} // namespace agui::a2ui
