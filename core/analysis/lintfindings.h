#pragma once

// A session's findings placed in its capture file, and their JSON form: what `agui-inspect lint
// --format json` prints one per line and what the MCP server's lint tool pages through (one
// implementation, so both give the same data).

#include "core/analysis/lintreport.h"
#include "core/capture/capture.h"
#include "core/capture/eventorigins.h"
#include "core/session/eventfilter.h"
#include "core/session/session.h"

#include <QJsonObject>

namespace agui::analysis {

// The capture's own problems (layer "capture"), then every finding of the session (decode,
// schema, verify, lint, session, a2ui) with its byte in the file. A non-empty filter keeps the
// findings about matching events only (capture problems and end-of-stream findings belong to no
// event and are left out).
QList<FileFinding> placedFindings(const Capture &capture, const Session &session,
                                  const EventOrigins &origins, const EventFilter &filter = {});

// {"file", "ruleId", "severity", "layer", "eventIndex" (null: none), "byteOffset" (null:
// unknown), "path", "message", "docs"}.
QJsonObject findingToJson(const QString &file, const FileFinding &finding);

} // namespace agui::analysis
