#pragma once

// The Retry-After header of a throttled export (HTTP 429 or 503), which the OTLP/HTTP
// specification asks the exporter to honour (opentelemetry-proto v1.11.0,
// docs/specification.md, "OTLP/HTTP Throttling").

#include <QByteArrayView>
#include <QDateTime>

#include <optional>

namespace agui::otel {

// The longest wait a Retry-After may ask for; a server asking for more still gets retried then.
inline constexpr qint64 kMaxRetryAfterMs = 60 * 60 * 1000;

// RFC 9110 section 10.2.3: delay-seconds (1*DIGIT) or an HTTP-date in any of the three formats
// of section 5.6.7 (IMF-fixdate, the obsolete RFC 850 and asctime forms), surrounding whitespace
// ignored. Returns the wait in milliseconds from `now`, 0 for a date already past, at most
// kMaxRetryAfterMs; nullopt when the value is neither form.
std::optional<qint64> parseRetryAfterMs(QByteArrayView value, QDateTime now);

} // namespace agui::otel
