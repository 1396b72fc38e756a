#pragma once

#include <QString>

#include <string_view>

namespace agui::json {

// fromWtf8(bytes), shared with the last time this thread decoded the same short bytes. The linter
// and the reducer read the ids of every event (messageId, toolCallId, runId…) as QStrings for their
// tables, and a new QString for each (an allocation and a UTF-8 decode, about 450 instructions with
// the look-up) was 4% of the session's thread when linting. The same few ids come back event after
// event: a small direct-mapped cache per thread returns the string made last time (an implicitly
// shared copy). Strings longer than kSharedStringMaxBytes, and empty ones, are decoded each time.
QString sharedString(std::string_view wtf8);

inline constexpr size_t kSharedStringMaxBytes = 64;

} // namespace agui::json
