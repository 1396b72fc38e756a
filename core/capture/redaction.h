#pragma once

#include "core/capture/capture.h"

namespace agui {

// The value every credential is replaced with before it reaches a capture file.
QString redactedValue(); // "<redacted>"

// True for headers that carry credentials: Authorization, Proxy-Authorization, Cookie,
// Set-Cookie, and any name ending in -Key, -Token, -Secret, -Password or -Auth (X-Api-Key,
// X-Auth-Token, X-Amz-Security-Token, ...), compared case-insensitively.
bool isCredentialHeader(QStringView name);

// Headers with every credential value replaced by redactedValue(); names and order kept.
HttpHeaders redactHeaders(const HttpHeaders &headers);

// The URL with a user-info password and credential-looking query items (api_key, token,
// access_token, key, secret, password, sig, ...) replaced by redactedValue().
QString redactUrl(const QString &url);

} // namespace agui
