#include "ui/dialogs/credentialstore.h"

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
    return false;
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
    Q_UNUSED(key);
    if (done)
        done(false, tr("this build has no keychain support"));
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
    Q_UNUSED(key);
    Q_UNUSED(value);
    if (done)
        done(false, tr("this build has no keychain support"));
#endif
}

void CredentialStore::remove(const QString &key, std::function<void(bool, const QString &)> done)
{
#ifdef AGUI_HAVE_KEYCHAIN
    start(new QKeychain::DeletePasswordJob(kService, this), key, this, std::move(done),
          [](QKeychain::Job *) { return QString(); });
#else
    Q_UNUSED(key);
    if (done)
        done(false, tr("this build has no keychain support"));
#endif
}

} // namespace agui::ui
