#pragma once

#include "core/json/jsonview.h"
#include "core/protocol/eventtype.h"

#include <QString>

#include <string_view>

namespace agui {

// One event as the stages of the ingest pipeline see it (decoder → client pipeline → linter and
// reducer): its type and a view of its JSON object, plus where it came from. The JSON lives in a
// document owned by whoever produced the event — the decoder for a received frame, the client
// pipeline for what it synthesises — and is valid until that producer moves on to its next
// event. Copying a view is copying four words; it owns nothing.
//
// (agui::Event is the other form: one event materialised for a view or a test, with its own
// QJsonObject. The pipeline never builds one.)
struct EventView
{
    EventType type = EventType::Invalid;
    json::JsonView json; // the event object; undefined for frames that are not one
    qint64 seq = -1; // the received event (for a synthesised one: the event it came from)
    qint64 receivedAtUs = -1; // µs since the Unix epoch; -1 unknown
    bool synthetic = false; // made by a pipeline stage (chunk expansion, compat mapping)

    json::JsonView value(std::string_view key) const { return json.value(key); }
    json::JsonView value(QLatin1StringView key) const { return json.value(key); }
    bool has(std::string_view key) const { return json.contains(key); }
    bool has(QLatin1StringView key) const { return json.contains(key); }
    QString str(std::string_view key) const { return json.value(key).toString(); }
    QString str(QLatin1StringView key) const { return json.value(key).toString(); }
    template<size_t N> json::JsonView value(const char (&key)[N]) const { return json.value(key); }
    template<size_t N> bool has(const char (&key)[N]) const { return json.contains(key); }
    template<size_t N> QString str(const char (&key)[N]) const
    {
        return json.value(key).toString();
    }
};

} // namespace agui
