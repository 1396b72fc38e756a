#include "core/a2ui/normalize.h"

#include "core/a2ui/binding.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace agui::a2ui {

namespace {

bool looksLikeV08Bound(const QJsonObject &o)
{
    if (o.isEmpty())
        return false;
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString &k = it.key();
        if (k != QStringLiteral("path") && k != QStringLiteral("literalString")
            && k != QStringLiteral("literalNumber") && k != QStringLiteral("literalBoolean")
            && k != QStringLiteral("literalArray"))
            return false;
    }
    return true;
}

QJsonValue firstLiteral(const QJsonObject &o)
{
    for (const char *key : {"literalString", "literalNumber", "literalBoolean", "literalArray"}) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isUndefined())
            return v;
    }
    return QJsonValue(QJsonValue::Undefined);
}

// Converts v0.8 BoundValues anywhere inside a prop (tab titles, option labels) and records the
// path+literal initialisations.
QJsonValue convertBounds(const QJsonValue &v, bool v08Paths,
                         QList<QPair<QString, QJsonValue>> *inits)
{
    if (v.isArray()) {
        QJsonArray out;
        for (const auto &item : v.toArray())
            out.append(convertBounds(item, v08Paths, inits));
        return out;
    }
    if (!v.isObject())
        return v;
    const QJsonObject o = v.toObject();
    if (looksLikeV08Bound(o)) {
        const QJsonValue literal = firstLiteral(o);
        if (o.value(QStringLiteral("path")).isString()) {
            const QString raw = o.value(QStringLiteral("path")).toString();
            const QString p = v08Paths ? normalizeV08Path(raw) : raw;
            if (!literal.isUndefined() && inits) // relative at top level = from the root
                inits->append({absolutePath(p, QString()), literal});
            return QJsonObject {{QStringLiteral("path"), p}};
        }
        return literal;
    }
    if (o.value(QStringLiteral("call")).isString())
        return o; // a v0.9 function call is already in shape
    QJsonObject out;
    for (auto it = o.begin(); it != o.end(); ++it)
        out.insert(it.key(), convertBounds(it.value(), v08Paths, inits));
    return out;
}

void rename(QJsonObject &props, const char *from, const char *to)
{
    const QString f = QLatin1String(from), t = QLatin1String(to);
    if (props.contains(f) && !props.contains(t))
        props.insert(t, props.value(f));
    props.remove(f);
}

QJsonValue normalizeChildren(const QJsonValue &children, bool v08Paths)
{
    if (!children.isObject())
        return children;
    const QJsonObject o = children.toObject();
    if (o.value(QStringLiteral("explicitList")).isArray())
        return o.value(QStringLiteral("explicitList"));
    if (o.value(QStringLiteral("template")).isObject()) {
        const QJsonObject t = o.value(QStringLiteral("template")).toObject();
        const QString binding = t.value(QStringLiteral("dataBinding")).toString();
        return QJsonObject {
            {QStringLiteral("componentId"), t.value(QStringLiteral("componentId"))},
            {QStringLiteral("path"), v08Paths ? normalizeV08Path(binding) : binding}};
    }
    return children;
}

// v0.8 action {name, context:[{key, value}]} -> v0.9 {event:{name, context:{key: value}}}.
QJsonValue normalizeAction(const QJsonValue &action, bool v08Paths)
{
    if (!action.isObject())
        return action;
    const QJsonObject a = action.toObject();
    if (a.contains(QStringLiteral("event")) || a.contains(QStringLiteral("functionCall")))
        return convertBounds(a, v08Paths, nullptr);
    if (!a.contains(QStringLiteral("name")))
        return action;
    QJsonObject event {{QStringLiteral("name"), a.value(QStringLiteral("name"))}};
    const QJsonValue ctx = a.value(QStringLiteral("context"));
    if (ctx.isArray()) {
        QJsonObject map;
        for (const auto &entry : ctx.toArray()) {
            const QJsonObject e = entry.toObject();
            map.insert(e.value(QStringLiteral("key")).toString(),
                       convertBounds(e.value(QStringLiteral("value")), v08Paths, nullptr));
        }
        event.insert(QStringLiteral("context"), map);
    } else if (ctx.isObject()) {
        event.insert(QStringLiteral("context"), convertBounds(ctx, v08Paths, nullptr));
    }
    return QJsonObject {{QStringLiteral("event"), event}};
}

