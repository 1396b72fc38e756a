#include "core/a2ui/version.h"

#include "core/a2ui/issue.h"

#include <QJsonValue>
#include <QStringList>

namespace agui::a2ui {

QString versionName(Version version)
{
    switch (version) {
    case Version::V0_8:
        return QStringLiteral("v0.8");
    case Version::V0_9:
        return QStringLiteral("v0.9");
    case Version::V0_9_1:
        return QStringLiteral("v0.9.1");
    case Version::V0_10:
        return QStringLiteral("v0.10");
    case Version::V1_0:
        return QStringLiteral("v1.0");
    case Version::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

bool isV09Family(Version version)
{
    return version == Version::V0_9 || version == Version::V0_9_1 || version == Version::V0_10;
}

static const QStringList &knownOperationKeys()
{
    // Protocol order: v0.9+/v1.0 first, then v0.8 (deleteSurface is shared).
    static const QStringList keys {
        QStringLiteral("createSurface"),   QStringLiteral("updateComponents"),
        QStringLiteral("updateDataModel"), QStringLiteral("deleteSurface"),
        QStringLiteral("surfaceUpdate"),   QStringLiteral("dataModelUpdate"),
        QStringLiteral("beginRendering"),  QStringLiteral("callRendererFunction"),
        QStringLiteral("actionResponse")};
    return keys;
}

QString operationKey(const QJsonObject &message, bool *ambiguous)
{
    QString found;
    int count = 0;
    for (const QString &key : knownOperationKeys()) {
        if (message.contains(key)) {
            if (found.isEmpty())
                found = key;
            ++count;
        }
    }
    if (ambiguous)
        *ambiguous = count > 1;
    return found;
}

Version detectVersion(const QJsonObject &message, QString *versionText)
{
    const QJsonValue v = message.value(QStringLiteral("version"));
    if (versionText)
        *versionText = v.isString() ? v.toString() : QString();
    if (v.isString()) {
        const QString text = v.toString();
        if (text == QStringLiteral("v0.9"))
            return Version::V0_9;
        if (text == QStringLiteral("v0.9.1"))
            return Version::V0_9_1;
        if (text == QStringLiteral("v0.10"))
            return Version::V0_10;
        if (text == QStringLiteral("v1.0"))
            return Version::V1_0;
        if (text == QStringLiteral("v0.8"))
            return Version::V0_8;
        return Version::Unknown;
    }
    if (!v.isUndefined())
        return Version::Unknown; // a version that is not a string is not something we can trust
    if (message.contains(QStringLiteral("surfaceUpdate"))
        || message.contains(QStringLiteral("dataModelUpdate"))
        || message.contains(QStringLiteral("beginRendering"))
        || message.contains(QStringLiteral("deleteSurface")))
        return Version::V0_8;
    return Version::Unknown;
}

QString basicCatalogIdV09()
{
    return QStringLiteral("https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json");
}

QString basicCatalogIdV10()
{
    return QStringLiteral("https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json");
}

QString standardCatalogIdV08()
{
    return QStringLiteral("https://a2ui.org/specification/v0_8/standard_catalog_definition.json");
}

bool isBasicCatalog(const QString &catalogId)
{
    static const QStringList aliases {
        basicCatalogIdV09(),
        basicCatalogIdV10(),
        standardCatalogIdV08(),
        // @ag-ui/a2ui-middleware / toolkit / CopilotKit (ag-ui-protocol/ag-ui#2572)
        QStringLiteral("https://a2ui.org/specification/v0_9/basic_catalog.json"),
        // a2ui-project/a2ui#1749
        QStringLiteral("https://a2ui.org/specification/v0_9_1/catalogs/basic/catalog.json"),
        QStringLiteral("https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json"),
        QStringLiteral("https://a2ui.org/catalogs/v1/basic.json"),
        QStringLiteral("basic"),
    };
    return aliases.contains(catalogId);
}

QStringList basicComponentTypes(Version version)
{
    QStringList types {
        QStringLiteral("Text"),          QStringLiteral("Image"),       QStringLiteral("Icon"),
        QStringLiteral("Video"),         QStringLiteral("AudioPlayer"), QStringLiteral("Row"),
        QStringLiteral("Column"),        QStringLiteral("List"),        QStringLiteral("Card"),
        QStringLiteral("Tabs"),          QStringLiteral("Divider"),     QStringLiteral("Modal"),
        QStringLiteral("Button"),        QStringLiteral("CheckBox"),    QStringLiteral("TextField"),
        QStringLiteral("DateTimeInput"), QStringLiteral("Slider")};
    types.append(version == Version::V0_8 ? QStringLiteral("MultipleChoice")
                                          : QStringLiteral("ChoicePicker"));
    return types;
}

bool isBasicComponentType(const QString &type, Version version)
{
    return basicComponentTypes(version).contains(type);
}

} // namespace agui::a2ui
