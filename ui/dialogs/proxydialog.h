#pragma once

#include "core/intercept/rewriterules.h"

#include <QDialog>
#include <QHostAddress>
#include <QUrl>

class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace agui::ui {

// File > Start Proxy…: where front ends connect (address and port; 0 = any free port), the
// agent's URL the proxy forwards to, and optionally breakpoints and a rewrite rules file
// (docs/proxy.md). Checked
// on OK; what is wrong is said under the form and the dialog stays open. Remembered in the settings
// when the window persists them (an upstream URL carrying credentials in its query or user info is
// not written there).
class ProxyDialog : public QDialog
{
    Q_OBJECT
public:
    static constexpr quint16 kDefaultPort = 8766;

    explicit ProxyDialog(QWidget *parent = nullptr);

    QHostAddress address() const;
    quint16 port() const;
    QUrl upstream() const;
    QString rulesPath() const; // empty: no rules
    // Break on: one filter per line (docs/filter.md); each holds the events it matches until
    // the person decides (the Breakpoint tab); the line "request" holds each request.
    QStringList breakpoints() const;
    // What the dialog offers next time (the Breakpoint tab changes them while the proxy runs).
    static void rememberBreakpoints(const QStringList &filters);
    // Map local: requests for mapPath() are answered from the capture mapCapture() (empty: none).
    QString mapPath() const;
    QString mapCapture() const;
    // The breakpoints, then the rules read from rulesPath(), when the dialog was accepted.
    const intercept::RewriteRules &rules() const { return m_rules; }

    // Empty when the form can start the proxy; else what is wrong.
    QString validationError() const;
    // Empty for an http:// or https:// URL with a host; else what is wrong with it.
    static QString upstreamProblem(const QUrl &url);
    // "127.0.0.1", "::1", "0.0.0.0", "localhost"; a null address when it is none of them.
    static QHostAddress parseAddress(const QString &text);

    void accept() override;

private:
    void addInterceptRows(QFormLayout *form);
    void restore();
    void remember() const;
    QString readRules();

    QLineEdit *m_address = nullptr;
    QSpinBox *m_port = nullptr;
    QLineEdit *m_upstream = nullptr;
    QLineEdit *m_rulesPath = nullptr;
    QPlainTextEdit *m_breakpoints = nullptr;
    QLineEdit *m_mapPath = nullptr;
    QLineEdit *m_mapCapture = nullptr;
    intercept::RewriteRules m_rules;
    QLabel *m_error = nullptr;
};

} // namespace agui::ui
