#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace agui {

// The events aimock serves for a fixture written with the "text" shorthand instead of "events":
// RUN_STARTED, TEXT_MESSAGE_START (assistant), TEXT_MESSAGE_CONTENT with the whole text,
// TEXT_MESSAGE_END, RUN_FINISHED (buildTextResponse in @copilotkit/aimock 1.43.0,
// dist/agui-handler.js), each as compact JSON. aimock gives the thread, run and message random
// UUIDs each time it loads the file; an import cannot know them, so they are fixed names made
// from the fixture's index ("aimock-thread-3", "aimock-run-3", "aimock-message-3").
QList<QByteArray> aimockTextResponse(const QString &text, int fixtureIndex);

} // namespace agui
