#pragma once

// Data binding (a2ui-protocol §3): resolving bound values against the data model, writing user
// input back, scopes of template instances, and the renderer guide's coercion table.

#include "core/a2ui/version.h"

#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

namespace agui::a2ui {

// The absolute JSON Pointer a path means in scope (the absolute pointer of the template item, ""
// at the top). Absolute paths ("/a/b") stay as they are; relative ones ("name", "./name") are
// appended to the scope. "" or "." means the scope itself.
QString absolutePath(const QString &path, const QString &scopePath);

// The JSON Pointer a data-model path means (a2ui.org, "Data model"): "" and "/" are the whole
// model and a trailing "/" is dropped ("/foo/" is "/foo"). Every read and write here applies it.
QString modelPointer(const QString &path);

// The value at a data-model path; nullopt when nothing is there.
std::optional<QJsonValue> readValue(const QJsonValue &model, const QString &path);

// Which of the watched paths a change of the model from before to after notifies, in the order
// given (a path watched twice is notified twice): exactly those whose value changed. So an
// observer of an ancestor, of a descendant, of the root or of a path that did not exist yet is
// notified when what it reads changed, and not when a write left it as it was (the same value
// written again, a sibling, a descendant that kept its value).
QStringList changedPaths(const QJsonValue &before, const QJsonValue &after,
                         const QStringList &watched);

// v0.8 path spellings as JSON Pointers: "user", "/user", "a.b", "a[0]" -> "/user", "/a/b", "/a/0".
// Relative v0.8 paths (no leading '/') stay relative: "name" -> "name".
QString normalizeV08Path(const QString &path);

// The v0.8 reference processor's template quirk (a2ui-protocol §1.2): inside a template instance,
// a leading "/", "./" or "/item" is stripped, so absolute paths act as relative ones. Applied to a
// normalized v0.8 component rendered in a template scope (paths anywhere in its props).
QJsonObject v08TemplateRelative(const QJsonObject &normalized);

// The value a bound value stands for:
//  - a literal (string, number, bool, array, object without "path"/"call") is itself;
//  - {"path": p} is the model's value at absolutePath(p, scope) (Undefined when absent);
//  - {"call": fn, "args": {...}} is the function's result (see functions.h);
//  - v0.8 forms {literalString|literalNumber|literalBoolean|literalArray[, path]} too
//    (path wins when both are present and the path resolves).
//  - v1.0: {"@path": p} and {"@call": fn, …} as {"path"} and {"call"}; in a literal object a key
//    written with a doubled "@" ("@@path") is the literal key "@path" (literalValue).
QJsonValue resolve(const QJsonValue &bound, const QJsonValue &dataModel,
                   const QString &scopePath = {});

// A literal as the renderer shows it: v1.0's doubled "@" keys undoubled, at any depth.
QJsonValue literalValue(const QJsonValue &literal);

// The absolute path a bound value reads ({path} or v0.8 {path,literal*}); nullopt for literals and
// function calls.
std::optional<QString> boundPath(const QJsonValue &bound, const QString &scopePath = {});

// Every absolute path a bound value depends on (paths inside function-call args, formatString
// templates and structured props such as action contexts included), for the inspector.
QStringList dependencyPaths(const QJsonValue &bound, const QString &scopePath = {});

// Writes value at the absolute pointer path, creating missing containers ([] when the next token
// is a number, {} otherwise). False and *error when a step is a primitive or the pointer is bad.
// Undefined value removes the key.
bool writeValue(QJsonValue &model, const QString &path, const QJsonValue &value,
                QString *error = nullptr);

// Coercions from the renderer guide: null/undefined -> "" / 0 / false; "true"/"false" strings ->
// bool (other strings false); non-zero numbers true; numeric strings parse (else 0); objects and
// arrays as compact JSON text.
QString toDisplayString(const QJsonValue &value);
double toNumber(const QJsonValue &value);
bool toBool(const QJsonValue &value);

} // namespace agui::a2ui
