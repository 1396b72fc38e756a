#include "core/platform/credentialvault.h"

#include <QCoreApplication>

#include <windows.h>
// after windows.h, which it needs
#include <wincred.h>

namespace agui::platform {

namespace {

std::wstring targetName(const QString &service, const QString &key)
{
    return QString(service + QLatin1Char('/') + key).toStdWString();
}

QString systemError(DWORD code)
{
    if (code == ERROR_NOT_FOUND)
        return QCoreApplication::translate("CredentialVault", "nothing is stored under that name");
    wchar_t *text = nullptr;
    FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM
                       | FORMAT_MESSAGE_IGNORE_INSERTS,
                   nullptr, code, 0, reinterpret_cast<LPWSTR>(&text), 0, nullptr);
    const QString message
        = text ? QString::fromWCharArray(text).trimmed() : QStringLiteral("error %1").arg(code);
    LocalFree(text);
    return message;
}

} // namespace

bool credentialVaultAvailable()
{
    return true;
}

std::optional<QString> readCredential(const QString &service, const QString &key, QString *error)
{
    PCREDENTIALW credential = nullptr;
    if (!CredReadW(targetName(service, key).c_str(), CRED_TYPE_GENERIC, 0, &credential)) {
        *error = systemError(GetLastError());
        return std::nullopt;
    }
    const QString value
        = QString::fromUtf16(reinterpret_cast<const char16_t *>(credential->CredentialBlob),
                             qsizetype(credential->CredentialBlobSize / sizeof(char16_t)));
    CredFree(credential);
    return value;
}

bool writeCredential(const QString &service, const QString &key, const QString &value,
                     QString *error)
{
    std::wstring target = targetName(service, key);
    std::wstring user = service.toStdWString();
    CREDENTIALW credential {};
    credential.Type = CRED_TYPE_GENERIC;
    credential.TargetName = target.data();
    credential.UserName = user.data();
    std::wstring secret = value.toStdWString();
    credential.CredentialBlobSize = DWORD(secret.size() * sizeof(wchar_t));
    credential.CredentialBlob = reinterpret_cast<LPBYTE>(secret.data());
    credential.Persist = CRED_PERSIST_LOCAL_MACHINE; // this user on this machine, not roaming
    const bool written = CredWriteW(&credential, 0);
    const DWORD code = GetLastError();
    SecureZeroMemory(secret.data(), secret.size() * sizeof(wchar_t)); // no copy left in the heap
    if (!written)
        *error = systemError(code);
    return written;
}

bool removeCredential(const QString &service, const QString &key, QString *error)
{
    if (CredDeleteW(targetName(service, key).c_str(), CRED_TYPE_GENERIC, 0)
        || GetLastError() == ERROR_NOT_FOUND)
        return true;
    *error = systemError(GetLastError());
    return false;
}

} // namespace agui::platform
