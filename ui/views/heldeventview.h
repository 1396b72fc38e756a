#pragma once

// The proxy's breakpoint page: the event a breakpoint holds, as JSON the person can edit, and
// what to do with it. Resume sends the agent's bytes unchanged; Send sends what the editor holds
// (one event, or an array: events injected before or after it); Drop sends nothing in its place.
// The editor is read as it is typed (core/intercept's readReplacementEvents): what is not JSON
// or not events is said with its line and column and cannot be sent; schema findings are shown
// and do not stop it, so a broken event can be sent on purpose. Agent text stays plain text.

#include "core/net/bodyrewriter.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace agui::ui {

class HeldEventView : public QWidget
{
    Q_OBJECT

public:
    explicit HeldEventView(QWidget *parent = nullptr);

    // Shows the held event of `run` (0-based, shown from 1); `waiting`: more held after it.
    void showHeld(int run, const net::HeldEvent &held, int waiting);
    void showNothingHeld();
    void setWaiting(int waiting); // more were held after the one shown
    bool isHolding() const { return m_holding; }
    QPlainTextEdit *editor() const { return m_editor; }

Q_SIGNALS:
    void decided(const agui::net::HoldDecision &decision);

private:
    void check(); // reads the editor: what Send would send, or why it cannot
    void send();
    void wrapInArray(bool before); // Add Event Before/After
    void decide(const net::HoldDecision &decision);

    QLabel *m_title = nullptr;
    QPlainTextEdit *m_editor = nullptr;
    QLabel *m_check = nullptr;
    QPushButton *m_resume = nullptr;
    QPushButton *m_send = nullptr;
    QPushButton *m_drop = nullptr;
    QPushButton *m_before = nullptr;
    QPushButton *m_after = nullptr;
    QPushButton *m_revert = nullptr;
    QTimer *m_checkSoon = nullptr; // reads the editor once typing pauses
    QString m_original; // the held event as first shown
    QString m_notEditable; // why it cannot be edited (too large); empty when it can
    QString m_about; // the title without the count of those waiting
    bool m_holding = false;
};

} // namespace agui::ui
