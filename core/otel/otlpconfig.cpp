#include "core/otel/otlpconfig.h"

#include "core/net/httpsyntax.h"

#include <algorithm>

namespace agui::otel {

namespace {

using HeaderList = QList<QPair<QByteArray, QByteArray>>;

constexpr const char *kEndpoint = "OTEL_EXPORTER_OTLP_ENDPOINT";
constexpr const char *kTracesEndpoint = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT";
constexpr const char *kProtocol = "OTEL_EXPORTER_OTLP_PROTOCOL";
constexpr const char *kTracesProtocol = "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL";
constexpr const char *kHeaders = "OTEL_EXPORTER_OTLP_HEADERS";
constexpr const char *kTracesHeaders = "OTEL_EXPORTER_OTLP_TRACES_HEADERS";
constexpr const char *kTimeout = "OTEL_EXPORTER_OTLP_TIMEOUT";
constexpr const char *kTracesTimeout = "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT";
constexpr const char *kServiceName = "OTEL_SERVICE_NAME";
constexpr const char *kResourceAttributes = "OTEL_RESOURCE_ATTRIBUTES";

// How URLs appear in messages: without the parts that may hold credentials.
constexpr QUrl::FormattingOptions kShownUrl(QUrl::RemoveUserInfo | QUrl::RemoveQuery
                                            | QUrl::RemoveFragment);

// A list entry that read: the key as written, the value percent-decoded.
struct Entry
{
    QByteArray key;
    QByteArray value;
};

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// RFC 3986 percent-decoding; nullopt when a '%' is not followed by two hex digits (Qt's own
// decoder would keep such a '%' as is, hiding the mistake). '+' stays '+': this is not a form.
std::optional<QByteArray> percentDecoded(QByteArrayView text)
{
    QByteArray out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out.append(text[i]);
            continue;
        }
        const int high = i + 2 < text.size() ? hexValue(text[i + 1]) : -1;
        const int low = i + 2 < text.size() ? hexValue(text[i + 2]) : -1;
        if (high < 0 || low < 0)
            return std::nullopt;
        out.append(char(high * 16 + low));
        i += 2;
    }
    return out;
}

// CR or LF in a header value would end the header and start another; NUL and the other controls
// (tab aside) no server takes either.
bool hasControlCharacter(QByteArrayView value)
{
    for (const char c : value) {
        const auto u = uchar(c);
        if ((u < 0x20 && c != '\t') || u == 0x7F)
            return true;
    }
    return false;
}

// The entry's problem, or empty when it reads; *entry is set then. The key is named in the
// message only once it is known to be a well-formed token (it could otherwise be a pasted
// credential); the value never is.
QString readEntry(QStringView member, Entry *entry)
{
    const qsizetype eq = member.indexOf(u'=');
    if (eq < 0)
        return QStringLiteral("has no '=' (key=value expected)");
    const QByteArray key = member.first(eq).trimmed().toUtf8();
    if (!net::isHttpToken(key))
        return QStringLiteral("has an empty key or one that is not an RFC 9110 token");
    const std::optional<QByteArray> value
        = percentDecoded(member.sliced(eq + 1).trimmed().toUtf8());
    const QString named = QStringLiteral("(key %1) ").arg(QString::fromLatin1(key));
    if (!value)
        return named + QStringLiteral("has a '%' not followed by two hex digits in its value");
    if (hasControlCharacter(*value))
        return named + QStringLiteral("has a value that decodes to a control character");
    *entry = {key, *value};
    return {};
}

// "k1=v1,k2=v2" (see OtlpConfig::parseHeaders); keys compare with `sameKey`.
template<typename SameKey>
QList<Entry> parseList(QStringView text, QStringView variable, QStringList *problems,
                       SameKey sameKey)
{
    QList<Entry> entries;
    const QList<QStringView> members = text.split(u',');
    for (qsizetype i = 0; i < members.size(); ++i) {
        const QStringView member = members.at(i).trimmed();
        if (member.isEmpty())
            continue;
        Entry entry;
        const QString problem = readEntry(member, &entry);
        if (!problem.isEmpty()) {
            if (problems)
                problems->append(QStringLiteral("%1: entry %2 of %3 %4; it is ignored")
                                     .arg(variable.toString(), QString::number(i + 1),
                                          QString::number(members.size()), problem));
            continue;
        }
        const auto same = std::find_if(entries.begin(), entries.end(),
                                       [&](const Entry &e) { return sameKey(e.key, entry.key); });
        if (same != entries.end())
            *same = entry;
        else
            entries.append(entry);
    }
    return entries;
}

