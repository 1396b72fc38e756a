#pragma once

// Private to core/json: the JSON.parse reading of the texts simdjson refuses although JSON.parse
// accepts them — numbers beyond 64 bits (a double), beyond double range (±Infinity, ±0),
// "\ud83d" lone surrogates (kept, WTF-8) — written straight onto a tape.

#include "core/json/tapebuilder.h"

#include <QByteArrayView>

namespace agui::json {

// True and a complete document in *builder when text is one JSON value (RFC 8259, as strict as
// JSON.parse) nested at most maxDepth deep; false otherwise (the builder is then unusable), with
// *stoppedAt (when given) the 0-based byte where reading could not go on: the position JSON.parse
// names ("at position N"), text.size() when the text ended too early.
bool parseStrict(QByteArrayView text, int maxDepth, TapeBuilder *builder,
                 qsizetype *stoppedAt = nullptr);

} // namespace agui::json
