#pragma once

#include "core/capture/capture.h"

#include <QByteArray>
#include <QString>

namespace agui {

// A capture as a HAR 1.2 file (http://www.softwareishard.com/blog/har-12-spec/), one entry per
// HTTP exchange, for tools that read browser network exports. Credentials are redacted as in our
// own captures (headers, URL). Times: startedDateTime and timings.send/wait/receive from the
// recorded request, response head and last body piece. The body goes in response.content (text,
// or base64 when it is not UTF-8, e.g. protobuf); HAR has no place for the pieces it arrived in,
// so each entry also carries "_aguiChunks" ([{time: ms after the request, size}]) and
// "_aguiSentAtUs", which our HAR import reads back: a round trip keeps every receive time.
// The capture must have been read with its chunks.
QByteArray captureToHar(const Capture &capture, const QString &creatorVersion);

} // namespace agui
