#pragma once

#include <QJsonValue>
#include <QString>

namespace agui::cli {

// Any JSON value (scalars too) as indented JSON text with a final newline; undefined -> null.
QString indentedJson(const QJsonValue &value);

// Parses the --at option: an event index in [-1, eventCount - 1] (-1 = before any event);
// empty text = the last event. false + *error on anything else.
bool parseAtOption(const QString &text, qint64 eventCount, qint64 *seq, QString *error);

} // namespace agui::cli
