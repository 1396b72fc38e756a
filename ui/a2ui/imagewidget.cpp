#include "ui/a2ui/imagewidget.h"

#include "ui/a2ui/imageconsent.h"

#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPixmap>
#include <QPushButton>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

// Box sizes of the basic catalog's image variants (renderer guide).
int heightFor(const QString &variant)
{
    if (variant == QStringLiteral("icon"))
        return 24;
    if (variant == QStringLiteral("avatar"))
        return 40;
    if (variant == QStringLiteral("smallFeature"))
        return 100;
    if (variant == QStringLiteral("largeFeature"))
        return 400;
    if (variant == QStringLiteral("header"))
        return 200;
    return 300; // mediumFeature (default)
}

bool fetchable(const QUrl &url)
{
    return url.isValid() && !url.host().isEmpty()
        && (url.scheme() == QStringLiteral("http") || url.scheme() == QStringLiteral("https"));
}

} // namespace

ImageWidget::ImageWidget(ImageConsent *consent, const QString &variant, QWidget *parent)
    : QWidget(parent)
    , m_consentSource(consent)
    , m_variant(variant)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setWordWrap(true);
    m_label->setFrameShape(QFrame::StyledPanel);
    m_consent = new QPushButton(this);
    layout->addWidget(m_label);
    layout->addWidget(m_consent);
    connect(m_consent, &QPushButton::clicked, this, [this] {
        if (m_consentSource)
            m_consentSource->allow(m_url.host());
    });
    if (m_consentSource) {
        connect(m_consentSource, &ImageConsent::hostAllowed, this, [this](const QString &host) {
            if (host == m_url.host().toLower())
                refresh();
        });
    }
    refresh();
}

void ImageWidget::setUrl(const QString &url)
{
    const QUrl u(url);
    if (u == m_url)
        return;
    m_url = u;
    m_loaded = false;
    if (m_reply)
        m_reply->abort();
    refresh();
}

void ImageWidget::setDescription(const QString &text)
{
    setToolTip(text);
    m_label->setAccessibleName(text);
}

void ImageWidget::refresh()
{
    if (m_loaded)
        return;
    m_label->setPixmap(QPixmap());
    if (m_url.isEmpty()) {
        m_label->setText(tr("Image (no URL yet)"));
        m_consent->hide();
        return;
    }
    if (!fetchable(m_url)) {
        m_label->setText(tr("Image not loaded: %1\n(only http and https images are fetched)")
                             .arg(m_url.toString()));
        m_consent->hide();
        return;
    }
    if (m_consentSource && m_consentSource->isAllowed(m_url.host())) {
        m_consent->hide();
        m_label->setText(tr("Loading %1 …").arg(m_url.toString()));
        load();
        return;
    }
    m_label->setText(tr("Image not loaded: %1").arg(m_url.toString()));
    m_consent->setText(tr("Load images from %1").arg(m_url.host()));
    m_consent->setVisible(m_consentSource != nullptr);
}

void ImageWidget::load()
{
    if (!m_consentSource || m_reply)
        return;
    QNetworkRequest request(m_url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::SameOriginRedirectPolicy); // consent is per host
    m_reply = m_consentSource->network()->get(request);
    QNetworkReply *reply = m_reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        reply->deleteLater();
        QPixmap pixmap;
        if (reply->error() != QNetworkReply::NoError || !pixmap.loadFromData(reply->readAll())) {
            m_label->setText(tr("Image could not be loaded: %1\n%2")
                                 .arg(m_url.toString(), reply->errorString()));
            return;
        }
        m_loaded = true;
        const int h = heightFor(m_variant);
        m_label->setText(QString());
        m_label->setPixmap(pixmap.height() > h ? pixmap.scaledToHeight(h, Qt::SmoothTransformation)
                                               : pixmap);
    });
}

} // namespace agui::ui