// The v0.8 -> v0.9 renames of §2.2 (applied to v0.8 components, and as tolerant aliases to
// hybrid v0.9 ones). Only fills a v0.9 name that is not already there.
void applyRenames(QString &type, QJsonObject &props, bool v08Paths)
{
    if (type == QStringLiteral("MultipleChoice")) {
        type = QStringLiteral("ChoicePicker");
        // v0.8 variant checkbox/chips is the v0.9 displayStyle.
        if (props.contains(QStringLiteral("variant"))
            && !props.contains(QStringLiteral("displayStyle")))
            rename(props, "variant", "displayStyle");
    }
    rename(props, "usageHint", "variant");
    rename(props, "distribution", "justify");
    rename(props, "alignment", "align");
    rename(props, "entryPointChild", "trigger");
    rename(props, "contentChild", "content");
    rename(props, "tabItems", "tabs");
    if (type == QStringLiteral("Image"))
        rename(props, "altText", "description");
    if (type == QStringLiteral("TextField")) {
        rename(props, "text", "value");
        rename(props, "textFieldType", "variant");
    }
    if (type == QStringLiteral("CheckBox"))
        rename(props, "checked", "value");
    if (type == QStringLiteral("Button") && props.contains(QStringLiteral("primary"))) {
        if (!props.contains(QStringLiteral("variant")))
            props.insert(QStringLiteral("variant"),
                         props.value(QStringLiteral("primary")).toBool()
                             ? QStringLiteral("primary")
                             : QStringLiteral("default"));
        props.remove(QStringLiteral("primary"));
    }
    if (type == QStringLiteral("Slider")) {
        rename(props, "minValue", "min");
        rename(props, "maxValue", "max");
    }
    if (type == QStringLiteral("ChoicePicker")) {
        rename(props, "selections", "value");
        if (props.contains(QStringLiteral("maxAllowedSelections"))) {
            if (!props.contains(QStringLiteral("variant")))
                props.insert(QStringLiteral("variant"),
                             props.value(QStringLiteral("maxAllowedSelections")).toInt() == 1
                                 ? QStringLiteral("mutuallyExclusive")
                                 : QStringLiteral("multipleSelection"));
            props.remove(QStringLiteral("maxAllowedSelections"));
        }
    }
    if (props.contains(QStringLiteral("children")))
        props.insert(QStringLiteral("children"),
                     normalizeChildren(props.value(QStringLiteral("children")), v08Paths));
    if (props.contains(QStringLiteral("action")))
        props.insert(QStringLiteral("action"),
                     normalizeAction(props.value(QStringLiteral("action")), v08Paths));
}

} // namespace

QJsonValue normalizeV08BoundValue(const QJsonValue &bound)
{
    return convertBounds(bound, true, nullptr);
}

NormalizedComponent normalizeComponent(const QJsonObject &component, Version version)
{
    NormalizedComponent out;
    out.id = component.value(QStringLiteral("id")).toString();
    const QJsonValue typeValue = component.value(QStringLiteral("component"));
    QJsonObject props;
    const bool v08Shape = typeValue.isObject();
    if (v08Shape) {
        const QJsonObject wrapper = typeValue.toObject();
        if (wrapper.size() != 1) {
            out.problems.append(QStringLiteral("component must be an object with exactly one key "
                                               "(the type name); it has %1")
                                    .arg(wrapper.size()));
        }
        if (!wrapper.isEmpty()) {
            out.type = wrapper.begin().key();
            props = wrapper.begin().value().toObject();
        }
    } else if (typeValue.isString()) {
        out.type = typeValue.toString();
        props = component;
        props.remove(QStringLiteral("id"));
        props.remove(QStringLiteral("component"));
    } else {
        out.problems.append(QStringLiteral("Cannot create component %1 without a type: "
                                           "\"component\" is missing or neither a type name "
                                           "(v0.9) nor an object {Type:{...}} (v0.8)")
                                .arg(component.value(QStringLiteral("id")).toString()));
    }
    // Paths are normalised the v0.8 way only for v0.8 messages (dots are separators there).
    const bool v08Paths = version == Version::V0_8 || v08Shape;
    props = convertBounds(props, v08Paths, &out.initWrites).toObject();
    applyRenames(out.type, props, v08Paths);

    QJsonObject normalized {{QStringLiteral("id"), out.id},
                            {QStringLiteral("component"), out.type}};
    if (v08Shape && component.contains(QStringLiteral("weight")))
        normalized.insert(QStringLiteral("weight"), component.value(QStringLiteral("weight")));
    for (auto it = props.begin(); it != props.end(); ++it)
        normalized.insert(it.key(), it.value());
    out.normalized = normalized;
    return out;
}

