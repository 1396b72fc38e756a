#pragma once

// JSON Schema fragments for the tools' inputs and outputs (draft 2020-12 keywords only, the ones
// MCP clients validate with): small builders so a tool's schema reads like its signature.

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <optional>
#include <utility>

namespace agui::mcp::schema {

using Property = std::pair<const char *, QJsonObject>;

// {"type": "object", "properties": ..., "required": [...]}; inputs also say
// "additionalProperties": false (an unknown argument is an error, not ignored).
QJsonObject object(std::initializer_list<Property> properties, const QStringList &required = {});
QJsonObject input(std::initializer_list<Property> properties, const QStringList &required = {});
QJsonObject string(const QString &description);
QJsonObject integer(const QString &description, qint64 minimum,
                    std::optional<qint64> maximum = std::nullopt);
QJsonObject boolean(const QString &description);
QJsonObject choice(const QString &description, const QStringList &values);
QJsonObject array(const QString &description, const QJsonObject &items = {});
QJsonObject anyValue(const QString &description); // any JSON value
QJsonObject nullable(QJsonObject schema); // the same, or null

// The arguments most tools share.
Property capture(); // "capture": an open capture's name (optional when one is open)
Property eventIndex(const char *name, const QString &description, bool defaultsToLast);
Property cursor();
Property limit(qint64 defaultLimit, qint64 maxLimit);

// The names of an input schema's properties (for Arguments::rejectUnknown).
QStringList propertyNames(const QJsonObject &schema);

} // namespace agui::mcp::schema
