#pragma once

#include "core/protocol/event.h"

#include <QByteArray>
#include <QString>

namespace agui {

// One event as a line of a .jsonl file (with its '\n'). The payload is written as received when
// it is one line; a payload spanning lines (pretty-printed JSON in a multi-line SSE event) is
// written as compact JSON, and one that is not even JSON has its line ends replaced by spaces:
// both cases set *rewritten with the reason, so the caller can say so (never silently).
// Protobuf events are written as their decoded JSON (compact).
QByteArray eventAsJsonLine(const Event &event, QString *rewritten = nullptr);

// One event as an SSE frame: SSE events are copied byte for byte (raw), others are framed as
// the reference encoder does ("data: <payload>\n\n").
QByteArray eventAsSse(const Event &event);

} // namespace agui
