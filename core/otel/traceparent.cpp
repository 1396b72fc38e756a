#include "core/otel/traceparent.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

#include <iterator>

namespace agui::otel {

namespace {

// Field layout of version 00 ("traceparent Header Field Values"): where each field starts, how many
// hex digits it has, and whether a '-' follows it.
struct FieldSpan
{
    const char *name;
    qsizetype start;
    qsizetype digits;
    bool dashAfter;
};
constexpr FieldSpan kFields[] = {{"version", 0, 2, true},
                                 {"trace-id", 3, 32, true},
                                 {"parent-id", 36, 16, true},
                                 {"trace-flags", 53, 2, false}};
constexpr qsizetype kVersion00Size = 55;

bool isLowerHex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

bool allZero(QByteArrayView bytes)
{
    for (const char c : bytes) {
        if (c != 0)
            return false;
    }
    return true;
}

// The character as the error message shows it: printable ASCII as is, anything else as hex,
// since the header comes from outside and may hold control bytes.
QString shown(char c)
{
    const auto u = uchar(c);
    if (u >= 0x20 && u < 0x7F)
        return QStringLiteral("'%1'").arg(QLatin1Char(c));
    return QStringLiteral("byte 0x%1").arg(u, 2, 16, QLatin1Char('0'));
}

QString badDigit(const FieldSpan &f, qsizetype at, char c)
{
    const bool upper = c >= 'A' && c <= 'F';
    return QStringLiteral("%1: %2 at character %3 is not a lowercase hex digit%4")
        .arg(QLatin1String(f.name), shown(c), QString::number(at),
             upper ? QStringLiteral(" (uppercase hex is not allowed)") : QString());
}

// Checks one field's digits and the '-' after it (none after trace-flags); empty when fine.
QString checkField(QByteArrayView header, const FieldSpan &f)
{
    for (qsizetype i = f.start; i < f.start + f.digits; ++i) {
        if (i >= header.size())
            return QStringLiteral("the header ends at character %1, inside the %2 (%3 hex digits "
                                  "from character %4)")
                .arg(QString::number(i), QLatin1String(f.name), QString::number(f.digits),
                     QString::number(f.start));
        if (!isLowerHex(header[i]))
            return badDigit(f, i, header[i]);
    }
    const qsizetype dash = f.start + f.digits;
    if (!f.dashAfter)
        return {};
    if (dash >= header.size())
        return QStringLiteral("the header ends at character %1, where '-' after the %2 was "
                              "expected")
            .arg(QString::number(dash), QLatin1String(f.name));
    if (header[dash] != '-')
        return QStringLiteral("%1 at character %2 where '-' after the %3 was expected")
            .arg(shown(header[dash]), QString::number(dash), QLatin1String(f.name));
    return {};
}

// What follows the trace-flags: nothing for version 00; the end or '-' (then fields this
// version does not know) for a higher one.
QString checkTail(QByteArrayView header, bool version00)
{
    if (header.size() == kVersion00Size)
        return {};
    if (version00)
        return QStringLiteral("%1 at character %2 after the trace-flags: version 00 ends there")
            .arg(shown(header[kVersion00Size]), QString::number(kVersion00Size));
    if (header[kVersion00Size] != '-')
        return QStringLiteral("%1 at character %2 after the trace-flags where the end or '-' was "
                              "expected")
            .arg(shown(header[kVersion00Size]), QString::number(kVersion00Size));
    return {};
}

QString validate(QByteArrayView header)
{
    if (QString problem = checkField(header, kFields[0]); !problem.isEmpty())
        return problem;
    if (header.first(2) == "ff")
        return QStringLiteral("version ff (characters 0-1) is invalid");
    for (qsizetype f = 1; f < qsizetype(std::size(kFields)); ++f) {
        if (QString problem = checkField(header, kFields[f]); !problem.isEmpty())
            return problem;
    }
    if (allZero(QByteArray::fromHex(header.sliced(3, 32).toByteArray())))
        return QStringLiteral("trace-id (characters 3-34) is all zero, which the spec makes "
                              "invalid");
    if (allZero(QByteArray::fromHex(header.sliced(36, 16).toByteArray())))
        return QStringLiteral("parent-id (characters 36-51) is all zero, which the spec makes "
                              "invalid");
    return checkTail(header, header.first(2) == "00");
}

QByteArray randomNonZero(int bytes)
{
    QByteArray id(bytes, '\0');
    while (allZero(id)) {
        for (char &c : id)
            c = char(QRandomGenerator::system()->bounded(256));
    }
    return id;
}

} // namespace

bool TraceParent::isValid() const
{
    return traceId.size() == 16 && parentId.size() == 8 && !allZero(traceId) && !allZero(parentId);
}

QByteArray TraceParent::toHeader() const
{
    if (!isValid())
        return {};
    return "00-" + traceId.toHex() + '-' + parentId.toHex() + '-'
        + QByteArray(1, char(flags)).toHex();
}

std::optional<TraceParent> TraceParent::parse(QByteArrayView header, QString *error)
{
    const QString problem = validate(header);
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    TraceParent parsed;
    parsed.traceId = QByteArray::fromHex(header.sliced(3, 32).toByteArray());
    parsed.parentId = QByteArray::fromHex(header.sliced(36, 16).toByteArray());
    parsed.flags = quint8(QByteArray::fromHex(header.sliced(53, 2).toByteArray()).at(0));
    // A higher version may give its other flag bits other meanings; only "sampled" is read
    // ("Versioning of traceparent").
    if (header.first(2) != "00")
        parsed.flags &= 0x01;
    return parsed;
}

TraceParent TraceParent::generate()
{
    TraceParent generated;
    generated.traceId = randomNonZero(16);
    generated.parentId = randomNonZero(8);
    generated.flags = 0x01;
    return generated;
}

QByteArray deriveId(QByteArrayView seed, int bytes)
{
    const QByteArray digest = QCryptographicHash::hash(seed, QCryptographicHash::Sha256);
    QByteArray id = digest.first(qBound(1, bytes, int(digest.size())));
    if (allZero(id))
        id.back() = 1;
    return id;
}

} // namespace agui::otel
