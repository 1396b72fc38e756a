#pragma once

// Rewrite rules: what a proxy does, without a person, to the events an agent sends before the
// front end gets them (docs/proxy.md, "Rewrite rules"). A rule is a filter in the event filter
// language (docs/filter.md) and one action: drop the event, delay it (and all after it), edit it
// with a JSON Patch (RFC 6902), inject events before or after it, or break: hold it (and all
// after it) until a person decides (a breakpoint). The first enabled rule whose
// filter matches an event acts on it; an event no rule matches goes on byte for byte.
//
// The file is JSON: {"rules": [ {"name": "...", "filter": "type:TOOL_CALL_END", "action":
// "drop"}, ... ]} (a bare array of rules is accepted too). Every mistake is an error naming the
// rule (counted from 1) and the field.

#include "core/session/eventfilter.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace agui::intercept {

// Break holds the event for a person to decide (the GUI's proxy; AgentProxy::resolveHold).
enum class RewriteAction { Drop, Delay, Edit, Inject, Break };

QString rewriteActionName(RewriteAction action); // "drop", "delay", "edit", "inject", "break"

struct RewriteRule
{
    QString name; // as written, else "rule N"
    EventFilter filter;
    RewriteAction action = RewriteAction::Drop;
    bool enabled = true;
    int delayMs = 0; // Delay
    QJsonArray patch; // Edit: RFC 6902 operations applied to the event object
    QList<QJsonObject> before; // Inject: events sent ahead of the matching one
    QList<QJsonObject> after; // Inject: events sent right after it
    int times = -1; // acts on at most this many events per exchange; -1: every match
};

class RewriteRules
{
public:
    // Parses a rules document; on a mistake returns no rules and sets *error ("rule 2 (\"slow
    // search\"): \"ms\" must be a whole number of milliseconds from 0 to 600000").
    static RewriteRules fromJson(const QByteArray &json, QString *error);
    static RewriteRules fromFile(const QString &path, QString *error); // error names the file

    bool isEmpty() const { return m_rules.isEmpty(); }
    const QList<RewriteRule> &rules() const { return m_rules; }
    // The rules as a compact JSON document, e.g. to keep them with a recording.
    QByteArray toJson() const;
    // Breakpoints ahead of these rules, in place of those set before: one break rule per filter
    // (none for an empty list). On a filter that does not parse returns no rules and sets *error
    // naming it. The filter "request" (kRequestBreakpoint) is the breakpoint on the request
    // itself: each request is held before it goes to the agent (AgentProxy::setBreakOnRequest),
    // not an event rule.
    RewriteRules withBreakpoints(const QStringList &filters, QString *error) const;
    static constexpr QLatin1StringView kRequestBreakpoint {"request"};
    QStringList breakpoints() const { return m_breakpoints; } // as set, trimmed, none empty
    bool hasBreakpoints() const; // on events or on the request
    bool breaksOnRequest() const { return m_breakOnRequest; }

private:
    QList<RewriteRule> m_rules;
    QByteArray m_source; // the document as parsed (its rules in their own words)
    bool m_breakOnRequest = false;
    QStringList m_breakpoints; // withBreakpoints()'s filters
    qsizetype m_breakRules = 0; // the break rules they made, first in m_rules and m_source
};

} // namespace agui::intercept
