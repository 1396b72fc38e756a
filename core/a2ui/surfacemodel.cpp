#include "core/a2ui/surfacemodel.h"

#include "core/json/jsonpatch.h"

#include <QJsonDocument>

namespace agui::a2ui {

QString surfaceActivityType()
{
    return QStringLiteral("a2ui-surface");
}

QString operationsKey()
{
    return QStringLiteral("a2ui_operations");
}

std::optional<QJsonArray> operationsFromActivity(const QJsonObject &content, QString *error)
{
    const QJsonValue ops = content.value(operationsKey());
    if (ops.isUndefined())
        return std::nullopt;
    if (!ops.isArray()) {
        if (error)
            *error = QStringLiteral("content.a2ui_operations must be an array");
        return std::nullopt;
    }
    return ops.toArray();
}

std::optional<QJsonArray> operationsFromToolResult(const QJsonValue &content)
{
    QJsonValue v = content;
    // A string holding the JSON (some servers encode twice: a JSON string holding JSON text).
    for (int depth = 0; depth < 3 && v.isString(); ++depth) {
        QJsonParseError err;
        const QByteArray text = v.toString().trimmed().toUtf8();
        const QJsonDocument doc = QJsonDocument::fromJson(text, &err);
        if (err.error == QJsonParseError::NoError) {
            v = doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
            continue;
        }
        // A JSON string literal ("\"{...}\""): QJsonDocument only parses containers.
        const QJsonDocument wrapped = QJsonDocument::fromJson("[" + text + "]", &err);
        if (err.error != QJsonParseError::NoError || !wrapped.array().at(0).isString())
            return std::nullopt;
        v = wrapped.array().at(0);
    }
    if (!v.isObject())
        return std::nullopt;
    const QJsonValue ops = v.toObject().value(operationsKey());
    if (!ops.isArray())
        return std::nullopt;
    return ops.toArray();
}

bool applyActivityDelta(QJsonObject &content, const QJsonValue &patch, QString *error)
{
    const json::PatchResult r = json::applyPatch(content, patch);
    if (!r.ok) {
        if (error)
            *error = QStringLiteral("patch op %1 (%2): %3")
                         .arg(r.error.opIndex)
                         .arg(r.error.path, r.error.message);
        return false;
    }
    if (!r.document.isObject()) {
        if (error)
            *error = QStringLiteral("the patched activity content is not an object");
        return false;
    }
    content = r.document.toObject();
    return true;
}

SurfaceSet buildSurfaceSet(const QList<A2uiSource> &sources)
{
    SurfaceSet set;
    for (const A2uiSource &source : sources) {
        if (source.kind == A2uiSource::Kind::Activity) {
            const QJsonObject content = source.content.toObject();
            QString error;
            const auto ops = operationsFromActivity(content, &error);
            if (ops) {
                set.applySource(source.id, *ops);
            } else {
                PendingSurface pending;
                pending.sourceId = source.id;
                pending.status = content.value(QStringLiteral("status")).toString();
                pending.content = content;
                set.addPending(pending);
                if (!error.isEmpty())
                    set.addIssue(Issue {QStringLiteral("a2ui.bad-message"),
                                        Severity::Error,
                                        {},
                                        {},
                                        QStringLiteral("/a2ui_operations"),
                                        error,
                                        source.id,
                                        -1,
                                        {}});
            }
        } else if (const auto ops = operationsFromToolResult(source.content)) {
            set.applySource(source.id, *ops);
        }
    }
    return set;
}

SurfaceSet surfacesFromActivity(const QJsonObject &content, const QString &sourceId)
{
    return buildSurfaceSet({A2uiSource {A2uiSource::Kind::Activity, sourceId, content}});
}

} // namespace agui::a2ui
