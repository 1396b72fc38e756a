#pragma once

// v1.0's reserved "@" namespace (a2ui.org v1.0, "Reserved keys"): in a component's values, a key
// that starts with a single "@" (including "@" alone) is the protocol's. Only "@path" and
// "@call" are defined; a literal key that starts with "@" is written doubled ("@@path") and read
// undoubled (binding.h, literalValue). Any other single-"@" key is an error, so that a later
// version can give it a meaning without changing what old messages meant.

#include "core/a2ui/issue.h"
#include "core/a2ui/surface.h"

namespace agui::a2ui {

// True for "@", "@if", …: a key in the reserved namespace (^@([^@]|$)).
bool isReservedKey(const QString &key);

// a2ui.reserved-key findings of a v1.0 surface: every reserved key other than "@path" and
// "@call" in a component's values, with its pointer. Empty for other versions.
Issues reservedKeyIssues(const Surface &surface);

} // namespace agui::a2ui
