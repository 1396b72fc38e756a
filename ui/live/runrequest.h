#pragma once

#include "core/capture/capture.h"

#include <QJsonObject>
#include <QUrl>

namespace agui::ui {

// Everything the connection dialog decides about one run.
struct RunRequest
{
    QUrl url;
    // Extra request headers (e.g. Authorization), in order. Sent as given; the capture writer
    // redacts credential values before anything reaches the disk.
    HttpHeaders headers;
    QJsonObject input; // the RunAgentInput body
    // When not empty: POSTed as is instead of input (the composer's exact bytes, even invalid on
    // purpose); input is then what those bytes parse to ({} when they are not a JSON object).
    QByteArray body;
    bool acceptProtobuf = false; // Accept: application/vnd.ag-ui.event+proto instead of SSE
};

} // namespace agui::ui
