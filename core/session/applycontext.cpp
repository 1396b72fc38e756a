#include "core/session/applycontext.h"

namespace agui {

void ApplyContext::diagnose(const char *ruleId, Severity severity, const QString &path,
                            const QString &message)
{
    Diagnostic d;
    d.ruleId = QString::fromLatin1(ruleId);
    d.severity = severity;
    d.path = path;
    d.message = message;
    change.diagnostics.append(d);
}

static void addOnce(QStringList &list, const QString &id)
{
    // Lists hold the few ids one event touched; a linear check keeps them duplicate-free.
    if (!list.contains(id))
        list.append(id);
}

void ApplyContext::noteMessageAdded(const QString &id)
{
    addOnce(change.messagesAdded, id);
}

void ApplyContext::noteMessageChanged(const QString &id)
{
    if (!change.messagesAdded.contains(id))
        addOnce(change.messagesChanged, id);
}

void ApplyContext::noteMessageRemoved(const QString &id)
{
    addOnce(change.messagesRemoved, id);
}

void ApplyContext::noteActivity(const QString &id)
{
    addOnce(change.activitiesChanged, id);
}

ToolCallAdvance &ApplyContext::noteToolCall(const QString &id, ToolCallStatus before, bool created)
{
    for (ToolCallAdvance &a : change.toolCalls)
        if (a.id == id)
            return a;
    ToolCallAdvance a;
    a.id = id;
    a.before = before;
    a.after = before;
    a.created = created;
    change.toolCalls.append(a);
    return change.toolCalls.last();
}

bool mergeEventMetadata(std::optional<QJsonObject> &target, const EventView &event)
{
    const json::JsonView metadata = event.value(EventKey::Metadata);
    if (!metadata.isObject())
        return false;
    const QJsonObject incoming = metadata.toQJsonObject();
    if (!target) {
        target = incoming;
        return true;
    }
    for (auto i = incoming.constBegin(); i != incoming.constEnd(); ++i)
        target->insert(i.key(), i.value());
    return true;
}

} // namespace agui
