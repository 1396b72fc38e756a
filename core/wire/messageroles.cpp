#include "core/wire/messageroles.h"

namespace agui {

const QStringList &messageRoles()
{
    static const QStringList roles {QStringLiteral("developer"), QStringLiteral("system"),
                                    QStringLiteral("assistant"), QStringLiteral("user"),
                                    QStringLiteral("tool"),      QStringLiteral("activity"),
                                    QStringLiteral("reasoning")};
    return roles;
}

const QStringList &textMessageRoles()
{
    static const QStringList roles = messageRoles().mid(0, 4);
    return roles;
}

bool isMessageRole(QStringView role)
{
    for (const QString &r : messageRoles()) {
        if (r == role)
            return true;
    }
    return false;
}

} // namespace agui