static void addEntries(QJsonObject &out, const QJsonArray &entries, QStringList *problems,
                       int depth)
{
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QJsonObject e = entries.at(i).toObject();
        const QString key = e.value(QStringLiteral("key")).toString();
        if (!e.value(QStringLiteral("key")).isString()) {
            if (problems)
                problems->append(QStringLiteral("contents[%1] has no string key").arg(i));
            continue;
        }
        if (e.contains(QStringLiteral("valueString"))) {
            const QString s = e.value(QStringLiteral("valueString")).toString();
            const QString t = s.trimmed();
            if (t.startsWith(QLatin1Char('{')) || t.startsWith(QLatin1Char('['))) {
                QJsonParseError err;
                const QJsonDocument doc = QJsonDocument::fromJson(t.toUtf8(), &err);
                if (err.error == QJsonParseError::NoError) {
                    out.insert(key,
                               doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
                    continue;
                }
            }
            out.insert(key, s);
        } else if (e.contains(QStringLiteral("valueNumber"))) {
            out.insert(key, e.value(QStringLiteral("valueNumber")));
        } else if (e.contains(QStringLiteral("valueBoolean"))) {
            out.insert(key, e.value(QStringLiteral("valueBoolean")));
        } else if (e.value(QStringLiteral("valueMap")).isArray()) {
            QJsonObject nested;
            addEntries(nested, e.value(QStringLiteral("valueMap")).toArray(), problems, depth + 1);
            out.insert(key, nested);
        } else if (problems) {
            problems->append(QStringLiteral("contents[%1] (key \"%2\") has no value"
                                            "String/valueNumber/valueBoolean/valueMap")
                                 .arg(i)
                                 .arg(key));
        }
    }
}

QJsonValue contentsToJson(const QJsonValue &contents, QStringList *problems)
{
    if (!contents.isArray()) {
        if (problems)
            problems->append(QStringLiteral("contents must be an array"));
        return QJsonObject();
    }
    QJsonObject out;
    addEntries(out, contents.toArray(), problems, 0);
    if (out.size() == 1 && out.contains(QStringLiteral(".")))
        return out.value(QStringLiteral("."));
    return out;
}

QStringList legacyPropNames(const QString &type)
{
    if (type == QStringLiteral("Text"))
        return {QStringLiteral("usageHint")};
    if (type == QStringLiteral("Image"))
        return {QStringLiteral("usageHint"), QStringLiteral("altText")};
    if (type == QStringLiteral("Row") || type == QStringLiteral("Column"))
        return {QStringLiteral("distribution"), QStringLiteral("alignment")};
    if (type == QStringLiteral("List"))
        return {QStringLiteral("alignment")};
    if (type == QStringLiteral("Tabs"))
        return {QStringLiteral("tabItems")};
    if (type == QStringLiteral("Modal"))
        return {QStringLiteral("entryPointChild"), QStringLiteral("contentChild")};
    if (type == QStringLiteral("Button"))
        return {QStringLiteral("primary")};
    if (type == QStringLiteral("CheckBox"))
        return {QStringLiteral("checked")};
    if (type == QStringLiteral("TextField"))
        return {QStringLiteral("text"), QStringLiteral("textFieldType")};
    if (type == QStringLiteral("ChoicePicker") || type == QStringLiteral("MultipleChoice"))
        return {QStringLiteral("selections"), QStringLiteral("maxAllowedSelections")};
    if (type == QStringLiteral("Slider"))
        return {QStringLiteral("minValue"), QStringLiteral("maxValue")};
    return {};
}

} // namespace agui::a2ui
