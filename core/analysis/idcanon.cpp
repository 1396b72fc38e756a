#include "core/analysis/idcanon.h"

#include <QJsonArray>
#include <QJsonObject>

namespace agui::analysis {

namespace {

// "parentMessageId" -> "message", "toolCallIds" -> "toolCall", "id" -> "id".
QString kindOf(const QString &member)
{
    QString kind = member;
    if (kind.endsWith(QLatin1String("Ids")))
        kind.chop(3);
    else if (kind.endsWith(QLatin1String("Id")))
        kind.chop(2);
    if (kind.startsWith(QLatin1String("parent")) && kind.size() > 6)
        kind = kind.mid(6, 1).toLower() + kind.mid(7);
    return kind.isEmpty() ? QStringLiteral("id") : kind;
}

} // namespace

bool IdCanon::isIdMember(const QString &member)
{
    return member == QLatin1String("id")
        || (member.size() > 2 && member.endsWith(QLatin1String("Id")))
        || (member.size() > 3 && member.endsWith(QLatin1String("Ids")));
}

QString IdCanon::canon(const QString &id, const QString &member)
{
    if (!m_enabled || id.isEmpty())
        return id;
    const auto it = m_tokens.constFind(id);
    if (it != m_tokens.cend())
        return it.value();
    const QString kind = kindOf(member);
    const QString token = QStringLiteral("%1#%2").arg(kind).arg(++m_counters[kind]);
    m_tokens.insert(id, token);
    return token;
}

QJsonValue IdCanon::normalize(const QJsonValue &value)
{
    if (!m_enabled)
        return value;
    if (value.isArray()) {
        QJsonArray out;
        for (const auto &v : value.toArray())
            out.append(normalize(v));
        return out;
    }
    if (!value.isObject())
        return value;
    QJsonObject out;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString member = it.key();
        if (isIdMember(member) && it.value().isString()) {
            out.insert(member, canon(it.value().toString(), member));
        } else if (member.endsWith(QLatin1String("Ids")) && it.value().isArray()) {
            QJsonArray ids;
            for (const auto &v : it.value().toArray())
                ids.append(v.isString() ? QJsonValue(canon(v.toString(), member)) : v);
            out.insert(member, ids);
        } else {
            out.insert(member, normalize(it.value()));
        }
    }
    return out;
}

} // namespace agui::analysis
