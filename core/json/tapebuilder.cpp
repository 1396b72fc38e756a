#include "core/json/tapebuilder.h"

#include "core/json/jsondocstorage_p.h"
#include "core/json/wtf8.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QVariant>

#include <cmath>
#include <cstring>

namespace agui::json {

namespace {

constexpr uint64_t kPayloadMask = 0x00FFFFFFFFFFFFFFULL;
constexpr uint32_t kCountMax = 0xFFFFFF;

// Appends a key's or a string's bytes as the tape's string buffer holds them (a 32-bit length,
// the bytes, a NUL) and returns where they start.
uint64_t storeString(std::vector<uint8_t> &strings, std::string_view utf8)
{
    const uint64_t at = strings.size();
    const auto size = uint32_t(utf8.size());
    strings.resize(strings.size() + sizeof size + utf8.size() + 1);
    std::memcpy(strings.data() + at, &size, sizeof size);
    std::memcpy(strings.data() + at + sizeof size, utf8.data(), utf8.size());
    strings[at + sizeof size + utf8.size()] = 0;
    return at;
}

} // namespace

TapeBuilder::TapeBuilder()
{
    word('r', 0); // patched by finish()
}

void TapeBuilder::word(char tag, uint64_t payload)
{
    m_tape.push_back((uint64_t(uint8_t(tag)) << 56) | (payload & kPayloadMask));
}

// A value or a key inside an array or object counts once for its scope (objects count keys).
void TapeBuilder::open(char tag)
{
    if (!m_open.empty() && char(m_tape[m_open.back()] >> 56) == '[')
        ++m_counts.back();
    m_open.push_back(uint32_t(m_tape.size()));
    m_counts.push_back(0);
    word(tag, 0);
}

void TapeBuilder::close(char tag)
{
    const uint32_t start = m_open.back();
    const uint32_t count = std::min(m_counts.back(), kCountMax);
    m_open.pop_back();
    m_counts.pop_back();
    word(tag, start);
    const char openTag = tag == '}' ? '{' : '[';
    // '{' / '[' hold the index after their closing word and, in bits 32-55, the count.
    m_tape[start]
        = (uint64_t(uint8_t(openTag)) << 56) | (uint64_t(count) << 32) | uint64_t(m_tape.size());
}

void TapeBuilder::beginObject()
{
    open('{');
}

void TapeBuilder::endObject()
{
    close('}');
}

void TapeBuilder::beginArray()
{
    open('[');
}

void TapeBuilder::endArray()
{
    close(']');
}

void TapeBuilder::key(std::string_view utf8)
{
    ++m_counts.back();
    word('"', storeString(m_strings, utf8));
}

void TapeBuilder::string(std::string_view utf8)
{
    if (!m_open.empty() && char(m_tape[m_open.back()] >> 56) == '[')
        ++m_counts.back();
    // Same layout as a key; keys just count differently.
    word('"', storeString(m_strings, utf8));
}

void TapeBuilder::string(const QString &text)
{
    const QByteArray bytes = toWtf8(text); // lone surrogates kept (wtf8.h)
    string(std::string_view(bytes.constData(), size_t(bytes.size())));
}

void TapeBuilder::integer(qint64 value)
{
    if (!m_open.empty() && char(m_tape[m_open.back()] >> 56) == '[')
        ++m_counts.back();
    word('l', 0);
    m_tape.push_back(uint64_t(value));
}

void TapeBuilder::number(double value)
{
    if (!m_open.empty() && char(m_tape[m_open.back()] >> 56) == '[')
        ++m_counts.back();
    word('d', 0);
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    m_tape.push_back(bits);
}

void TapeBuilder::boolean(bool value)
{
    if (!m_open.empty() && char(m_tape[m_open.back()] >> 56) == '[')
        ++m_counts.back();
    word(value ? 't' : 'f', 0);
}

void TapeBuilder::null()
{
    if (!m_open.empty() && char(m_tape[m_open.back()] >> 56) == '[')
        ++m_counts.back();
    word('n', 0);
}

namespace {

// What copying a view and copying a Qt value do differently: numbers, strings, members.
void putNumber(TapeBuilder &b, JsonView v)
{
    // Keep integers as integers (the tape's 'l'), like the parser does.
    if (v.isInteger() && std::abs(v.toDouble()) < 9.2e18)
        b.integer(v.toInteger());
    else
        b.number(v.toDouble());
}

void putNumber(TapeBuilder &b, const QJsonValue &v)
{
    // QJsonValue keeps integers exactly (qint64) when the text had no fraction.
    const QVariant var = v.toVariant();
    if (var.typeId() == QMetaType::LongLong)
        b.integer(var.toLongLong());
    else
        b.number(v.toDouble());
}

void putString(TapeBuilder &b, JsonView v)
{
    b.string(v.utf8());
}

void putString(TapeBuilder &b, const QJsonValue &v)
{
    b.string(v.toString());
}

void putMembers(TapeBuilder &b, JsonView v)
{
    for (const JsonMember m : v.members()) {
        b.key(m.keyUtf8());
        b.value(m.value());
    }
}

void putMembers(TapeBuilder &b, const QJsonValue &v)
{
    const QJsonObject o = v.toObject();
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        const QByteArray k = toWtf8(it.key());
        b.key(std::string_view(k.constData(), size_t(k.size())));
        b.value(it.value());
    }
}

template<typename Value> void putValue(TapeBuilder &b, const Value &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: // a value is required here; callers skip undefined members
        b.null();
        return;
    case QJsonValue::Bool:
        b.boolean(v.toBool());
        return;
    case QJsonValue::Double:
        putNumber(b, v);
        return;
    case QJsonValue::String:
        putString(b, v);
        return;
    case QJsonValue::Array: {
        // A const container: iterating a temporary QJsonArray would detach (copy) it first.
        const auto items = v.toArray();
        b.beginArray();
        for (const auto item : items)
            b.value(Value(item));
        b.endArray();
        return;
    }
    case QJsonValue::Object:
        b.beginObject();
        putMembers(b, v);
        b.endObject();
        return;
    }
}

} // namespace

void TapeBuilder::value(JsonView v)
{
    putValue(*this, v);
}

void TapeBuilder::value(const QJsonValue &v)
{
    putValue(*this, v);
}

void TapeBuilder::finishInto(JsonDoc &doc)
{
    Q_ASSERT(m_open.empty());
    word('r', 0);
    m_tape[0] = (uint64_t(uint8_t('r')) << 56) | uint64_t(m_tape.size() - 1);
    JsonDoc::Storage &s = doc.storage();
    s.kind = JsonDoc::Storage::Kind::Built;
    s.tape.swap(m_tape);
    s.strings.swap(m_strings);
    m_tape.clear();
    m_strings.clear();
    m_open.clear();
    m_counts.clear();
    word('r', 0);
}

JsonDoc TapeBuilder::finish()
{
    JsonDoc doc;
    finishInto(doc);
    return doc;
}

} // namespace agui::json
