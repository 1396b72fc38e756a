// Fuzz target: the OpenTelemetry inputs that come from outside (core/otel): a W3C traceparent
// header (from a proxied request or the command line), a Retry-After value (from a collector)
// and the OTEL_EXPORTER_OTLP_HEADERS list (from the environment). The same bytes go to all
// three. Invariants: a traceparent that reads is valid, writes back as version 00 and reads back
// equal (byte for byte for version 00), and one that does not says at which character; a
// Retry-After wait lies within [0, one hour], ignores surrounding whitespace, and a short
// delay-seconds is exactly that many seconds; a header list keeps only well-formed names and
// values no request could be split by, and no problem message nor describe() ever shows a value.

#include "core/net/httpsyntax.h"
#include "core/otel/otlpconfig.h"
#include "core/otel/otlpretry.h"
#include "core/otel/traceparent.h"
#include "fuzzsupport.h"

#include <QTimeZone>

using namespace agui::otel;
using namespace agui::fuzz;

namespace {

// Put into every value of a header list (and in front of every entry without '='), so a value
// shown in a message is seen.
const QString kMarker = QStringLiteral("V4LUE-M4RK3R");

void traceParent(const QByteArray &bytes)
{
    QString error;
    const std::optional<TraceParent> parsed = TraceParent::parse(bytes, &error);
    if (!parsed) {
        check(error.contains(QLatin1String("character")), "a refusal says where");
        return;
    }
    check(error.isEmpty(), "no error for a header that reads");
    check(parsed->isValid(), "what reads is valid");
    const QByteArray written = parsed->toHeader();
    check(written.size() == 55 && written.startsWith("00-"), "written as version 00");
    if (bytes.startsWith("00-"))
        check(written == bytes, "version 00 writes back byte for byte");
    check(TraceParent::parse(written, nullptr) == parsed, "what is written reads back equal");
}

void retryAfter(const QByteArray &bytes)
{
    const QDateTime now(QDate(2025, 1, 1), QTime(12, 0), QTimeZone::utc());
    const std::optional<qint64> ms = parseRetryAfterMs(bytes, now);
    if (ms)
        check(*ms >= 0 && *ms <= kMaxRetryAfterMs, "the wait lies within [0, one hour]");
    check(parseRetryAfterMs(QByteArray(" " + bytes + "\t"), now) == ms,
          "surrounding whitespace is ignored");
    const bool shortDigits = !bytes.isEmpty() && bytes.size() <= 3
        && std::all_of(bytes.begin(), bytes.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (shortDigits)
        check(ms == bytes.toLongLong() * 1000, "delay-seconds is that many seconds");
}

// The input as a header list with the marker in every value.
QString marked(const QString &text)
{
    QStringList members = text.split(u',');
    for (QString &member : members) {
        const qsizetype eq = member.indexOf(u'=');
        if (eq < 0)
            member.prepend(kMarker);
        else
            member.insert(eq + 1, kMarker);
    }
    return members.join(u',');
}

void checkHeaders(const QList<QPair<QByteArray, QByteArray>> &headers, qsizetype members)
{
    check(headers.size() <= members, "no more headers than entries");
    for (qsizetype i = 0; i < headers.size(); ++i) {
        check(agui::net::isHttpToken(headers[i].first), "a header name is a token");
        for (const char c : headers[i].second)
            check(uchar(c) >= 0x20 || c == '\t', "no control character in a header value");
        check(!headers[i].second.contains('\x7f'), "no DEL in a header value");
        for (qsizetype j = 0; j < i; ++j)
            check(headers[i].first.compare(headers[j].first, Qt::CaseInsensitive) != 0,
                  "one value per header name");
    }
}

void headerList(const QByteArray &bytes)
{
    const QString text = QString::fromUtf8(bytes);
    if (text.contains(kMarker, Qt::CaseInsensitive))
        return; // the marker would be the input's own
    const QString withMarker = marked(text);
    QStringList problems;
    const auto headers
        = OtlpConfig::parseHeaders(withMarker, u"OTEL_EXPORTER_OTLP_HEADERS", &problems);
    checkHeaders(headers, withMarker.count(u',') + 1);
    check(problems.size() <= withMarker.count(u',') + 1, "at most one problem per entry");

    QProcessEnvironment env;
    env.insert(QStringLiteral("OTEL_EXPORTER_OTLP_HEADERS"), withMarker);
    env.insert(QStringLiteral("OTEL_EXPORTER_OTLP_TRACES_HEADERS"), withMarker);
    env.insert(QStringLiteral("OTEL_RESOURCE_ATTRIBUTES"), withMarker);
    const OtlpConfig config = OtlpConfig::fromEnvironment(env, &problems);
    checkHeaders(config.headers, withMarker.count(u',') + 1);
    for (const QString &problem : problems)
        check(!problem.contains(kMarker, Qt::CaseInsensitive), "a problem never shows a value");
    check(!config.describe().contains(kMarker, Qt::CaseInsensitive),
          "describe() never shows a value");
}

// The other variables take the input as is: whatever it holds, the settings stay usable.
void otherVariables(const QByteArray &bytes)
{
    const QString text = QString::fromUtf8(bytes);
    QProcessEnvironment env;
    for (const char *name : {"OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_PROTOCOL",
                             "OTEL_EXPORTER_OTLP_TIMEOUT", "OTEL_SERVICE_NAME"})
        env.insert(QLatin1String(name), text);
    QStringList problems;
    const OtlpConfig config = OtlpConfig::fromEnvironment(env, &problems);
    check(config.hasUsableUrl(), "the traces URL is usable (the default when the value is not)");
    check(config.timeoutMs > 0, "the timeout is positive");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = inputBytes(data, size);
    traceParent(bytes);
    retryAfter(bytes);
    headerList(bytes);
    otherVariables(bytes);
    return 0;
}
