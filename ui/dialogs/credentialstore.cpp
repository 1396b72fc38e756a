#include "ui/dialogs/credentialstore.h"

#ifdef AGUI_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

namespace agui::ui {

namespace {
const QString kService = QStringLiteral("agui-inspector");
}

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
    auto *job = new QKeychain::ReadPasswordJob(kService, this);
    job->setAutoDelete(true);
    // Never fall back to a plain-text file: no keychain means nothing is remembered.
    job->setInsecureFallback(false);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [done](QKeychain::Job *j) {
        auto *r = static_cast<QKeychain::ReadPasswordJob *>(j);
        if (done)
            done(r->error() == QKeychain::NoError,
                 r->error() == QKeychain::NoError ? r->textData() : r->errorString());
    });
    job->start();
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
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    job->setTextData(value);
    connect(job, &QKeychain::Job::finished, this, [done](QKeychain::Job *j) {
        if (done)
            done(j->error() == QKeychain::NoError, j->errorString());
    });
    job->start();
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
    auto *job = new QKeychain::DeletePasswordJob(kService, this);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [done](QKeychain::Job *j) {
        if (done)
            done(j->error() == QKeychain::NoError, j->errorString());
    });
    job->start();
#else
    Q_UNUSED(key);
    if (done)
        done(false, tr("this build has no keychain support"));
#endif
}

} // namespace agui::ui
