#pragma once

// The roles an AG-UI message may have: the one list the protobuf codec (here), the catalogue's
// validator (core/protocol) and the reducer (core/session) use. It lives in the lowest layer
// that needs it, the wire codec, so every layer above reaches it. Source: the Message union of
// @ag-ui/core 1.0.0 (https://docs.ag-ui.com/concepts/messages).

#include <QStringList>
#include <QStringView>

namespace agui {

// developer, system, assistant, user, tool, activity, reasoning.
const QStringList &messageRoles();
// The roles TEXT_MESSAGE_START / TEXT_MESSAGE_CHUNK may give: developer, system, assistant, user.
const QStringList &textMessageRoles();
bool isMessageRole(QStringView role);

} // namespace agui
