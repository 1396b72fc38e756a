#pragma once

#include "core/session/snapshot.h"

namespace agui {

// Parses call.args like the client's JSON.parse at TOOL_CALL_END: sets parsedArgs (any JSON
// value, scalars included) or argsError (why not, with the character offset).
void parseToolArgs(ToolCall &call);

} // namespace agui
