#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace agui::ui {

// Header values the user asked us to remember go to the OS keychain (qtkeychain: Secret Service,
// macOS Keychain; without qtkeychain, the Windows Credential Manager directly through
// core/platform), keyed by endpoint and header name. They never go to QSettings or into captures.
// Where neither exists remembering is unavailable, and the Connect dialog says so.
class CredentialStore : public QObject
{
    Q_OBJECT
public:
    explicit CredentialStore(QObject *parent = nullptr);

    static bool isAvailable();
    static QString keyFor(const QString &endpoint, const QString &headerName);

    // Asynchronous; done(ok, value or error text) runs on this object's thread.
    void read(const QString &key, std::function<void(bool, const QString &)> done);
    void write(const QString &key, const QString &value,
               std::function<void(bool, const QString &)> done = {});
    void remove(const QString &key, std::function<void(bool, const QString &)> done = {});
};

} // namespace agui::ui
