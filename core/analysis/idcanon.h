#pragma once

#include <QHash>
#include <QJsonValue>
#include <QString>

namespace agui::analysis {

// Replaces ids by their order of first appearance on one side of a comparison, so that two runs
// which mint fresh ids (UUIDs) still line up: the first message id becomes "message#1", the first
// tool call id "toolCall#1", and so on, one counter per kind (named after the member the id was
// first seen in). The same id always gets the same token, whichever member names it later.
// Disabled, it gives everything back unchanged.
class IdCanon
{
public:
    explicit IdCanon(bool enabled)
        : m_enabled(enabled)
    { }

    bool isEnabled() const { return m_enabled; }
    // The token of an id first seen in `member` ("messageId", "id", ...).
    QString canon(const QString &id, const QString &member = QStringLiteral("id"));
    // Every id member inside value: "id" and "*Id" strings, "*Ids" arrays of strings.
    QJsonValue normalize(const QJsonValue &value);

    static bool isIdMember(const QString &member);

private:
    bool m_enabled;
    QHash<QString, QString> m_tokens;
    QHash<QString, int> m_counters;
};

} // namespace agui::analysis
