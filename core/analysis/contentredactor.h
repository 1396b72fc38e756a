#pragma once

#include "core/protocol/eventtype.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace agui::analysis {

// Takes the content out of AG-UI events and request bodies and keeps their structure, for a
// capture that can be attached to a bug report:
//   - text, reasoning, error messages, tool results, state values, A2UI data, custom values:
//     each string becomes a typed length marker "<redacted string, N chars #tag>", each number
//     another number; booleans, null, object keys, array lengths stay;
//   - strings that are structure stay: ids ("id", "*Id", "*Ids"), and the members type, role,
//     op, path, from, name, component, child, children, activityType, catalogId, version,
//     usageHint, variant, status, outcome, encryptedValueType;
//   - tool arguments are redacted as one document per tool call (the JSON values inside, so the
//     arguments still parse) and split again over the same number of events.
// Equal values give equal markers within one export (the tag is a keyed hash with a key made for
// this export and never written), so a JSON Patch "test" or a data binding behaves the same; the
// markers say nothing about the values across exports.
class ContentRedactor
{
public:
    ContentRedactor(); // a fresh random key
    explicit ContentRedactor(const QByteArray &key); // tests: a fixed key

    QString text(const QString &value);
    QJsonValue value(const QJsonValue &value); // keys and structural members kept
    // An event's JSON with its content redacted, but for tool argument deltas: the export
    // redacts those per tool call (toolArguments(), splitText()).
    QJsonObject event(EventType type, const QJsonObject &event);
    QJsonObject runInput(const QJsonObject &input); // a RunAgentInput (request body)
    // Argument text of one tool call: the whole text redacted (JSON values inside when it parses,
    // else one marker), to be cut into the deltas with splitText().
    QString toolArguments(const QString &arguments);
    // Cuts text into `pieces` consecutive parts of near-equal length (non-empty while the text
    // has at least that many characters).
    static QList<QString> splitText(const QString &text, int pieces);

    qint64 redactedCount() const { return m_count; }

private:
    QString tag(QByteArrayView bytes) const;
    QJsonValue number(double value);
    QJsonValue member(const QString &key, const QJsonValue &value);
    QJsonValue messages(const QJsonValue &messages);
    QJsonValue jsonOrText(const QJsonValue &content);
    QJsonValue textOrValue(const QJsonValue &v); // a string's marker; anything else as value()
    // The members of `type` that hold content, besides delta and rawEvent (event()).
    void redactTypeMembers(EventType type, QJsonObject &out);

    QByteArray m_key;
    qint64 m_count = 0;
};

} // namespace agui::analysis
