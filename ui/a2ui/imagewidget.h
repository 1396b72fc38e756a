#pragma once

// A2UI Image: a placeholder naming the URL and a "Load images from <host>" button until the user
// consents for that host; then the picture, fetched once, sized by the image variant.

#include <QPointer>
#include <QUrl>
#include <QWidget>

class QLabel;
class QPushButton;
class QNetworkReply;

namespace agui::ui {

class ImageConsent;

class ImageWidget : public QWidget
{
    Q_OBJECT
public:
    ImageWidget(ImageConsent *consent, const QString &variant, QWidget *parent = nullptr);

    void setUrl(const QString &url); // from the (bound) url prop; reloads when it changes
    void setDescription(const QString &text); // alt text: tooltip and accessible name
    QString url() const { return m_url.toString(); }
    bool isLoaded() const { return m_loaded; }
    QPushButton *consentButton() const { return m_consent; }

private:
    void refresh();
    void load();

    QPointer<ImageConsent> m_consentSource;
    QString m_variant;
    QUrl m_url;
    QLabel *m_label = nullptr;
    QPushButton *m_consent = nullptr;
    QPointer<QNetworkReply> m_reply;
    bool m_loaded = false;
};

} // namespace agui::ui
