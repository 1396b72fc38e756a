#include "core/platform/credentialvault.h"

#include <QCoreApplication>

namespace agui::platform {

namespace {
QString unavailable()
{
    return QCoreApplication::translate("CredentialVault", "no system credential store here");
}
} // namespace

bool credentialVaultAvailable()
{
    return false;
}

std::optional<QString> readCredential(const QString &, const QString &, QString *error)
{
    *error = unavailable();
    return std::nullopt;
}

bool writeCredential(const QString &, const QString &, const QString &, QString *error)
{
    *error = unavailable();
    return false;
}

bool removeCredential(const QString &, const QString &, QString *error)
{
    *error = unavailable();
    return false;
}

} // namespace agui::platform
