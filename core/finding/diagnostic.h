#pragma once

#include <QList>
#include <QString>

namespace agui {

enum class Severity : quint8 { Info, Warning, Error };

QString severityName(Severity severity); // "info", "warning", "error"

// One finding about one event (or about the stream, when attached to no event).
// ruleId is stable across releases (documented in docs/lint-rules.md); path is a JSON Pointer
// into the event's JSON ("" = the event as a whole); byteOffset is where in the stream the
// problem starts, or -1 when that is not known more precisely than the event's own range.
struct Diagnostic
{
    QString ruleId;
    Severity severity = Severity::Error;
    QString path;
    QString message;
    qint64 byteOffset = -1;

    friend bool operator==(const Diagnostic &, const Diagnostic &) = default;
};

using Diagnostics = QList<Diagnostic>;

} // namespace agui
