#pragma once

// All the A2UI surfaces of a session, built by applying A2UI messages in order (any version, each
// message detected on its own), grouped by the source they came from (an a2ui-surface activity
// message, a tool result carrying a2ui_operations, or raw messages).

#include "core/a2ui/surface.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace agui::a2ui {

// An a2ui-surface activity that has no a2ui_operations yet: the middleware's lifecycle content
// ({status:"building"|"retrying"|"failed", ...}) or anything else, shown as is.
struct PendingSurface
{
    QString sourceId;
    QString status; // content.status ("" when absent)
    QJsonObject content;
};

class SurfaceSet
{
public:
    // Applies one source's full list of A2UI messages. Every snapshot of an a2ui-surface activity
    // re-sends all operations of its surfaces, so a source that was applied before is first undone
    // (its surfaces are rebuilt from this list). A createSurface for a surface another source
    // created replaces that surface (the newer rendering wins; a2ui.surface-replaced, info).
    // A createSurface for a surface this list already created is a spec error
    // (a2ui.create-existing) and is ignored, as CopilotKit's processor does.
    void applySource(const QString &sourceId, const QJsonArray &messages);

    // Applies one message outside any source (e.g. a hand-fed line); returns false when it could
    // not be applied (the reason is in issues()).
    bool applyMessage(const QJsonObject &message, const QString &sourceId = {},
                      qsizetype messageIndex = -1);

    void addPending(const PendingSurface &pending);
    // Records a problem found outside the messages (e.g. a malformed activity content): on its
    // surface when that is live, otherwise in issues().
    void addIssue(const Issue &issue) { record(issue); }

    // Re-applies the user's edits of previous's surfaces onto the same surfaces here, except where
    // the agent's value at the edited path changed since the edit ("a re-sent createSurface must
    // not wipe what the user typed unless the agent changed it").
    void carryUserEditsFrom(const SurfaceSet &previous);

    QStringList surfaceIds() const; // live surfaces in creation order
    const Surface *surface(const QString &surfaceId) const;
    Surface *surface(const QString &surfaceId);
    bool isEmpty() const { return m_order.isEmpty(); }
    const QList<PendingSurface> &pending() const { return m_pending; }
    // Problems not tied to a live surface (unknown messages, updates for missing surfaces,
    // deleted surfaces' issues).
    const Issues &issues() const { return m_issues; }
    QStringList deletedSurfaceIds() const { return m_deleted; }

private:
    void record(Issue issue);
    bool applyV08(const QJsonObject &message, const QString &op, const QString &sourceId,
                  qsizetype index);
    bool applyV09(const QJsonObject &message, const QString &op, Version version,
                  const QString &sourceId, qsizetype index);
    Surface &createSurface(const QString &surfaceId, Version version, const QString &sourceId);
    void deleteSurface(const QString &surfaceId);

    QMap<QString, Surface> m_surfaces;
    QStringList m_order;
    QStringList m_deleted;
    QList<PendingSurface> m_pending;
    Issues m_issues;
    QMap<QString, QStringList> m_sourceSurfaces; // sourceId -> surfaces it created
    QString m_currentSource; // while applySource runs
    QStringList m_createdInCurrentSource;
};

} // namespace agui::a2ui
