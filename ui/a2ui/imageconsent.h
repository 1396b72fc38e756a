#pragma once

// Images of A2UI surfaces are never fetched without the user's consent, given per host: an agent
// must not be able to make the inspector call arbitrary URLs (tracking pixels, internal hosts).
// One ImageConsent is shared by every surface of a window; consent lasts for the session.

#include <QObject>
#include <QSet>
#include <QString>

class QNetworkAccessManager;

namespace agui::ui {

class ImageConsent : public QObject
{
    Q_OBJECT
public:
    explicit ImageConsent(QObject *parent = nullptr);

    bool isAllowed(const QString &host) const;
    void allow(const QString &host); // emits hostAllowed once per host
    QSet<QString> allowedHosts() const { return m_hosts; }

    // The manager images are fetched with (created on first use; tests may replace it).
    QNetworkAccessManager *network();
    void setNetwork(QNetworkAccessManager *network);

Q_SIGNALS:
    void hostAllowed(const QString &host);

private:
    QSet<QString> m_hosts;
    QNetworkAccessManager *m_network = nullptr;
};

} // namespace agui::ui
