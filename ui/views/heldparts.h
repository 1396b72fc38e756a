#pragma once

// What the proxy's two breakpoint pages (HeldEventView, HeldRequestView) are built from: the
// same buttons, labels and editor, checked the same way as the person types.

#include <QString>
#include <QStringList>

class QLabel;
class QObject;
class QPlainTextEdit;
class QPushButton;
class QTimer;
class QWidget;

namespace agui::ui {

QPushButton *heldButton(const QString &text, const QString &name, const QString &tip,
                        QWidget *parent);
// Plain text (it quotes what the agent or the front end sent), wrapped, and never the reason
// the window is wide: a long unbroken word must not set its minimum width.
QLabel *heldLabel(const QString &name, QWidget *parent);
// Monospaced, unwrapped: JSON as it is written.
QPlainTextEdit *heldEditor(const QString &name, QWidget *parent);
// A single-shot timer the editor's typing restarts: `check` runs once typing pauses.
template<typename Owner>
QTimer *checkWhenTypingPauses(QPlainTextEdit *editor, Owner *owner, void (Owner::*check)());
// The page's title with how many more are held after the one shown.
QString withWaiting(const QString &about, int waiting);
// "One filter per line" (the Start Proxy dialog's Break on, the Breakpoint tab): the lines,
// trimmed, without the empty ones.
QStringList filterLines(const QString &text);

} // namespace agui::ui

#include <QPlainTextEdit>
#include <QTimer>

template<typename Owner>
QTimer *agui::ui::checkWhenTypingPauses(QPlainTextEdit *editor, Owner *owner,
                                        void (Owner::*check)())
{
    auto *timer = new QTimer(owner);
    timer->setSingleShot(true);
    timer->setInterval(150);
    QObject::connect(timer, &QTimer::timeout, owner, check);
    QObject::connect(editor, &QPlainTextEdit::textChanged, timer, qOverload<>(&QTimer::start));
    return timer;
}