bool sameHeaderName(const QByteArray &a, const QByteArray &b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

// The trace-specific headers replace the general ones of the same name, in place.
void overrideHeaders(HeaderList *base, const HeaderList &specific)
{
    for (const auto &header : specific) {
        const auto same = std::find_if(base->begin(), base->end(), [&](const auto &h) {
            return sameHeaderName(h.first, header.first);
        });
        if (same != base->end())
            *same = header;
        else
            base->append(header);
    }
}

// The variable's value; an empty one counts as unset.
QString variableValue(const QProcessEnvironment &env, const char *name)
{
    return env.value(QLatin1String(name));
}

// The trace-specific variable when set, else the general one; *used names the one read.
QString signalValue(const QProcessEnvironment &env, const char *specific, const char *general,
                    const char **used)
{
    const QString value = variableValue(env, specific);
    *used = value.isEmpty() ? general : specific;
    return value.isEmpty() ? variableValue(env, general) : value;
}

QString urlProblem(const QUrl &url)
{
    if (!url.isValid())
        return QStringLiteral("is not a valid URL");
    if (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))
        return QStringLiteral("is not an http:// or https:// URL");
    if (url.host().isEmpty())
        return QStringLiteral("has no host");
    return {};
}

// The value is not echoed: an endpoint may carry credentials in its user info or query.
void reportUrl(const char *variable, const QString &problem, const QUrl &fallback,
               QStringList *problems)
{
    problems->append(
        QStringLiteral("%1 %2; using %3")
            .arg(QLatin1String(variable), problem, fallback.toDisplayString(kShownUrl)));
}

void readEndpoint(const QProcessEnvironment &env, OtlpConfig *config, QStringList *problems)
{
    const QUrl fallback = config->tracesUrl;
    if (const QString specific = variableValue(env, kTracesEndpoint); !specific.isEmpty()) {
        config->tracesUrl = QUrl(specific.trimmed(), QUrl::StrictMode);
        if (const QString problem = urlProblem(config->tracesUrl); !problem.isEmpty()) {
            reportUrl(kTracesEndpoint, problem, fallback, problems);
            config->tracesUrl = fallback;
        }
    } else if (const QString base = variableValue(env, kEndpoint); !base.isEmpty()) {
        config->setEndpoint(base);
        if (const QString problem = urlProblem(config->tracesUrl); !problem.isEmpty()) {
            reportUrl(kEndpoint, problem, fallback, problems);
            config->tracesUrl = fallback;
        }
    }
}

void readProtocol(const QProcessEnvironment &env, OtlpConfig *config, QStringList *problems)
{
    const char *used = nullptr;
    const QString value = signalValue(env, kTracesProtocol, kProtocol, &used);
    if (value.isEmpty())
        return;
    if (const auto protocol = OtlpConfig::parseProtocol(value)) {
        config->protocol = *protocol;
        return;
    }
    const bool grpc = value.trimmed().compare(QLatin1String("grpc"), Qt::CaseInsensitive) == 0;
    problems->append(
        QStringLiteral("%1: %2; using %3")
            .arg(QLatin1String(used),
                 grpc ? QStringLiteral("grpc is not supported (OTLP/HTTP only: http/protobuf "
                                       "or http/json)")
                      : QStringLiteral("'%1' is not http/protobuf or http/json").arg(value),
                 OtlpConfig::protocolName(config->protocol)));
}

