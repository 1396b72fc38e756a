#include "core/mcp/paging.h"

#include <QByteArray>

#include <algorithm>

namespace agui::mcp {

QString makeCursor(const QString &query, qint64 next)
{
    const QByteArray text = query.toUtf8() + '\n' + QByteArray::number(next);
    return QString::fromLatin1(
        text.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

Page readPage(Arguments &args, const QString &query, qint64 defaultLimit, qint64 maxLimit)
{
    Page page;
    page.limit = args.integer("limit", defaultLimit, 1, maxLimit);
    const QString cursor = args.string("cursor");
    if (!args.ok() || cursor.isEmpty())
        return page;
    const auto decoded = QByteArray::fromBase64Encoding(
        cursor.toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    const QByteArray text = decoded ? *decoded : QByteArray();
    const qsizetype newline = text.lastIndexOf('\n');
    bool number = false;
    const qint64 next = newline >= 0 ? text.mid(newline + 1).toLongLong(&number) : -1;
    if (!decoded || newline < 0 || !number || next < 0) {
        args.fail("cursor", QStringLiteral("is not a cursor this server gave"));
        return page;
    }
    if (QString::fromUtf8(text.left(newline)) != query) {
        args.fail("cursor",
                  QStringLiteral("belongs to a different query: give the same "
                                 "arguments as for the page it came from"));
        return page;
    }
    page.start = next;
    return page;
}

void addNextCursor(QJsonObject &result, const QString &query, qint64 next)
{
    if (next >= 0)
        result.insert(QLatin1String("nextCursor"), makeCursor(query, next));
}

QJsonArray pageOf(const QJsonArray &all, const Page &page, qint64 *next)
{
    QJsonArray out;
    const qint64 end = std::min<qint64>(all.size(), page.start + page.limit);
    for (qint64 i = page.start; i < end; ++i)
        out.append(all.at(i));
    *next = end < all.size() ? end : -1;
    return out;
}

QJsonObject pagedList(const QString &capture, const char *key, const QJsonArray &all,
                      const Page &page, const QString &query)
{
    qint64 next = -1;
    QJsonObject out {{QLatin1String("capture"), capture},
                     {QLatin1String(key), pageOf(all, page, &next)},
                     {QLatin1String("total"), double(all.size())}};
    addNextCursor(out, query, next);
    return out;
}

} // namespace agui::mcp
