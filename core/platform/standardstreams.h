#pragma once

// Standard input and output carry bytes (`cat --raw`, `convert - out`, a capture on a pipe), never
// text to be translated: on Windows the C runtime would turn every "\n" written into "\r\n" and
// stop reading at a Ctrl+Z. Call first thing in main(); does nothing where streams are bytes
// already.
namespace agui::platform {

void useBinaryStandardStreams();

} // namespace agui::platform
