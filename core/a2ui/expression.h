#pragma once

// The expression-template parser behind formatString (basic catalog, "formatString"; the
// conformance suite core/expressions.yaml): a template is literal text with "${expression}"
// interpolations, "\${" being a literal "${". An expression is a string ('…' or "…", with
// backslash escapes), a number, true / false, a nested "${…}", a function call
// "name(arg: expression, …)" or else a data path ("/abs", "rel", "a.b-c").
//
// Parsing is separate from evaluation so the inspector can show what a template means (and where
// it is malformed) without a data model.

#include <QJsonArray>
#include <QString>

namespace agui::a2ui {

struct ExpressionTemplate
{
    // In order: literal text and string literals as JSON strings, numbers and booleans as
    // themselves, a data path as {"path": p}, a call as {"call": name, "args": {…},
    // "returnType": "any"} (the template names no return type). Adjacent text is one part.
    QJsonArray parts;
    QString error; // "" when the template parsed; else what is wrong and at which character
    qsizetype errorOffset = -1;

    bool ok() const { return error.isEmpty(); }
};

ExpressionTemplate parseExpressionTemplate(const QString &templ);

} // namespace agui::a2ui
