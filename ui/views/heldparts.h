#pragma once

// What the proxy's two breakpoint pages (HeldEventView, HeldRequestView) are built from: the
// same buttons, labels and editor, checked the same way as the person types.

#include <QByteArray>
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
// The largest held body the page parses, indents and lets the person edit. Both happen on the GUI
// thread (when shown, then once per pause in typing), and a QPlainTextEdit lays out what it
// holds there too: a held body of many MiB would freeze the window. Above this the page shows
// the body's start, read-only, and offers the decisions that need no editing.
inline constexpr qsizetype kEditableHeldBytes = 1 << 20;
bool isEditableHeld(const QByteArray &body);
// The first part of a body too large to edit, as text (invalid UTF-8 replaced), with a line
// that says how much is not shown.
QString heldPreview(const QByteArray &body);

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
