#include "core/json/jsonnumber.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace agui::json {

namespace {

// ECMAScript Number::toString: with k shortest significant digits s and exponent n (the value
// is s × 10^(n−k)), fixed notation when −6 ≤ n−1 < 21, else exponential.
QByteArray format(double value)
{
    if (value == 0)
        return QByteArrayLiteral("0"); // -0 prints as "0" too
    char buf[64];
    // Scientific notation with the shortest round-trip digits: "d.ddde±x".
    const auto r
        = std::to_chars(buf, buf + sizeof buf, std::fabs(value), std::chars_format::scientific);
    const char *e = std::find(buf, r.ptr, 'e');
    QByteArray digits;
    for (const char *p = buf; p < e; ++p)
        if (*p != '.')
            digits += *p;
    int exponent = 0; // value = d.ddd × 10^exponent
    const char *x = e + 1;
    if (x < r.ptr && *x == '+')
        ++x;
    std::from_chars(x, r.ptr, exponent);
    const int k = int(digits.size());
    const int n = exponent + 1;
    QByteArray out = value < 0 ? QByteArrayLiteral("-") : QByteArray();
    if (k <= n && n <= 21) {
        out += digits + QByteArray(n - k, '0');
    } else if (0 < n && n <= 21) {
        out += digits.left(n) + '.' + digits.mid(n);
    } else if (-6 < n && n <= 0) {
        out += QByteArrayLiteral("0.") + QByteArray(-n, '0') + digits;
    } else {
        out += digits.left(1);
        if (k > 1)
            out += '.' + digits.mid(1);
        out += 'e';
        out += n - 1 >= 0 ? '+' : '-';
        out += QByteArray::number(std::abs(n - 1));
    }
    return out;
}

} // namespace

QByteArray jsNumberText(double value)
{
    if (!std::isfinite(value))
        return QByteArrayLiteral("null");
    return format(value);
}

QString jsNumberString(double value)
{
    if (std::isnan(value))
        return QStringLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("Infinity") : QStringLiteral("-Infinity");
    return QString::fromLatin1(format(value));
}

} // namespace agui::json
