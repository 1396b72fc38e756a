#pragma once

// Where and how the exporter sends spans, from the standard OpenTelemetry environment variables:
// OpenTelemetry Specification 1.55.0, "OpenTelemetry Protocol Exporter" (protocol/exporter.md,
// configuration options) for OTEL_EXPORTER_OTLP_*, and "Resource SDK" / "Environment Variable
// Specification" for OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES. An empty variable counts as
// unset, as the latter says. Only OTLP/HTTP is spoken (protobuf or JSON bodies), not gRPC.
//
// Header values usually hold credentials (API keys, bearer tokens): nothing here ever puts one
// in a problem message or in describe(), which name headers by key and entries by position.

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QStringView>
#include <QUrl>

#include <optional>

namespace agui::otel {

struct OtlpConfig
{
    enum class Protocol { HttpProtobuf, HttpJson };

    // OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is, else OTEL_EXPORTER_OTLP_ENDPOINT + "/v1/traces",
    // else the spec's default.
    QUrl tracesUrl = QUrl(QStringLiteral("http://localhost:4318/v1/traces"));
    // OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL.
    Protocol protocol = Protocol::HttpProtobuf;
    // OTEL_EXPORTER_OTLP_HEADERS, then OTEL_EXPORTER_OTLP_TRACES_HEADERS: the trace-specific
    // value wins for a name both give (names compare case-insensitively, as HTTP's do).
    QList<QPair<QByteArray, QByteArray>> headers;
    // OTEL_EXPORTER_OTLP_TRACES_TIMEOUT, else OTEL_EXPORTER_OTLP_TIMEOUT: milliseconds per export.
    int timeoutMs = 10000;
    // OTEL_SERVICE_NAME, else service.name in OTEL_RESOURCE_ATTRIBUTES, else "".
    QString serviceName;
    // OTEL_RESOURCE_ATTRIBUTES as given (service.name included when it is there); a later entry
    // replaces an earlier one with the same key.
    QList<QPair<QString, QString>> resourceAttributes;

    // Reads the variables above. A value or list entry that does not read is left out (its
    // setting keeps the default) and reported in *problems, which names the variable and the
    // entry (by position, and by key when the key itself is well formed), never a value.
    static OtlpConfig fromEnvironment(const QProcessEnvironment &env, QStringList *problems);

    // A W3C-baggage-like list, as OTEL_EXPORTER_OTLP_HEADERS holds it: "k1=v1,k2=v2", keys RFC
    // 9110 tokens, whitespace around keys and values trimmed, values percent-decoded (a value may
    // not decode to a control character, which could split the HTTP request). Empty entries are
    // skipped; a later entry replaces an earlier one with the same key (case-insensitively).
    // Malformed entries go to *problems, named with `variable`.
    static QList<QPair<QByteArray, QByteArray>> parseHeaders(QStringView text, QStringView variable,
                                                             QStringList *problems);

    // A base URL, as OTEL_EXPORTER_OTLP_ENDPOINT or the command line's --endpoint give it:
    // tracesUrl becomes its path joined with "v1/traces" (one '/' between them whether or not
    // the base ends with one).
    void setEndpoint(const QString &baseUrl);
    // tracesUrl is an http or https URL with a host.
    bool hasUsableUrl() const;

    // "http/protobuf" or "http/json" (case-insensitive, surrounding whitespace ignored); nullopt
    // for anything else, "grpc" included: the caller says that gRPC is not supported.
    static std::optional<Protocol> parseProtocol(QStringView name);
    static QString protocolName(Protocol protocol);

    // For logs: the URL (without user info or query), the protocol, the timeout and the header
    // NAMES; header values are never shown.
    QString describe() const;
};

} // namespace agui::otel
