#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>

namespace agui {

// SSE framing exactly as the AG-UI reference encoder (@ag-ui/encoder encodeSSE) emits it:
// "data: " + compact JSON + "\n\n"; no event:/id:/retry: lines.
// Note: QJsonObject keeps keys sorted, so the JSON text can differ in key order from what a
// JavaScript server (JSON.stringify, insertion order) would send for the same event; use the
// QByteArrayView overload to frame bytes you already have (e.g. replaying a recording).
QByteArray encodeSse(const QJsonObject &event);

// Frames a payload as one SSE event. A payload holding line ends (pretty-printed JSON) is written
// as one "data: " line per payload line, which SSE joins back with "\n"; CR and CRLF inside the
// payload therefore come back as "\n" (SSE cannot carry a CR in data).
QByteArray encodeSse(QByteArrayView payload);

// A comment block (":" + text + "\n\n"), the usual keep-alive/heartbeat; multi-line text gives one
// comment line per line. With empty text: ":\n\n".
QByteArray encodeSseComment(QByteArrayView text = {});

} // namespace agui
