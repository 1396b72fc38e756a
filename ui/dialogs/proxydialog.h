#pragma once

#include <QDialog>
#include <QHostAddress>
#include <QUrl>

class QLabel;
class QLineEdit;
class QSpinBox;

namespace agui::ui {

// File > Start Proxy…: where front ends connect (address and port; 0 = any free port) and the
// agent's URL the proxy forwards to. Checked on OK; what is wrong is said under the form and
// the dialog stays open. Remembered in the settings when the window persists them (an upstream
// URL carrying credentials in its query or user info is not written there).
class ProxyDialog : public QDialog
{
    Q_OBJECT
public:
    static constexpr quint16 kDefaultPort = 8766;

    explicit ProxyDialog(QWidget *parent = nullptr);

    QHostAddress address() const;
    quint16 port() const;
    QUrl upstream() const;

    // Empty when the form can start the proxy; else what is wrong.
    QString validationError() const;
    // Empty for an http:// or https:// URL with a host; else what is wrong with it.
    static QString upstreamProblem(const QUrl &url);
    // "127.0.0.1", "::1", "0.0.0.0", "localhost"; a null address when it is none of them.
    static QHostAddress parseAddress(const QString &text);

    void accept() override;

private:
    void restore();
    void remember() const;

    QLineEdit *m_address = nullptr;
    QSpinBox *m_port = nullptr;
    QLineEdit *m_upstream = nullptr;
    QLabel *m_error = nullptr;
};

} // namespace agui::ui
