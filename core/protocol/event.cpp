#include "core/protocol/event.h"

#include <algorithm>

namespace agui {

bool Event::hasErrors() const
{
    return std::any_of(diagnostics.cbegin(), diagnostics.cend(),
                       [](const Diagnostic &d) { return d.severity == Severity::Error; });
}

} // namespace agui
