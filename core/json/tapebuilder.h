#pragma once

#include "core/json/jsonview.h"

#include <QJsonValue>

#include <string_view>
#include <vector>

namespace agui::json {

// Writes a JSON document straight onto a tape of the format JsonView reads (simdjson's DOM
// tape), so documents we make — events synthesised by the client pipeline, values parsed by
// the Qt fallback — need no text round trip. Calls must nest properly: an object alternates
// key() and a value.
//
//   TapeBuilder b;
//   b.beginObject(); b.key("type"); b.string("TEXT_MESSAGE_END"); b.endObject();
//   JsonDoc doc = b.finish();
class TapeBuilder
{
public:
    TapeBuilder();

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    void key(std::string_view utf8);
    void key(QLatin1StringView latin1) { key(std::string_view(latin1.data(), latin1.size())); }
    void string(std::string_view utf8);
    void string(const QString &text);
    template<size_t N> void string(const char (&utf8)[N]) { string(std::string_view(utf8, N - 1)); }
    template<size_t N> void key(const char (&utf8)[N]) { key(std::string_view(utf8, N - 1)); }
    void integer(qint64 value);
    void number(double value);
    void boolean(bool value);
    void null();
    // Copies a whole value (a subtree of another document, or a Qt value).
    void value(JsonView value);
    void value(const QJsonValue &value);
    // Copies an object's members except those `skip` names; the caller is inside an object.
    template<typename Skip> void membersOf(JsonView object, Skip &&skip)
    {
        for (const JsonMember m : object.members()) {
            if (skip(m.keyUtf8()))
                continue;
            key(m.keyUtf8());
            value(m.value());
        }
    }

    // Ends the document (the root must be complete) and hands it over; the builder is reset.
    JsonDoc finish();
    // Same, into an existing document (reuses its buffers).
    void finishInto(JsonDoc &doc);

private:
    void word(char tag, uint64_t payload);
    void open(char tag);
    void close(char tag);

    std::vector<uint64_t> m_tape;
    std::vector<uint8_t> m_strings;
    std::vector<uint32_t> m_open; // tape indexes of the '{' / '[' not yet closed
    std::vector<uint32_t> m_counts; // members / elements of each open scope
};

} // namespace agui::json
