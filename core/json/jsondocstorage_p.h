#pragma once

// Private to core/json: what a JsonDoc holds. Only the files that parse or build documents
// include simdjson's header (it is large); everything else sees JsonView.

#include "core/json/jsonview.h"

#include <simdjson.h>

#include <vector>

namespace agui::json {

struct JsonDoc::Storage
{
    enum class Kind : quint8 { Empty, Parsed, Built };
    Kind kind = Kind::Empty;
    simdjson::dom::document parsed; // Kind::Parsed (capacity reused across parses)
    std::vector<uint64_t> tape; // Kind::Built
    std::vector<uint8_t> strings;

    const uint64_t *tapeWords() const
    {
        return kind == Kind::Parsed ? parsed.tape.get() : tape.data();
    }
    const uint8_t *stringBytes() const
    {
        return kind == Kind::Parsed ? parsed.string_buf.get() : strings.data();
    }
};

} // namespace agui::json
