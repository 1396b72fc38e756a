// The credential store against a real Secret Service: gnome-keyring in a private D-Bus session
// (with-private-keyring.sh runs this test). A header value written is read back, is stored
// encrypted (nowhere in the keyring's home as plain text), and is gone after remove().

#include "ui/dialogs/credentialstore.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

using namespace agui::ui;

class TestKeychain : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void writeReadRemove();
};

namespace {

struct Outcome
{
    bool done = false;
    bool ok = false;
    QString text;
};

std::function<void(bool, const QString &)> into(Outcome *o)
{
    return [o](bool ok, const QString &text) {
        o->done = true;
        o->ok = ok;
        o->text = text;
    };
}

// Whether any file under dir contains needle as it is.
bool anyFileContains(const QString &dir, const QByteArray &needle)
{
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.open(QIODevice::ReadOnly) && f.readAll().contains(needle))
            return true;
    }
    return false;
}

} // namespace

void TestKeychain::writeReadRemove()
{
    QVERIFY2(CredentialStore::isAvailable(), "built without qtkeychain");
    QVERIFY2(!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"),
             "run through with-private-keyring.sh");
    CredentialStore store;
    const QString key = CredentialStore::keyFor(QStringLiteral("http://127.0.0.1:8000/agent"),
                                                QStringLiteral("Authorization"));
    const QString value = QStringLiteral("Bearer keychain-test-s3cret");

    Outcome written;
    store.write(key, value, into(&written));
    QTRY_VERIFY_WITH_TIMEOUT(written.done, 30000);
    QVERIFY2(written.ok, qPrintable(written.text));

    Outcome read;
    store.read(key, into(&read));
    QTRY_VERIFY_WITH_TIMEOUT(read.done, 30000);
    QVERIFY2(read.ok, qPrintable(read.text));
    QCOMPARE(read.text, value);
    // The keyring keeps it encrypted: the plain value is in no file of the private home.
    QVERIFY(!anyFileContains(qEnvironmentVariable("HOME"), value.toUtf8()));

    Outcome removed;
    store.remove(key, into(&removed));
    QTRY_VERIFY_WITH_TIMEOUT(removed.done, 30000);
    QVERIFY2(removed.ok, qPrintable(removed.text));
    Outcome gone;
    store.read(key, into(&gone));
    QTRY_VERIFY_WITH_TIMEOUT(gone.done, 30000);
    QVERIFY(!gone.ok);
}

QTEST_MAIN(TestKeychain)
#include "test_keychain.moc"
