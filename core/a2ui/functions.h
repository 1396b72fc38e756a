#pragma once

// The basic catalog's client-side functions (a2ui-protocol §3.6) and checks evaluation.
// Implemented: required, regex, length, numeric, email, and, or, not, formatString (with ${path}
// and ${fn(...)}), formatNumber, formatCurrency (ISO code + amount), formatDate (TR35 letters Qt
// shares), pluralize (English rules). openUrl and unknown names give Undefined plus an error.

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace agui::a2ui {

// Calls {"call":name,"args":{...}} (v1.0: "@call") with args resolved against the model in scope.
// Unknown functions give Undefined and *error.
QJsonValue callFunction(const QJsonObject &call, const QJsonValue &dataModel,
                        const QString &scopePath = {}, QString *error = nullptr);

// Expands a formatString template: "${/abs}", "${rel}", "${fn(a:'x', b:${/p})}", "${'text'}",
// "\${" escapes (parsed by parseExpressionTemplate; a template that does not parse is returned
// as written).
QString formatString(const QString &templ, const QJsonValue &dataModel,
                     const QString &scopePath = {});

struct CheckFailure
{
    qsizetype index = -1; // in the checks array
    QString message; // the rule's message (v1.0: optional; "" then)
};

struct ChecksResult
{
    bool ok = true;
    QList<CheckFailure> failures;
    QStringList errors; // rules that could not be evaluated (unknown function, bad shape)
};

// Evaluates a checks array of CheckRule {condition, message}; the older prose form with call/args
// directly on the rule is accepted too. A v1.0 ValidationResult {valid, message} is honoured. A
// rule that cannot be evaluated counts as failing (a button must not send what we cannot check).
ChecksResult evaluateChecks(const QJsonValue &checks, const QJsonValue &dataModel,
                            const QString &scopePath = {});

} // namespace agui::a2ui
