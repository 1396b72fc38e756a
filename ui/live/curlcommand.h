#pragma once

#include "core/capture/capture.h"

#include <QString>

namespace agui::ui {

// A shell command that re-sends a recorded run request with curl (-N: the body streams).
// Credentials never reach it: a credential header's value (agui::isCredentialHeader) becomes a
// shell variable named after the header ("$AUTHORIZATION", "$X_API_KEY") for the user to set,
// and credential-looking URL parts are redacted (agui::redactUrl). Everything else is quoted
// for a POSIX shell.
QString curlCommand(const RecordedRequest &request);

// The variable a credential header's value is left to: upper case, other characters '_'.
QString credentialVariable(const QString &headerName);

} // namespace agui::ui
