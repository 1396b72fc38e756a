#include "ui/a2ui/imageconsent.h"

#include <QNetworkAccessManager>

namespace agui::ui {

ImageConsent::ImageConsent(QObject *parent)
    : QObject(parent)
{ }

bool ImageConsent::isAllowed(const QString &host) const
{
    return !host.isEmpty() && m_hosts.contains(host.toLower());
}

void ImageConsent::allow(const QString &host)
{
    const QString h = host.toLower();
    if (h.isEmpty() || m_hosts.contains(h))
        return;
    m_hosts.insert(h);
    Q_EMIT hostAllowed(h);
}

QNetworkAccessManager *ImageConsent::network()
{
    if (!m_network)
        m_network = new QNetworkAccessManager(this);
    return m_network;
}

void ImageConsent::setNetwork(QNetworkAccessManager *network)
{
    m_network = network;
}

} // namespace agui::ui
