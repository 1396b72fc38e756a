#pragma once

// RFC 9110 syntax shared by the request parser (serve) and the response parser (run client).

#include <QByteArrayView>

namespace agui::net {

// RFC 9110 5.6.2: a token (header names, methods): one or more tchar.
inline bool isHttpToken(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (const char c : s) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
        if (!ok)
            return false;
    }
    return true;
}

} // namespace agui::net
