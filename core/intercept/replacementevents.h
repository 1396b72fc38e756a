#pragma once

// What a person writes in place of an event a breakpoint holds: one event object, or an array
// of them (events injected before or after it; an empty array drops it). Read as the person
// types, so every mistake names where it is, and the events' schema findings are shown without
// stopping them going on: a debugger must be able to send a broken event on purpose.

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace agui::intercept {

struct ReplacementEvents
{
    QList<QJsonObject> events;
    QString error; // not sendable: not JSON (line and column), or not event objects (which one)
    QStringList warnings; // schema findings, "event 2 (/delta): ..."; empty when clean
    bool ok() const { return error.isEmpty(); }
};

ReplacementEvents readReplacementEvents(const QByteArray &text);

} // namespace agui::intercept
