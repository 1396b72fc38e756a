#pragma once

#include <QString>

#include <optional>

// The system's store for secrets, where it is reached without a library: the Windows Credential
// Manager (generic credentials of the signed-in user, target "SERVICE/KEY"). Elsewhere the GUI
// uses qtkeychain (Secret Service, macOS Keychain) and this says it is not available. Calls block
// for as long as the system takes, which for the Credential Manager is a local call.
namespace agui::platform {

bool credentialVaultAvailable();

// The value stored under `key`, or nullopt with `error` set (also when there is none).
std::optional<QString> readCredential(const QString &service, const QString &key, QString *error);
bool writeCredential(const QString &service, const QString &key, const QString &value,
                     QString *error);
// Removing what is not there succeeds.
bool removeCredential(const QString &service, const QString &key, QString *error);

} // namespace agui::platform
