#include "core/platform/standardstreams.h"

namespace agui::platform {

void useBinaryStandardStreams() { }

} // namespace agui::platform
