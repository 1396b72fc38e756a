#pragma once

#include "core/finding/diagnostic.h"
#include "core/json/jsonview.h"
#include "core/protocol/eventtype.h"

#include <QByteArrayView>
#include <QString>

namespace agui {

// One line describing an event, as every list shows it (the GUI's event list, the CLI's text
// transcript): plain text, never rich text; text deltas quoted with control characters made
// visible; long values elided. Invalid frames show their first finding (or their bytes).
QString eventSummary(EventType type, const json::JsonView &event, const Diagnostics &diagnostics,
                     QByteArrayView payload);

// Agent text made safe for one line of a view: control characters and the bidirectional
// formatting characters (U+061C, U+200E/F, U+202A-U+202E, U+2066-U+2069) as \uXXXX escapes, so
// they can neither hide text nor reorder what follows (a right-to-left override turns
// "invoice<U+202E>fdp.exe" into "invoiceexe.pdf").
QString visibleText(QStringView text);

} // namespace agui
