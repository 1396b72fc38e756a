#pragma once

#include "core/capture/capture.h"

#include <QByteArrayView>

namespace agui {

// Decides a capture's format from its first bytes (a few KiB are plenty), never from the file
// name: our header record, the DevTools header line, a JSON object whose first member is "log"
// (HAR) or a member of an aimock fixture file ("agui", "fixtures", or another section or setting
// of an aimock config: docs/fixtures.md), a JSON object per line (JSONL), SSE
// field lines ("data:", "event:", "id:", "retry:", ":" comments), or a plausible 4-byte
// big-endian protobuf frame length. `complete` says head is the whole input (lets a
// truncated first line still be recognised).
CaptureFormat detectCaptureFormat(QByteArrayView head, bool complete = false);

// Why detection failed, for the one-line error of the CLI ("empty input", "binary data", ...).
QString describeUndetected(QByteArrayView head);

} // namespace agui
