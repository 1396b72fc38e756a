#pragma once

#include <QWidget>

class QLabel;
class QToolButton;

namespace agui::ui {

// The status-bar strip of a service the window runs for others (Serve This Capture…, Share with
// Coding Agents…): what it serves, in plain text the user can select, a Copy button and Stop.
// One widget, so both services look and behave alike; the owner fills the Copy button (a click
// handler or a menu) and shows the strip while the service runs.
class ServiceStatusStrip : public QWidget
{
    Q_OBJECT
public:
    // objectName names the strip; its buttons are named objectName + "Copy" / "Stop".
    ServiceStatusStrip(const QString &objectName, const QString &copyText, QWidget *parent);

    void setText(const QString &text); // plain text, never rich text
    void setDetails(const QString &toolTip);
    QString details() const;
    QString text() const;
    QToolButton *copyButton() const { return m_copy; }

Q_SIGNALS:
    void stopClicked();

private:
    QLabel *m_label = nullptr;
    QToolButton *m_copy = nullptr;
};

} // namespace agui::ui
