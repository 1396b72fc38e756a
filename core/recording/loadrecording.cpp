#include "core/recording/loadrecording.h"

#include "core/recording/recording.h"

namespace agui {

SessionLoadResult loadIntoRecording(const QString &path, Recording &recording,
                                    SessionLoadOptions options)
{
    options.keepChunks = true;
    auto callerFrame = std::move(options.onFrame);
    options.onFrame
        = [&recording, callerFrame](const DecodedFrame &frame, const EventOrigin &origin) {
              // Called before the session takes the frame: its first event's seq is the size now.
              recording.noteCaptureRun(recording.session().size(), origin.runIndex);
              if (callerFrame)
                  callerFrame(frame, origin);
          };
    return loadIntoSession(path, recording.session(), &recording.mutableCapture(), options);
}

} // namespace agui
