#pragma once

#include "core/mcp/rpc.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace agui::mcp {

// A tool's or prompt's arguments, read with their checks: the first bad one becomes an
// invalid-params error naming the argument ("limit: must be an integer from 1 to 500, not 0"),
// later reads return defaults, so a handler reads everything and then asks ok() once.
class Arguments
{
public:
    Arguments(const QJsonObject &arguments, const QString &owner);

    bool has(const char *name) const { return m_args.contains(QLatin1String(name)); }
    // Required: a missing one is an error. Optional: "" when absent.
    QString string(const char *name, bool required = false);
    // An integer in [min, max]; `fallback` when absent (nullopt: required).
    qint64 integer(const char *name, std::optional<qint64> fallback, qint64 min, qint64 max);
    bool boolean(const char *name, bool fallback);
    // One of `choices`; fallback when absent.
    QString choice(const char *name, const QStringList &choices, const QString &fallback);

    // Records an error about `name` (the first one wins).
    void fail(const char *name, const QString &message);
    // Arguments the schema does not name are errors too (a typo must not silently do nothing).
    void rejectUnknown(const QStringList &known);

    // What identifies the query for paging: the owner and every argument but cursor and limit.
    QString query() const;

    bool ok() const { return !m_error.isSet(); }
    const RpcError &error() const { return m_error; }

private:
    QJsonObject m_args;
    QString m_owner; // "tool list_events", for the message
    RpcError m_error;
};

} // namespace agui::mcp
