#include "core/otel/otlpretry.h"

#include <QByteArrayList>
#include <QTimeZone>

namespace agui::otel {

namespace {

bool allDigits(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (const char c : s) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

// A run of exactly `count` digits, as a number; -1 otherwise.
int digits(QByteArrayView s, qsizetype count)
{
    if (s.size() != count || !allDigits(s))
        return -1;
    int n = 0;
    for (const char c : s)
        n = n * 10 + (c - '0');
    return n;
}

std::optional<qint64> delaySeconds(QByteArrayView s)
{
    // Any digit count is delay-seconds; past the cap the exact number does not matter, so long
    // runs are not parsed (they would overflow).
    qint64 seconds = 0;
    for (const char c : s) {
        seconds = seconds * 10 + (c - '0');
        if (seconds * 1000 >= kMaxRetryAfterMs)
            return kMaxRetryAfterMs;
    }
    return seconds * 1000;
}

int month(QByteArrayView name)
{
    static const char *const names[]
        = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    for (int i = 0; i < 12; ++i) {
        if (name == names[i])
            return i + 1;
    }
    return 0;
}

bool isDayName(QByteArrayView name)
{
    for (const char *day : {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}) {
        if (name == day)
            return true;
    }
    return false;
}

bool isLongDayName(QByteArrayView name)
{
    for (const char *day :
         {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}) {
        if (name == day)
            return true;
    }
    return false;
}

// time-of-day = hour ":" minute ":" second (2 digits each); a leap second reads as :59.
std::optional<QTime> timeOfDay(QByteArrayView s)
{
    if (s.size() != 8 || s[2] != ':' || s[5] != ':')
        return std::nullopt;
    const int h = digits(s.sliced(0, 2), 2);
    const int m = digits(s.sliced(3, 2), 2);
    const int sec = digits(s.sliced(6, 2), 2);
    if (h < 0 || m < 0 || sec < 0 || sec > 60)
        return std::nullopt;
    const QTime t(h, m, qMin(sec, 59));
    return t.isValid() ? std::optional<QTime>(t) : std::nullopt;
}

std::optional<QDateTime> utc(int year, int mon, int day, QByteArrayView time)
{
    if (year < 0 || mon < 1 || day < 0)
        return std::nullopt; // a field that did not read (QDate takes negative years)
    const QDate date(year, mon, day);
    const std::optional<QTime> t = timeOfDay(time);
    if (!date.isValid() || !t)
        return std::nullopt;
    return QDateTime(date, *t, QTimeZone::utc());
}

// IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT".
std::optional<QDateTime> imfFixdate(const QByteArrayList &w)
{
    if (w.size() != 6 || w[0].size() != 4 || !w[0].endsWith(',') || !isDayName(w[0].first(3))
        || w[5] != "GMT")
        return std::nullopt;
    return utc(digits(w[3], 4), month(w[2]), digits(w[1], 2), w[4]);
}

// rfc850-date: "Sunday, 06-Nov-94 08:49:37 GMT". RFC 9110 5.6.7: a two-digit year more than 50
// years ahead of now is the most recent past year with those digits.
std::optional<QDateTime> rfc850Date(const QByteArrayList &w, const QDateTime &now)
{
    if (w.size() != 4 || !w[0].endsWith(',') || !isLongDayName(w[0].chopped(1)) || w[3] != "GMT")
        return std::nullopt;
    const QByteArrayList date = w[1].split('-');
    if (date.size() != 3)
        return std::nullopt;
    const int yy = digits(date[2], 2);
    if (yy < 0)
        return std::nullopt;
    const int nowYear = now.toUTC().date().year();
    int year = nowYear - nowYear % 100 + yy;
    if (year > nowYear + 50)
        year -= 100;
    return utc(year, month(date[1]), digits(date[0], 2), w[2]);
}

// asctime-date: "Sun Nov  6 08:49:37 1994" (a one-digit day is padded with a space).
std::optional<QDateTime> asctimeDate(QByteArrayView s)
{
    if (s.size() != 24 || s[3] != ' ' || s[7] != ' ' || s[10] != ' ' || s[19] != ' '
        || !isDayName(s.first(3)))
        return std::nullopt;
    const QByteArrayView dayField = s.sliced(8, 2);
    const int day = dayField[0] == ' ' ? digits(dayField.sliced(1), 1) : digits(dayField, 2);
    return utc(digits(s.sliced(20, 4), 4), month(s.sliced(4, 3)), day, s.sliced(11, 8));
}

std::optional<QDateTime> httpDate(QByteArrayView s, const QDateTime &now)
{
    // Words split on single spaces: the fixed formats have exactly one between fields (asctime's
    // padded day is why it is read by position instead).
    const QByteArrayList words = s.toByteArray().split(' ');
    if (auto date = imfFixdate(words))
        return date;
    if (auto date = rfc850Date(words, now))
        return date;
    return asctimeDate(s);
}

} // namespace

std::optional<qint64> parseRetryAfterMs(QByteArrayView value, QDateTime now)
{
    const QByteArrayView s = value.trimmed();
    if (allDigits(s))
        return delaySeconds(s);
    const std::optional<QDateTime> date = httpDate(s, now);
    if (!date)
        return std::nullopt;
    return qBound(qint64(0), now.msecsTo(*date), kMaxRetryAfterMs);
}

} // namespace agui::otel
