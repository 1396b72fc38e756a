#pragma once

#include "core/session/eventfilter.h"

#include <QLineEdit>
#include <QTimer>

namespace agui::ui {

// The filter bar's edit (Wireshark's SyntaxLineEdit idea): the text is parsed on every
// keystroke and the background says valid / invalid at once (with the error in the tooltip);
// a valid filter is applied after a short pause (kApplyDelayMs) or at once on Enter. An invalid
// one is underlined in red from the character where the parser stopped.
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

Q_SIGNALS:
    void filterReady(const agui::EventFilter &filter);
    void syntaxStateChanged(SyntaxState state);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void onTextChanged(const QString &text);
    void applyNow();
    void updateLook();

    EventFilter m_filter;
    SyntaxState m_state = Empty;
    QTimer m_applyTimer;
};

} // namespace agui::ui
