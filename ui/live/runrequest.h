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
    bool acceptProtobuf = false; // Accept: application/vnd.ag-ui.event+proto instead of SSE
};

} // namespace agui::ui
