#pragma once

// The top of the proxy's Breakpoint tab: the breakpoints themselves, changed while the proxy
// runs (one filter per line, as in the Start Proxy dialog; "request" holds each request), a
// switch that turns them all off and back on (a debugger's "deactivate breakpoints"), and
// Resume All. It only says what the person asked for; the tab applies it.

#include <QStringList>
#include <QWidget>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace agui::ui {

class BreakpointBar : public QWidget
{
    Q_OBJECT

public:
    explicit BreakpointBar(QWidget *parent = nullptr);

    void setBreakpoints(const QStringList &filters); // as applied: the editor shows no change
    QStringList editedBreakpoints() const; // the editor's lines, trimmed, none empty
    void setError(const QString &error); // why the last Apply was refused; empty: none
    void setActive(bool active);
    void setHeldCount(int held); // Resume All is for something held

    QPlainTextEdit *editor() const { return m_filters; }

Q_SIGNALS:
    void applyRequested(const QStringList &filters);
    void activeChanged(bool active);
    void resumeAllRequested();

private:
    void updateApply();

    QPlainTextEdit *m_filters = nullptr;
    QPushButton *m_apply = nullptr;
    QCheckBox *m_active = nullptr;
    QPushButton *m_resumeAll = nullptr;
    QLabel *m_error = nullptr;
    QStringList m_applied;
};

} // namespace agui::ui
