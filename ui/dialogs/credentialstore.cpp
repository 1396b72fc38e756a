#include "ui/dialogs/credentialstore.h"

#include "core/platform/credentialvault.h"

#include <QTimer>

#ifdef AGUI_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

namespace agui::ui {

namespace {
const QString kService = QStringLiteral("agui-inspector");

#ifdef AGUI_HAVE_KEYCHAIN
// Starts a keychain job on `key`; done(ok, text) gets what `result` reads off the finished job
// when it succeeded, else the job's error.
template<typename Job, typename Result>
void start(Job *job, const QString &key, QObject *context,
           std::function<void(bool, const QString &)> done, Result result)
{
    job->setAutoDelete(true);
    // Never fall back to a plain-text file: no keychain means nothing is remembered.
    job->setInsecureFallback(false);
    job->setKey(key);
    QObject::connect(job, &QKeychain::Job::finished, context, [done, result](QKeychain::Job *j) {
        const bool ok = j->error() == QKeychain::NoError;
        if (done)
            done(ok, ok ? result(static_cast<Job *>(j)) : j->errorString());
    });
    job->start();
}
#else
// The system's vault answers at once: the answer still comes from the event loop, as a keychain
// job's would, so callers see one behaviour.
void answerLater(QObject *context, std::function<void(bool, const QString &)> done, bool ok,
                 const QString &text)
{
    if (done)
        QTimer::singleShot(0, context, [done, ok, text] { done(ok, text); });
}
#endif
} // namespace

CredentialStore::CredentialStore(QObject *parent)
    : QObject(parent)
{ }

bool CredentialStore::isAvailable()
{
#ifdef AGUI_HAVE_KEYCHAIN
    return true;
#else
    return platform::credentialVaultAvailable();
#endif
}

QString CredentialStore::keyFor(const QString &endpoint, const QString &headerName)
{
    return endpoint + QLatin1Char('|') + headerName.toLower();
}

void CredentialStore::read(const QString &key, std::function<void(bool, const QString &)> done)
{
#ifdef AGUI_HAVE_KEYCHAIN
    start(new QKeychain::ReadPasswordJob(kService, this), key, this, std::move(done),
          [](QKeychain::ReadPasswordJob *j) { return j->textData(); });
#else
    QString error;
    const std::optional<QString> value = platform::readCredential(kService, key, &error);
    answerLater(this, std::move(done), value.has_value(), value.value_or(error));
#endif
}

void CredentialStore::write(const QString &key, const QString &value,
                            std::function<void(bool, const QString &)> done)
{
#ifdef AGUI_HAVE_KEYCHAIN
    auto *job = new QKeychain::WritePasswordJob(kService, this);
    job->setTextData(value);
    start(job, key, this, std::move(done), [](QKeychain::Job *) { return QString(); });
#else
    QString error;
    const bool ok = platform::writeCredential(kService, key, value, &error);
    answerLater(this, std::move(done), ok, ok ? QString() : error);
#endif
}

void CredentialStore::remove(const QString &key, std::function<void(bool, const QString &)> done)
{
#ifdef AGUI_HAVE_KEYCHAIN
    start(new QKeychain::DeletePasswordJob(kService, this), key, this, std::move(done),
          [](QKeychain::Job *) { return QString(); });
#else
    QString error;
    const bool ok = platform::removeCredential(kService, key, &error);
    answerLater(this, std::move(done), ok, ok ? QString() : error);
#endif
}

} // namespace agui::ui
