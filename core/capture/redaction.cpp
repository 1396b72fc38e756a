#include "core/capture/redaction.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace agui {

QString redactedValue()
{
    return QStringLiteral("<redacted>");
}

bool isCredentialHeader(QStringView name)
{
    static const QLatin1StringView exact[] = {
        QLatin1StringView("authorization"), QLatin1StringView("proxy-authorization"),
        QLatin1StringView("cookie"),        QLatin1StringView("set-cookie"),
        QLatin1StringView("apikey"),        QLatin1StringView("api-key"),
        QLatin1StringView("x-api-key"),     QLatin1StringView("token"),
    };
    static const QLatin1StringView suffixes[] = {
        QLatin1StringView("-key"),      QLatin1StringView("-token"), QLatin1StringView("-secret"),
        QLatin1StringView("-password"), QLatin1StringView("-auth"),  QLatin1StringView("_key"),
        QLatin1StringView("_token"),
    };
    const QString lower = name.trimmed().toString().toLower();
    for (QLatin1StringView e : exact) {
        if (lower == e)
            return true;
    }
    for (QLatin1StringView s : suffixes) {
        if (lower.endsWith(s))
            return true;
    }
    return false;
}

HttpHeaders redactHeaders(const HttpHeaders &headers)
{
    HttpHeaders out;
    out.reserve(headers.size());
    for (const auto &h : headers)
        out.append({h.first, isCredentialHeader(h.first) ? redactedValue() : h.second});
    return out;
}

namespace {

// A query item is a credential when one of the words of its name (split on - _ .) is one
// of these; "api_key", "access_token", "X-Amz-Signature" all match, "page" does not.
bool isCredentialQueryName(const QString &name)
{
    static const QStringList words = {
        QStringLiteral("key"),        QStringLiteral("apikey"),   QStringLiteral("token"),
        QStringLiteral("secret"),     QStringLiteral("password"), QStringLiteral("passwd"),
        QStringLiteral("auth"),       QStringLiteral("sig"),      QStringLiteral("signature"),
        QStringLiteral("credential"), QStringLiteral("session"),  QStringLiteral("code"),
    };
    static const QRegularExpression separators(QStringLiteral("[-_.]"));
    const QStringList parts = name.toLower().split(separators, Qt::SkipEmptyParts);
    for (const QString &p : parts) {
        if (words.contains(p))
            return true;
    }
    return false;
}

} // namespace

QString redactUrl(const QString &url)
{
    QUrl u(url);
    if (!u.isValid())
        return url;
    bool changed = false;
    if (!u.password().isEmpty()) {
        u.setPassword(redactedValue());
        changed = true;
    }
    if (u.hasQuery()) {
        QUrlQuery query(u);
        auto items = query.queryItems(QUrl::FullyEncoded);
        for (auto &item : items) {
            if (isCredentialQueryName(QUrl::fromPercentEncoding(item.first.toUtf8()))) {
                item.second = redactedValue();
                changed = true;
            }
        }
        if (changed) {
            query.setQueryItems(items);
            u.setQuery(query);
        }
    }
    // Unchanged URLs are returned as given, so nothing but credentials is ever rewritten.
    return changed ? u.toString(QUrl::FullyEncoded) : url;
}

} // namespace agui
