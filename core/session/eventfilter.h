#pragma once

#include "core/session/eventstore.h"

#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <functional>

namespace agui {

// The event filter language: the GUI's filter bar, `agui-inspect cat|stats|lint --filter` and the
// MCP server's list_events (documented in docs/filter.md and the filter bar's tooltip):
//
//   type:TEXT_*  family:tool  id:m1  run:2  run:2-3  has:diag  has:error  text:"foo bar"  foo
//
// Terms are separated by spaces and all must match (AND). A term's value may list alternatives
// with commas (family:tool,text = either). A leading '-' negates a term (-type:*_CONTENT).
// Bare words and text: search the event's JSON text, case-insensitively. type: takes wire names
// with '*' wildcards; run: counts runs from 1, as the list shows them.
class EventFilter
{
public:
    enum class Key { Type, Family, Id, Run, Has, Text };

    struct Term
    {
        Key key = Key::Text;
        bool negated = false;
        QStringList values; // alternatives, already validated
        QList<bool> typeMask; // Key::Type / Key::Family: accepted EventType values
        QList<QPair<int, int>> runRanges; // Key::Run: 0-based inclusive ranges
        QList<QRegularExpression> patterns; // Key::Id values with '*', compiled once
    };

    // Parses text; on a syntax error isValid() is false and errorString()/errorPosition() say
    // what and where (character offset into the text).
    static EventFilter parse(const QString &text);

    bool isValid() const { return m_error.isEmpty(); }
    bool isEmpty() const { return m_terms.isEmpty(); }
    QString errorString() const { return m_error; }
    int errorPosition() const { return m_errorPosition; }
    // The error for a one-line message: "unknown key \"colour:\" ... at character 7" (counted
    // from 1, as an editor's column). Empty when valid.
    QString errorMessage() const;
    QString text() const { return m_text; }
    const QList<Term> &terms() const { return m_terms; }
    // True when evaluating needs the event's bytes (text search), not only its EventSummary.
    bool needsEventText() const { return m_needsText; }

    // eventText is called only when a text term has to be checked.
    bool matches(const EventSummary &event, const std::function<QString()> &eventText) const;
    // Event seq of a store (its JSON text read only for a text term).
    bool matches(const EventStore &store, qint64 seq) const;

    static QString syntaxHelp();
    // The keys ("type", "family", "id", "run", "has", "text") and the values has: takes, in the
    // order the help lists them: the one list the parser and completion (filtercompletion.h) use.
    static const QStringList &keyNames();
    static const QStringList &hasValues();

private:
    QString m_text;
    QList<Term> m_terms;
    QString m_error;
    int m_errorPosition = -1;
    bool m_needsText = false;
};

} // namespace agui
