#pragma once

#include "core/json/jsonview.h"
#include "core/protocol/diagnostic.h"
#include "core/protocol/eventtype.h"

#include <QByteArrayView>
#include <QString>

namespace agui {

// One line describing an event, as every list shows it (the GUI's event list, the CLI's text
// transcript): plain text, never rich text; text deltas quoted with control characters made
// visible; long values elided. Invalid frames show their first finding (or their bytes).
QString eventSummary(EventType type, const json::JsonView &event, const Diagnostics &diagnostics,
                     QByteArrayView payload);

} // namespace agui
