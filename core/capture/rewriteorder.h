#pragma once

// RunRecording::rewrites are kept in body order, which is the order deliveredBody() applies them
// in. They are not always made in that order: a proxy's breakpoint decides about a held event
// after the rules have already changed later events (which wait behind it). So a change is placed
// by its offset when it is recorded or read back, not appended.

#include "core/capture/capture.h"

namespace agui {

// Inserts after every change at or before rewrite.offset (equal offsets keep their order).
void insertInBodyOrder(QList<BodyRewrite> &rewrites, const BodyRewrite &rewrite);

} // namespace agui
