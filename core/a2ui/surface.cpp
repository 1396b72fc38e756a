#include "core/a2ui/surface.h"

#include "core/a2ui/binding.h"
#include "core/json/jsonpointer.h"

namespace agui::a2ui {

bool Surface::isBasicCatalog() const
{
    return catalogId.isEmpty() || a2ui::isBasicCatalog(catalogId);
}

const Component *Surface::component(const QString &id) const
{
    const auto it = components.constFind(id);
    return it == components.constEnd() ? nullptr : &it.value();
}

bool Surface::setUserValue(const QString &path, const QJsonValue &value, QString *error)
{
    if (!writeValue(dataModel, path, value, error))
        return false;
    auto it = userEdits.find(path);
    if (it != userEdits.end()) {
        it->value = value; // the baseline stays what the agent had when the user first typed
    } else {
        UserEdit edit;
        edit.value = value;
        edit.agentBaseline = json::resolve(agentDataModel, path);
        userEdits.insert(path, edit);
    }
    return true;
}

void Surface::reapplyUserEdits()
{
    dataModel = agentDataModel;
    // QMap order puts an ancestor ("/form") before its descendants ("/form/name").
    for (auto it = userEdits.cbegin(); it != userEdits.cend(); ++it) {
        QString error;
        if (!writeValue(dataModel, it.key(), it->value, &error)) {
            diagnostics.append(
                Issue {QStringLiteral("a2ui.data-write-failed"),
                       Severity::Warning,
                       surfaceId,
                       {},
                       it.key(),
                       QStringLiteral("the user's value at %1 could not be re-applied "
                                      "over the agent's model: %2")
                           .arg(it.key(), error),
                       sourceId,
                       -1,
                       {}});
        }
    }
}

} // namespace agui::a2ui
