#pragma once

#include "core/ingest/sessionloader.h"

namespace agui {

class Recording;

// A capture file (any format) read into a Recording, as a live session is recorded into one: its
// capture keeps every run and chunk (Save As writes them back; the event store shares the
// bytes), its session the decoded events, and each event knows the run it came from. A caller's
// onFrame still sees every frame. See loadIntoSession for threads, progress and cancelling.
SessionLoadResult loadIntoRecording(const QString &path, Recording &recording,
                                    SessionLoadOptions options = {});

} // namespace agui