void readTimeout(const QProcessEnvironment &env, OtlpConfig *config, QStringList *problems)
{
    const char *used = nullptr;
    const QString value = signalValue(env, kTracesTimeout, kTimeout, &used).trimmed();
    if (value.isEmpty())
        return;
    bool ok = false;
    const int ms = value.toInt(&ok);
    const bool digitsOnly
        = std::all_of(value.begin(), value.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
    if (ok && digitsOnly && ms > 0) {
        config->timeoutMs = ms;
        return;
    }
    problems->append(QStringLiteral("%1: '%2' is not a positive whole number of milliseconds; "
                                    "using %3")
                         .arg(QLatin1String(used), value, QString::number(config->timeoutMs)));
}

void readHeaders(const QProcessEnvironment &env, OtlpConfig *config, QStringList *problems)
{
    config->headers = OtlpConfig::parseHeaders(variableValue(env, kHeaders),
                                               QString::fromLatin1(kHeaders), problems);
    overrideHeaders(&config->headers,
                    OtlpConfig::parseHeaders(variableValue(env, kTracesHeaders),
                                             QString::fromLatin1(kTracesHeaders), problems));
}

void readResource(const QProcessEnvironment &env, OtlpConfig *config, QStringList *problems)
{
    // Resource attribute keys are case-sensitive, unlike header names.
    const QList<Entry> entries = parseList(
        variableValue(env, kResourceAttributes), QString::fromLatin1(kResourceAttributes), problems,
        [](const QByteArray &a, const QByteArray &b) { return a == b; });
    for (const Entry &e : entries) {
        // Invalid UTF-8 becomes U+FFFD, as W3C Baggage asks of decoded values.
        config->resourceAttributes.append({QString::fromUtf8(e.key), QString::fromUtf8(e.value)});
        if (e.key == "service.name")
            config->serviceName = QString::fromUtf8(e.value);
    }
    if (const QString name = variableValue(env, kServiceName); !name.isEmpty())
        config->serviceName = name; // OTEL_SERVICE_NAME wins over the attribute
}

} // namespace

OtlpConfig OtlpConfig::fromEnvironment(const QProcessEnvironment &env, QStringList *problems)
{
    OtlpConfig config;
    QStringList found;
    readEndpoint(env, &config, &found);
    readProtocol(env, &config, &found);
    readHeaders(env, &config, &found);
    readTimeout(env, &config, &found);
    readResource(env, &config, &found);
    if (problems)
        problems->append(found);
    return config;
}

QList<QPair<QByteArray, QByteArray>>
OtlpConfig::parseHeaders(QStringView text, QStringView variable, QStringList *problems)
{
    HeaderList headers;
    for (const Entry &e : parseList(text, variable, problems, sameHeaderName))
        headers.append({e.key, e.value});
    return headers;
}

void OtlpConfig::setEndpoint(const QString &baseUrl)
{
    QUrl url(baseUrl.trimmed(), QUrl::StrictMode);
    QString path = url.path();
    if (!path.endsWith(u'/'))
        path += u'/';
    url.setPath(path + QStringLiteral("v1/traces"));
    tracesUrl = url;
}

bool OtlpConfig::hasUsableUrl() const
{
    return urlProblem(tracesUrl).isEmpty();
}

std::optional<OtlpConfig::Protocol> OtlpConfig::parseProtocol(QStringView name)
{
    const QStringView n = name.trimmed();
    if (n.compare(QLatin1String("http/protobuf"), Qt::CaseInsensitive) == 0)
        return Protocol::HttpProtobuf;
    if (n.compare(QLatin1String("http/json"), Qt::CaseInsensitive) == 0)
        return Protocol::HttpJson;
    return std::nullopt;
}

QString OtlpConfig::protocolName(Protocol protocol)
{
    return protocol == Protocol::HttpJson ? QStringLiteral("http/json")
                                          : QStringLiteral("http/protobuf");
}

QString OtlpConfig::describe() const
{
    QString url = tracesUrl.toDisplayString(kShownUrl);
    if (tracesUrl.hasQuery())
        url += QStringLiteral("?…"); // a query may hold an API key
    QStringList names;
    for (const auto &header : headers)
        names.append(QString::fromLatin1(header.first));
    const QString headerText = names.isEmpty()
        ? QStringLiteral("no headers")
        : QStringLiteral("headers %1 (values not shown)").arg(names.join(QStringLiteral(", ")));
    return QStringLiteral("OTLP %1 to %2, timeout %3 ms, %4")
        .arg(protocolName(protocol), url, QString::number(timeoutMs), headerText);
}

} // namespace agui::otel
