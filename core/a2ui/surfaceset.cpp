#include "core/a2ui/surfaceset.h"

#include "core/a2ui/catalog.h"

#include "core/a2ui/binding.h"
#include "core/a2ui/normalize.h"
#include "core/json/jsonpatch.h"
#include "core/json/jsonpointer.h"
#include "core/json/jsontext.h"

#include <QSet>

namespace agui::a2ui {

namespace {

bool sameOptional(const std::optional<QJsonValue> &a, const std::optional<QJsonValue> &b)
{
    if (a.has_value() != b.has_value())
        return false;
    return !a || json::jsonEquals(*a, *b);
}

// Drops the user's edits where the agent's value changed since the edit, then rebuilds the shown
// model (agent model + remaining edits).
void settleUserEdits(Surface &s)
{
    for (auto it = s.userEdits.begin(); it != s.userEdits.end();) {
        if (sameOptional(json::resolve(s.agentDataModel, it.key()), it->agentBaseline))
            ++it;
        else
            it = s.userEdits.erase(it);
    }
    s.reapplyUserEdits();
}

QString keysOf(const QJsonObject &o)
{
    QStringList keys = o.keys();
    return keys.isEmpty() ? QStringLiteral("none") : keys.join(QStringLiteral(", "));
}

} // namespace

void SurfaceSet::record(Issue issue)
{
    if (issue.sourceId.isEmpty())
        issue.sourceId = m_currentSource;
    auto it = m_surfaces.find(issue.surfaceId);
    if (!issue.surfaceId.isEmpty() && it != m_surfaces.end())
        it->diagnostics.append(issue);
    else
        m_issues.append(issue);
}

Surface &SurfaceSet::createSurface(const QString &surfaceId, Version version,
                                   const QString &sourceId)
{
    Surface s;
    s.surfaceId = surfaceId;
    s.version = version;
    s.sourceId = sourceId;
    m_surfaces.insert(surfaceId, s);
    m_order.removeAll(surfaceId);
    m_order.append(surfaceId);
    m_deleted.removeAll(surfaceId);
    for (auto it = m_sourceSurfaces.begin(); it != m_sourceSurfaces.end(); ++it)
        it->removeAll(surfaceId);
    m_sourceSurfaces[sourceId].append(surfaceId);
    m_createdInCurrentSource.append(surfaceId);
    return m_surfaces[surfaceId];
}

void SurfaceSet::deleteSurface(const QString &surfaceId)
{
    auto it = m_surfaces.find(surfaceId);
    if (it == m_surfaces.end())
        return;
    // Its findings stay visible after it is gone.
    m_issues.append(it->diagnostics);
    m_surfaces.erase(it);
    m_order.removeAll(surfaceId);
    if (!m_deleted.contains(surfaceId))
        m_deleted.append(surfaceId);
}

void SurfaceSet::addPending(const PendingSurface &pending)
{
    m_pending.append(pending);
}

void SurfaceSet::applySource(const QString &sourceId, const QJsonArray &messages)
{
    // A source re-sends everything each time: rebuild its surfaces, keeping the user's edits.
    QMap<QString, QMap<QString, UserEdit>> savedEdits;
    for (const QString &id : m_sourceSurfaces.value(sourceId)) {
        auto it = m_surfaces.find(id);
        if (it == m_surfaces.end())
            continue;
        savedEdits.insert(id, it->userEdits);
        m_surfaces.erase(it);
        m_order.removeAll(id);
    }
    m_sourceSurfaces.remove(sourceId);
    m_issues.removeIf([&](const Issue &i) { return i.sourceId == sourceId; });
    for (Surface &other : m_surfaces)
        other.diagnostics.removeIf([&](const Issue &i) { return i.sourceId == sourceId; });
    m_pending.removeIf([&](const PendingSurface &p) { return p.sourceId == sourceId; });

    m_currentSource = sourceId;
    m_createdInCurrentSource.clear();
    for (qsizetype i = 0; i < messages.size(); ++i) {
        if (!messages.at(i).isObject()) {
            record(Issue {QStringLiteral("a2ui.bad-message"),
                          Severity::Error,
                          {},
                          {},
                          QStringLiteral("/%1").arg(i),
                          QStringLiteral("message %1 is a %2, not an object: %3")
                              .arg(i)
                              .arg(messages.at(i).isArray() ? QStringLiteral("array")
                                                            : QStringLiteral("scalar"),
                                   json::toShortJson(messages.at(i))),
                          sourceId,
                          i,
                          {}});
            continue;
        }
        applyMessage(messages.at(i).toObject(), sourceId, i);
    }
    m_currentSource.clear();
    m_createdInCurrentSource.clear();

    for (auto it = savedEdits.cbegin(); it != savedEdits.cend(); ++it) {
        Surface *s = surface(it.key());
        if (!s)
            continue;
        for (auto e = it->cbegin(); e != it->cend(); ++e) {
            if (!s->userEdits.contains(e.key()))
                s->userEdits.insert(e.key(), e.value());
        }
        settleUserEdits(*s);
    }
}

bool SurfaceSet::applyMessage(const QJsonObject &message, const QString &sourceId,
                              qsizetype messageIndex)
{
    const QString savedSource = m_currentSource;
    m_currentSource = sourceId;
    QString versionText;
    const Version version = detectVersion(message, &versionText);
    bool ambiguous = false;
    const QString op = operationKey(message, &ambiguous);
    bool ok = false;
    if (op.isEmpty()) {
        record(Issue {QStringLiteral("a2ui.unknown-message"),
                      Severity::Error,
                      {},
                      {},
                      {},
                      QStringLiteral("not an A2UI message: none of the operation keys is present "
                                     "(keys: %1)")
                          .arg(keysOf(message)),
                      sourceId,
                      messageIndex,
                      {}});
    } else {
        const QString surfaceId
            = message.value(op).toObject().value(QStringLiteral("surfaceId")).toString();
        if (ambiguous) {
            record(Issue {QStringLiteral("a2ui.bad-message"),
                          Severity::Error,
                          surfaceId,
                          {},
                          {},
                          QStringLiteral("Message contains multiple conflicting update actions "
                                         "(keys: %1); a message holds exactly one operation, "
                                         "only \"%2\" was applied")
                              .arg(keysOf(message), op),
                          sourceId,
                          messageIndex,
                          {}});
        }
        const bool v08Op = op == QStringLiteral("surfaceUpdate")
            || op == QStringLiteral("dataModelUpdate") || op == QStringLiteral("beginRendering");
        // An operation of another version than the message states: an error (the suites: "action
        // 'X' is not supported in protocol version vY"), applied by its own shape anyway so that
        // nothing the agent sent is hidden. A version we do not know stays a warning.
        const bool knownVersion = version != Version::Unknown;
        const bool v08Only = version == Version::V0_8 && !versionText.isEmpty();
        if ((v08Op && knownVersion && version != Version::V0_8) || (!v08Op && v08Only)) {
            record(Issue {
                QStringLiteral("a2ui.bad-message"),
                Severity::Error,
                surfaceId,
                {},
                QStringLiteral("/version"),
                QStringLiteral("action '%1' is not supported in protocol version %2; "
                               "applied as a %3 operation")
                    .arg(op, versionText, v08Op ? QStringLiteral("v0.8") : QStringLiteral("v0.9")),
                sourceId,
                messageIndex,
                {}});
        } else if (v08Op && !versionText.isEmpty() && version != Version::V0_8) {
            record(Issue {QStringLiteral("a2ui.unknown-version"),
                          Severity::Warning,
                          surfaceId,
                          {},
                          QStringLiteral("/version"),
                          QStringLiteral("\"%1\" is a v0.8 operation but the message says "
                                         "version \"%2\"; applied as v0.8")
                              .arg(op, versionText),
                          sourceId,
                          messageIndex,
                          {}});
        }
        if (v08Op) {
            ok = applyV08(message, op, sourceId, messageIndex);
        } else if (v08Only) {
            ok = applyV09(message, op, Version::V0_9, sourceId, messageIndex);
        } else if (version == Version::V0_8) {
            ok = applyV08(message, op, sourceId, messageIndex);
        } else {
            Version v = version;
            if (v == Version::Unknown) {
                record(Issue {
                    QStringLiteral("a2ui.unknown-version"),
                    Severity::Warning,
                    surfaceId,
                    {},
                    QStringLiteral("/version"),
                    versionText.isEmpty() && !message.contains(QStringLiteral("version"))
                        ? QStringLiteral("\"%1\" without \"version\" (required since "
                                         "v0.9); applied as v0.9")
                              .arg(op)
                        : QStringLiteral("version %1 is not one A2UI defines; "
                                         "applied as v0.9")
                              .arg(json::toShortJson(message.value(QStringLiteral("version")))),
                    sourceId,
                    messageIndex,
                    {}});
                v = Version::V0_9;
            }
            ok = applyV09(message, op, v, sourceId, messageIndex);
        }
    }
    m_currentSource = savedSource;
    return ok;
}

// v1.0 createSurface.metadata holds vendor extensions only ({"extensions": {<identifier>: …}}):
// what is wrong with it, by pointer within metadata.
static QList<QPair<QString, QString>> surfaceMetadataProblems(const QJsonValue &metadata)
{
    QList<QPair<QString, QString>> out;
    if (!metadata.isObject())
        return {{QString(), QStringLiteral("createSurface.metadata must be an object")}};
    const QJsonObject m = metadata.toObject();
    for (auto it = m.begin(); it != m.end(); ++it) {
        if (it.key() != QLatin1String("extensions"))
            out.append({QLatin1Char('/') + it.key(),
                        QStringLiteral("createSurface.metadata holds only \"extensions\", not "
                                       "\"%1\"")
                            .arg(it.key())});
    }
    const QJsonValue extensions = m.value(QStringLiteral("extensions"));
    if (!extensions.isUndefined() && !extensions.isObject())
        out.append({QStringLiteral("/extensions"),
                    QStringLiteral("createSurface.metadata.extensions must be an object")});
    const QJsonObject e = extensions.toObject();
    for (auto it = e.begin(); it != e.end(); ++it) {
        if (!isUax31Identifier(it.key()))
            out.append(
                {QStringLiteral("/extensions/") + it.key(),
                 QStringLiteral("extension key \"%1\" is not a UAX #31 identifier").arg(it.key())});
    }
    return out;
}

// Why a message's surfaceId is unusable, in the words of the suites when it is there but not a
// string.
static QString surfaceIdProblem(const QString &op, const QJsonObject &payload)
{
    const QJsonValue id = payload.value(QStringLiteral("surfaceId"));
    if (!id.isUndefined() && !id.isString())
        return QStringLiteral("surfaceId must be a string: %1.surfaceId is %2")
            .arg(op, json::toShortJson(id));
    return QStringLiteral("%1.surfaceId is required (a non-empty string)").arg(op);
}

// Upserts a component list into s. pathBase is the JSON Pointer of the list within the message.
static void upsertComponents(Surface &s, const QJsonArray &list, Version version,
                             const QString &pathBase, const QString &sourceId, qsizetype index,
                             Issues &issues)
{
    QSet<QString> seen;
    for (qsizetype j = 0; j < list.size(); ++j) {
        const QString where = QStringLiteral("%1/%2").arg(pathBase).arg(j);
        const QJsonObject raw = list.at(j).toObject();
        const QString id = raw.value(QStringLiteral("id")).toString();
        if (!list.at(j).isObject() || !raw.value(QStringLiteral("id")).isString() || id.isEmpty()) {
            issues.append(Issue {QStringLiteral("a2ui.bad-message"),
                                 Severity::Error,
                                 s.surfaceId,
                                 {},
                                 where,
                                 QStringLiteral("component %1 is missing an 'id' (a string): %2")
                                     .arg(j)
                                     .arg(json::toShortJson(list.at(j))),
                                 sourceId,
                                 index,
                                 {}});
            continue;
        }
        // v1.0: component ids are identifiers (UAX #31), like every other name.
        if (version == Version::V1_0 && !isUax31Identifier(id))
            issues.append(Issue {QStringLiteral("a2ui.bad-message"),
                                 Severity::Error,
                                 s.surfaceId,
                                 id,
                                 where + QStringLiteral("/id"),
                                 QStringLiteral("Component id '%1' must be a valid UAX #31 "
                                                "identifier in v1.0")
                                     .arg(id),
                                 sourceId,
                                 index,
                                 {}});
        if (seen.contains(id)) {
            issues.append(
                Issue {QStringLiteral("a2ui.duplicate-id"),
                       Severity::Error,
                       s.surfaceId,
                       id,
                       where + QStringLiteral("/id"),
                       QStringLiteral("id \"%1\" appears more than once in this component "
                                      "list; the later one wins")
                           .arg(id),
                       sourceId,
                       index,
                       {}});
        }
        seen.insert(id);
        const bool v08Shape = raw.value(QStringLiteral("component")).isObject();
        const NormalizedComponent n = normalizeComponent(raw, version);
        for (const QString &problem : n.problems)
            issues.append(Issue {QStringLiteral("a2ui.bad-message"),
                                 Severity::Error,
                                 s.surfaceId,
                                 id,
                                 where + QStringLiteral("/component"),
                                 problem,
                                 sourceId,
                                 index,
                                 {}});
        if (v08Shape && version != Version::V0_8) {
            issues.append(Issue {QStringLiteral("a2ui.version-mixed-prop"),
                                 Severity::Warning,
                                 s.surfaceId,
                                 id,
                                 QStringLiteral("/component"),
                                 QStringLiteral("v0.8 component shape {\"%1\":{...}} in a %2 "
                                                "message (v0.9+ uses \"component\":\"%1\" with the "
                                                "props beside it)")
                                     .arg(n.type, versionName(version)),
                                 sourceId,
                                 index,
                                 {}});
        }
        Component c;
        c.id = id;
        c.type = n.type;
        c.normalized = n.normalized;
        c.original = raw;
        c.version = v08Shape ? Version::V0_8 : version;
        auto existing = s.components.find(id);
        if (existing != s.components.end() && existing->type == c.type) {
            c.order = existing->order; // same type: props replaced, position kept
        } else {
            if (existing != s.components.end())
                s.componentOrder.removeAll(id); // new type: dropped and recreated
            c.order = s.componentOrder.size();
            s.componentOrder.append(id);
        }
        s.components.insert(id, c);
        for (const auto &[path, value] : n.initWrites) {
            // v0.8 path+literal: the literal initialises the model (spec), unless already set.
            if (!json::resolve(s.agentDataModel, path))
                writeValue(s.agentDataModel, path, value);
        }
    }
}

bool SurfaceSet::applyV08(const QJsonObject &message, const QString &op, const QString &sourceId,
                          qsizetype index)
{
    const QJsonValue payloadValue = message.value(op);
    const QJsonObject payload = payloadValue.toObject();
    const QString surfaceId = payload.value(QStringLiteral("surfaceId")).toString();
    auto bad = [&](const QString &field, const QString &why) {
        record(Issue {QStringLiteral("a2ui.bad-message"),
                      Severity::Error,
                      surfaceId,
                      {},
                      QStringLiteral("/%1%2").arg(op, field),
                      why,
                      sourceId,
                      index,
                      {}});
        return false;
    };
    if (!payloadValue.isObject())
        return bad(QString(), QStringLiteral("%1 must be an object").arg(op));
    if (!payload.value(QStringLiteral("surfaceId")).isString() || surfaceId.isEmpty())
        return bad(QStringLiteral("/surfaceId"), surfaceIdProblem(op, payload));

    if (op == QStringLiteral("deleteSurface")) {
        if (!m_surfaces.contains(surfaceId)) {
            record(Issue {
                QStringLiteral("a2ui.missing-surface"),
                Severity::Warning,
                surfaceId,
                {},
                QStringLiteral("/deleteSurface/surfaceId"),
                QStringLiteral("deleteSurface for \"%1\", which does not exist").arg(surfaceId),
                sourceId,
                index,
                {}});
            return false;
        }
        deleteSurface(surfaceId);
        return true;
    }
    // v0.8 creates a surface implicitly on its first message.
    if (!m_surfaces.contains(surfaceId))
        createSurface(surfaceId, Version::V0_8, sourceId);
    Surface &s = m_surfaces[surfaceId];

    if (op == QStringLiteral("surfaceUpdate")) {
        const QJsonValue list = payload.value(QStringLiteral("components"));
        if (!list.isArray() || list.toArray().isEmpty())
            return bad(QStringLiteral("/components"),
                       QStringLiteral("surfaceUpdate.components must be a non-empty array"));
        Issues issues;
        upsertComponents(s, list.toArray(), Version::V0_8,
                         QStringLiteral("/surfaceUpdate/components"), sourceId, index, issues);
        for (const Issue &i : issues)
            record(i);
        settleUserEdits(s);
        return true;
    }
    if (op == QStringLiteral("dataModelUpdate")) {
        QStringList problems;
        const QJsonValue contents
            = contentsToJson(payload.value(QStringLiteral("contents")), &problems);
        for (const QString &p : problems)
            record(Issue {QStringLiteral("a2ui.bad-message"),
                          Severity::Error,
                          surfaceId,
                          {},
                          QStringLiteral("/dataModelUpdate/contents"),
                          p,
                          sourceId,
                          index,
                          {}});
        QString path = normalizeV08Path(payload.value(QStringLiteral("path")).toString());
        if (path == QStringLiteral("/"))
            path.clear();
        if (!path.isEmpty() && !path.startsWith(QLatin1Char('/')))
            path.prepend(QLatin1Char('/'));
        bool ok = true;
        auto write = [&](const QString &p, const QJsonValue &v) {
            QString error;
            if (!writeValue(s.agentDataModel, p, v, &error)) {
                ok = false;
                record(Issue {QStringLiteral("a2ui.data-write-failed"),
                              Severity::Error,
                              surfaceId,
                              {},
                              QStringLiteral("/dataModelUpdate/path"),
                              QStringLiteral("dataModelUpdate at \"%1\": %2").arg(p, error),
                              sourceId,
                              index,
                              {}});
            }
        };
        if (contents.isObject()) {
            // An adjacency list: each key is set under path (a merge, not a replace).
            const QJsonObject entries = contents.toObject();
            if (entries.isEmpty() && !json::resolve(s.agentDataModel, path))
                write(path, QJsonObject());
            for (auto it = entries.begin(); it != entries.end(); ++it)
                write(path + QLatin1Char('/') + json::Pointer::escapeToken(it.key()), it.value());
        } else {
            write(path, contents);
        }
        settleUserEdits(s);
        return ok;
    }
    if (op == QStringLiteral("beginRendering")) {
        const QJsonValue root = payload.value(QStringLiteral("root"));
        if (!root.isString() || root.toString().isEmpty())
            return bad(QStringLiteral("/root"),
                       QStringLiteral("beginRendering.root is required (a component id)"));
        s.rootId = root.toString();
        s.catalogId = payload.value(QStringLiteral("catalogId")).toString();
        s.theme = payload.value(QStringLiteral("styles")).toObject();
        s.ready = true;
        return true;
    }
    return false;
}

bool SurfaceSet::applyV09(const QJsonObject &message, const QString &op, Version version,
                          const QString &sourceId, qsizetype index)
{
    const QJsonValue payloadValue = message.value(op);
    const QJsonObject payload = payloadValue.toObject();
    const QString surfaceId = payload.value(QStringLiteral("surfaceId")).toString();
    auto issue = [&](const char *rule, Severity sev, const QString &field, const QString &why) {
        record(Issue {QLatin1String(rule),
                      sev,
                      surfaceId,
                      {},
                      QStringLiteral("/%1%2").arg(op, field),
                      why,
                      sourceId,
                      index,
                      {}});
    };
    if (op == QStringLiteral("callRendererFunction") || op == QStringLiteral("actionResponse")) {
        issue("a2ui.unsupported-message", Severity::Info, QString(),
              QStringLiteral("%1 is not rendered by this inspector (kept as received)").arg(op));
        return false;
    }
    if (!payloadValue.isObject()) {
        issue("a2ui.bad-message", Severity::Error, QString(),
              QStringLiteral("%1 must be an object").arg(op));
        return false;
    }
    if (!payload.value(QStringLiteral("surfaceId")).isString() || surfaceId.isEmpty()) {
        issue("a2ui.bad-message", Severity::Error, QStringLiteral("/surfaceId"),
              surfaceIdProblem(op, payload));
        return false;
    }

    if (op == QStringLiteral("deleteSurface")) {
        if (!m_surfaces.contains(surfaceId)) {
            issue("a2ui.missing-surface", Severity::Warning, QStringLiteral("/surfaceId"),
                  QStringLiteral("deleteSurface for \"%1\", which does not exist").arg(surfaceId));
            return false;
        }
        deleteSurface(surfaceId);
        return true;
    }

    if (op == QStringLiteral("createSurface")) {
        if (m_surfaces.contains(surfaceId)) {
            if (m_createdInCurrentSource.contains(surfaceId)) {
                issue("a2ui.create-existing", Severity::Error, QStringLiteral("/surfaceId"),
                      QStringLiteral("Surface %1 already exists: this message list created it "
                                     "before; ignored (the surface is kept as it is)")
                          .arg(surfaceId));
                return false;
            }
            const QString previous = m_surfaces.value(surfaceId).sourceId;
            m_surfaces.remove(surfaceId);
            createSurface(surfaceId, version, sourceId);
            issue("a2ui.surface-replaced", Severity::Info, QStringLiteral("/surfaceId"),
                  QStringLiteral("surface \"%1\" (from %2) is replaced by this newer createSurface")
                      .arg(surfaceId,
                           previous.isEmpty() ? QStringLiteral("earlier messages")
                                              : QStringLiteral("\"%1\"").arg(previous)));
        } else {
            createSurface(surfaceId, version, sourceId);
        }
        Surface &s = m_surfaces[surfaceId];
        const QJsonValue catalog = payload.value(QStringLiteral("catalogId"));
        s.catalogId = catalog.toString();
        if (!catalog.isString() && version != Version::V1_0)
            issue("a2ui.bad-message", Severity::Error, QStringLiteral("/catalogId"),
                  QStringLiteral("createSurface.catalogId is required in %1; the basic catalog "
                                 "is assumed")
                      .arg(versionName(version)));
        if (version == Version::V1_0 && payload.contains(QStringLiteral("metadata"))) {
            for (const auto &[path, why] :
                 surfaceMetadataProblems(payload.value(QStringLiteral("metadata"))))
                issue("a2ui.bad-message", Severity::Error, QStringLiteral("/metadata") + path, why);
        }
        if (payload.contains(QStringLiteral("theme"))) {
            s.theme = payload.value(QStringLiteral("theme")).toObject();
            if (version == Version::V1_0)
                issue("a2ui.version-mixed-prop", Severity::Warning, QStringLiteral("/theme"),
                      QStringLiteral("createSurface.theme was removed in v1.0 (styling belongs to "
                                     "the host)"));
        }
        s.sendDataModel = payload.value(QStringLiteral("sendDataModel")).toBool(false);
        // v1.0: the whole UI may come inline.
        if (payload.value(QStringLiteral("components")).isArray()) {
            Issues issues;
            upsertComponents(s, payload.value(QStringLiteral("components")).toArray(), version,
                             QStringLiteral("/createSurface/components"), sourceId, index, issues);
            for (const Issue &i : issues)
                record(i);
        }
        if (payload.contains(QStringLiteral("dataModel")))
            s.agentDataModel = payload.value(QStringLiteral("dataModel"));
        Surface &s2 = m_surfaces[surfaceId];
        s2.rootId = QStringLiteral("root");
        s2.ready = s2.components.contains(QStringLiteral("root"));
        settleUserEdits(s2);
        return true;
    }

    if (!m_surfaces.contains(surfaceId)) {
        issue("a2ui.missing-surface", Severity::Error, QStringLiteral("/surfaceId"),
              QStringLiteral("Surface not found for message: %2 (%1 before its createSurface); "
                             "the surface was created implicitly (basic catalog assumed) so "
                             "nothing is hidden")
                  .arg(op, surfaceId));
        createSurface(surfaceId, version, sourceId).rootId = QStringLiteral("root");
        // Not "created by this list" for the duplicate-create rule: a later createSurface is fine.
        m_createdInCurrentSource.removeAll(surfaceId);
    }
    Surface &s = m_surfaces[surfaceId];

    if (op == QStringLiteral("updateComponents")) {
        const QJsonValue list = payload.value(QStringLiteral("components"));
        if (!list.isArray() || list.toArray().isEmpty()) {
            issue("a2ui.bad-message", Severity::Error, QStringLiteral("/components"),
                  QStringLiteral("updateComponents.components must be a non-empty array"));
            return false;
        }
        Issues issues;
        upsertComponents(s, list.toArray(), version, QStringLiteral("/updateComponents/components"),
                         sourceId, index, issues);
        for (const Issue &i : issues)
            record(i);
        Surface &s2 = m_surfaces[surfaceId];
        s2.ready = s2.components.contains(QStringLiteral("root"));
        settleUserEdits(s2);
        return true;
    }

    if (op == QStringLiteral("updateDataModel")) {
        QString path = payload.value(QStringLiteral("path")).toString();
        if (path == QStringLiteral("/"))
            path.clear();
        QString perr;
        if (!json::Pointer::parse(path, &perr)) {
            issue("a2ui.bad-message", Severity::Error, QStringLiteral("/path"),
                  QStringLiteral("updateDataModel.path \"%1\" is not a JSON Pointer: %2")
                      .arg(path, perr));
            return false;
        }
        QJsonValue value = payload.value(QStringLiteral("value"));
        if (version == Version::V1_0) {
            if (value.isUndefined()) {
                issue("a2ui.bad-message", Severity::Error, QStringLiteral("/value"),
                      QStringLiteral("updateDataModel.value is required in v1.0 (null deletes)"));
                return false;
            }
            if (value.isNull())
                value = QJsonValue(QJsonValue::Undefined); // v1.0: null removes the key
        }
        QString error;
        if (!writeValue(s.agentDataModel, path, value, &error)) {
            issue("a2ui.data-write-failed", Severity::Error, QStringLiteral("/path"),
                  QStringLiteral("updateDataModel at \"%1\": %2").arg(path, error));
            return false;
        }
        settleUserEdits(s);
        return true;
    }
    issue("a2ui.unknown-message", Severity::Error, QString(),
          QStringLiteral("\"%1\" is not a %2 server-to-client operation")
              .arg(op, versionName(version)));
    return false;
}

void SurfaceSet::carryUserEditsFrom(const SurfaceSet &previous)
{
    for (auto it = m_surfaces.begin(); it != m_surfaces.end(); ++it) {
        const Surface *old = previous.surface(it.key());
        if (!old || old->userEdits.isEmpty())
            continue;
        for (auto e = old->userEdits.cbegin(); e != old->userEdits.cend(); ++e)
            it->userEdits.insert(e.key(), e.value());
        settleUserEdits(*it);
    }
}

QStringList SurfaceSet::surfaceIds() const
{
    return m_order;
}

const Surface *SurfaceSet::surface(const QString &surfaceId) const
{
    const auto it = m_surfaces.constFind(surfaceId);
    return it == m_surfaces.constEnd() ? nullptr : &it.value();
}

Surface *SurfaceSet::surface(const QString &surfaceId)
{
    auto it = m_surfaces.find(surfaceId);
    return it == m_surfaces.end() ? nullptr : &it.value();
}

} // namespace agui::a2ui
