#pragma once

#include "core/json/jsonview.h"

#include <QByteArrayView>
#include <QString>

#include <memory>

namespace agui::json {

// Parses JSON text the way the AG-UI reference client reads a frame (TextDecoder with
// replacement, then JSON.parse), fast: simdjson's DOM parser (one reusable parser per
// JsonParser; not thread-safe, use one per thread). Where simdjson refuses text JSON.parse
// accepts — numbers beyond 64 bits (a double) or beyond double range (1e400 is Infinity),
// "\ud83d" lone surrogates (kept: see wtf8.h) — that text alone is read by a strict parser of
// ours with JSON.parse's semantics, so the verdict is JSON.parse's. Invalid UTF-8 is read with
// one U+FFFD per maximal ill-formed subpart, like TextDecoder. Documents nested deeper than
// kMaxDepth are refused (JSON.parse reads deeper ones; we keep a bound so that nothing that
// walks a value can exhaust the stack). Errors carry Qt's parser's offset and message.
class JsonParser
{
public:
    JsonParser();
    ~JsonParser();
    JsonParser(const JsonParser &) = delete;
    JsonParser &operator=(const JsonParser &) = delete;

    enum class Outcome : quint8 {
        Ok, // parsed by simdjson
        Fallback, // parsed by Qt's parser (see above); same value JSON.parse gives
        Error, // not JSON: errorOffset / errorMessage say where and why
    };
    struct Result
    {
        Outcome outcome = Outcome::Error;
        bool replacedInvalidUtf8 = false; // read with U+FFFD replacements
        qint64 errorOffset = -1; // 0-based byte in the text, as JSON.parse counts ("at position N")
        QString errorMessage; // Qt's text ("unterminated string", ...)
        bool ok() const { return outcome != Outcome::Error; }
    };

    // Parses text into doc (its buffers are reused). On error doc is empty.
    Result parse(QByteArrayView text, JsonDoc &doc);

    // Maximum nesting simdjson accepts (documents deeper go to the fallback).
    static constexpr int kMaxDepth = 1024;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

// The WHATWG "UTF-8 decode" with replacement (TextDecoder, fatal: false), re-encoded: each
// maximal ill-formed subpart becomes one U+FFFD. (Qt's own lossy decoder replaces some
// sequences with more than one U+FFFD, which would give other strings than the client's.)
QByteArray utf8WithReplacement(QByteArrayView bytes);

// Well-formed UTF-8 (simdjson's SIMD validator: gigabytes per second).
bool isValidUtf8(QByteArrayView bytes);

} // namespace agui::json
