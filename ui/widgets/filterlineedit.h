#pragma once

#include "core/session/eventfilter.h"
#include "core/session/filtercompletion.h"

#include <QLineEdit>
#include <QTimer>

#include <functional>

class QAction;
class QCompleter;
class QStringListModel;

namespace agui::ui {

// The filter bar's edit (Wireshark's SyntaxLineEdit idea): the text is parsed on every
// keystroke and the background says valid / invalid at once (with the error in the tooltip);
// a valid filter is applied after a short pause (kApplyDelayMs) or at once on Enter. An invalid
// one is underlined in red from the character where the parser stopped. As the user types, a
// popup completes keys, event types, families, has: values, ids and run numbers
// (core/session/filtercompletion.h); Ctrl+Space asks for it anywhere.
class FilterLineEdit : public QLineEdit
{
    Q_OBJECT
    Q_PROPERTY(SyntaxState syntaxState READ syntaxState NOTIFY syntaxStateChanged)
public:
    enum SyntaxState { Empty, Invalid, Valid };
    Q_ENUM(SyntaxState)
    static constexpr int kApplyDelayMs = 300;

    explicit FilterLineEdit(QWidget *parent = nullptr);
    SyntaxState syntaxState() const { return m_state; }
    QString errorString() const { return m_filter.errorString(); }
    const EventFilter &currentFilter() const { return m_filter; }
    // Where the red underline goes (null when the filter is not invalid).
    QRect errorMarkerRect() const;
    // The session's names (ids, run count), asked for on each completion; unset: none.
    void setVocabularySource(std::function<FilterVocabulary()> source);
    QCompleter *completer() const { return m_completer; }
    // Shows the completions for the word at the cursor (what typing and Ctrl+Space do).
    void showCompletions(CompletionTrigger trigger);

Q_SIGNALS:
    void filterReady(const agui::EventFilter &filter);
    void syntaxStateChanged(SyntaxState state);
    // After every check of the text, whether or not its state changed: an invalid filter's
    // error moves as the user types.
    void syntaxChecked(SyntaxState state);

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    bool m_updatingLook = false; // updateLook() sets the palette, which reports a change
    void onTextChanged(const QString &text);
    void applyNow();
    void updateLook();
    void insertCompletion(const QString &candidate);

    EventFilter m_filter;
    SyntaxState m_state = Empty;
    QTimer m_applyTimer;
    std::function<FilterVocabulary()> m_vocabularySource;
    QAction *m_clearAction = nullptr;
    QCompleter *m_completer = nullptr;
    QStringListModel *m_completions = nullptr;
    FilterCompletion m_pending; // what the popup's candidates replace
};

} // namespace agui::ui
