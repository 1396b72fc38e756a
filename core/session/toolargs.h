#pragma once

#include "core/session/snapshot.h"

#include <QByteArray>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace agui {

// How the client's JSON.parse reads a tool call's concatenated arguments (at TOOL_CALL_END).
// One reading for the reducer and the linter, so that they cannot disagree.
struct ToolArgsReading
{
    bool ok = false; // one JSON value
    std::optional<QJsonValue> value; // when ok and asked for
    // When not ok, Qt's parser's words for why and the byte offset in the arguments, or (they
    // parse, but as several values one after the other) how many values.
    QString parseError;
    qsizetype offset = 0;
    qsizetype valueCount = 0;
};

// The verdict is JSON.parse's (JsonParser: 1e400 is Infinity, which Qt's parser calls an illegal
// number); Qt's parser is asked only to word a failure.
ToolArgsReading readToolArgs(const QByteArray &utf8, bool wantValue);

// Reads call.args like the client's JSON.parse at TOOL_CALL_END: sets argsAreJson (any JSON
// value, scalars included) and compactArgs, or argsError (why not, with the byte offset).
void parseToolArgs(ToolCall &call);

// JSON.parse(args) of a complete call whose arguments are JSON, read from the text again (for
// exports and comparisons, never per painted row); nullopt otherwise.
std::optional<QJsonValue> parsedToolArgs(const ToolCall &call);

// The arguments as views show them: compact JSON text when they are JSON, else as streamed.
QString toolArgsText(const ToolCall &call);

} // namespace agui
