#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

namespace agui::json {

class JsonArrayIterator;
class JsonMemberRange;
class JsonRawMemberIterator;

// A read-only view of one JSON value inside a parsed document's tape, with the JSON.parse
// reading of it: an object member looked up by key is its LAST occurrence (duplicate keys),
// every number is a number (toDouble), and iterating an object yields each key once, in the
// order of its first occurrence, with its last value.
//
// The tape is the one simdjson's DOM parser writes (simdjson docs/tape.md): 64-bit words, the
// type in the top byte; strings in a side buffer as a 32-bit length, the bytes and a NUL. A
// JsonDoc owns such a tape, either simdjson's own or one built by TapeBuilder, so views over
// parsed bytes, over events we synthesise and over Qt-parsed fallbacks are one type. A view
// is three words and never owns anything: it is valid while its JsonDoc lives and is not
// re-parsed. A default-constructed view is `undefined` (an absent member) and behaves as an
// empty object or array, like QJsonValue::toObject() of a non-object.
class JsonView
{
public:
    JsonView() = default;

    QJsonValue::Type type() const;
    bool isUndefined() const { return m_tape == nullptr; }
    bool isNull() const { return tag() == 'n'; }
    bool isBool() const { return tag() == 't' || tag() == 'f'; }
    bool isDouble() const; // any number (JSON.parse has one number type)
    bool isString() const { return tag() == '"'; }
    bool isArray() const { return tag() == '['; }
    bool isObject() const { return tag() == '{'; }
    bool isInteger() const; // a number with an integral value (JS Number.isInteger)
    bool isExactInt64() const { return tag() == 'l'; } // parsed as a 64-bit integer

    bool toBool(bool defaultValue = false) const;
    double toDouble(double defaultValue = 0) const;
    qint64 toInteger(qint64 defaultValue = 0) const; // integral numbers only
    int toInt(int defaultValue = 0) const;
    QString toString() const; // "" unless a string
    QString toString(const QString &defaultValue) const;
    std::string_view utf8() const; // the string's bytes; empty unless a string
    bool equals(std::string_view text) const; // a string with exactly these bytes

    // Objects. Lookups on anything else give undefined.
    JsonView value(std::string_view key) const;
    JsonView value(QLatin1StringView key) const
    {
        return value(std::string_view(key.data(), key.size()));
    }
    JsonView value(const QString &key) const;
    template<size_t N> JsonView value(const char (&key)[N]) const
    {
        return value(std::string_view(key, N - 1));
    }
    template<size_t N> JsonView operator[](const char (&key)[N]) const
    {
        return value(std::string_view(key, N - 1));
    }
    template<size_t N> bool contains(const char (&key)[N]) const
    {
        return contains(std::string_view(key, N - 1));
    }
    JsonView operator[](std::string_view key) const { return value(key); }
    JsonView operator[](QLatin1StringView key) const { return value(key); }
    bool contains(std::string_view key) const { return !value(key).isUndefined(); }
    bool contains(QLatin1StringView key) const { return !value(key).isUndefined(); }
    bool contains(const QString &key) const { return !value(key).isUndefined(); }
    // `toObject()` / `toArray()` mirror QJsonValue: the value itself when it is one, else an
    // undefined view that behaves as an empty container.
    JsonView toObject() const { return isObject() ? *this : JsonView(); }
    JsonView toArray() const { return isArray() ? *this : JsonView(); }

    // Arrays and objects: elements / distinct keys; 0 for anything else.
    qsizetype size() const;
    bool isEmpty() const { return size() == 0; }
    JsonView at(qsizetype index) const; // arrays; O(index)

    // Arrays: range over the elements. Objects: members() (each key once: first position,
    // last value).
    JsonArrayIterator begin() const;
    JsonArrayIterator end() const;
    JsonMemberRange members() const;
    // An object's members as they are on the tape, repeated keys included (fast one-pass
    // checks; members() gives the JSON.parse view).
    JsonRawMemberIterator rawMembersBegin() const;

    QJsonValue toQJsonValue() const; // undefined -> QJsonValue::Undefined
    QJsonObject toQJsonObject() const { return toQJsonValue().toObject(); }
    QJsonArray toQJsonArray() const { return toQJsonValue().toArray(); }
    QByteArray toJson() const; // compact JSON text (JSON.stringify order and spelling)

    // Deep equality with JSON.parse semantics (numbers compared as doubles, objects as maps).
    friend bool operator==(const JsonView &a, const JsonView &b);
    friend bool operator!=(const JsonView &a, const JsonView &b) { return !(a == b); }
    bool operator==(const QJsonValue &v) const;
    bool operator!=(const QJsonValue &v) const { return !(*this == v); }

    // Low level, for TapeBuilder and JsonDoc.
    JsonView(const uint64_t *tape, const uint8_t *strings, uint32_t index)
        : m_tape(tape)
        , m_strings(strings)
        , m_index(index)
    { }
    uint32_t tapeIndex() const { return uint32_t(m_index); }
    const uint64_t *tapeData() const { return m_tape; }
    const uint8_t *stringData() const { return m_strings; }
    uint32_t afterIndex() const; // tape index of the value that follows this one

private:
    char tag() const { return m_tape ? char(m_tape[m_index] >> 56) : '\0'; }
    uint64_t payload() const { return m_tape[m_index] & 0x00FFFFFFFFFFFFFFULL; }
    JsonView atIndex(uint32_t index) const { return JsonView(m_tape, m_strings, index); }
    JsonView lookup(const char *key, size_t size) const;
    QJsonValue containerToQJsonValue() const;
    friend class JsonArrayIterator;
    friend class JsonMemberRange;
    friend class JsonRawMemberIterator;

    const uint64_t *m_tape = nullptr;
    const uint8_t *m_strings = nullptr;
    // 64 bits though an index fits in 32: a view made and then passed by value (on the stack:
    // it is 24 bytes) is read back in 8-byte words, and a 4-byte store cannot be forwarded to an
    // 8-byte load. perf put a third of validateEvent's time on that stall.
    uint64_t m_index = 0;
};

class JsonMember
{
public:
    std::string_view keyUtf8() const { return m_key.utf8(); }
    QString key() const { return m_key.toString(); }
    JsonView value() const { return m_value; }

private:
    friend class JsonMemberRange;
    JsonView m_key, m_value;
};

class JsonArrayIterator
{
public:
    JsonView operator*() const { return m_at; }
    JsonArrayIterator &operator++();
    bool operator!=(const JsonArrayIterator &o) const { return m_at.m_index != o.m_at.m_index; }

private:
    friend class JsonView;
    JsonView m_at;
};

// The members of an object, each key once: at its first position, with its last value
// (JSON.parse keeps the last of repeated keys).
class JsonMemberRange
{
public:
    class Iterator
    {
    public:
        JsonMember operator*() const;
        Iterator &operator++();
        bool operator!=(const Iterator &o) const { return m_index != o.m_index; }

    private:
        friend class JsonMemberRange;
        void skipShadowed();
        const JsonMemberRange *m_range = nullptr;
        uint32_t m_index = 0; // tape index of the current key
    };
    Iterator begin() const;
    Iterator end() const;

private:
    friend class JsonView;
    JsonView m_object;
    uint32_t m_end = 0; // tape index of the closing '}'
    bool m_duplicates = false; // some key repeats: resolve each member by look-up
};

class JsonRawMemberIterator
{
public:
    bool valid() const { return m_index < m_end; }
    JsonView key() const { return m_object.atIndex(m_index); }
    JsonView value() const { return m_object.atIndex(m_index + 1); }
    void next() { m_index = value().afterIndex(); }

private:
    friend class JsonView;
    JsonView m_object;
    uint32_t m_index = 0;
    uint32_t m_end = 0;
};

inline JsonRawMemberIterator JsonView::rawMembersBegin() const
{
    JsonRawMemberIterator it;
    if (isObject()) {
        it.m_object = *this;
        it.m_index = m_index + 1;
        it.m_end = uint32_t(m_tape[m_index]) - 1;
    }
    return it;
}

// The look-ups every event does are inline: they are most of what reading an event costs.

inline uint32_t JsonView::afterIndex() const
{
    const uint64_t word = m_tape[m_index];
    switch (char(word >> 56)) {
    case '{':
    case '[':
        return uint32_t(word);
    case 'l':
    case 'u':
    case 'd':
        return m_index + 2;
    default:
        return m_index + 1;
    }
}

inline std::string_view JsonView::utf8() const
{
    if (tag() != '"')
        return {};
    const uint8_t *at = m_strings + payload();
    uint32_t size;
    std::memcpy(&size, at, sizeof size);
    return {reinterpret_cast<const char *>(at + sizeof size), size};
}

inline JsonView JsonView::lookup(const char *key, size_t size) const
{
    if (tag() != '{')
        return {};
    const uint32_t end = uint32_t(m_tape[m_index]) - 1; // the '}'
    uint32_t found = 0;
    for (uint32_t i = m_index + 1; i < end;) {
        const uint8_t *k = m_strings + (m_tape[i] & 0x00FFFFFFFFFFFFFFULL);
        uint32_t length;
        std::memcpy(&length, k, sizeof length);
        if (length == size && std::memcmp(k + sizeof length, key, size) == 0)
            found = i + 1; // keep looking: the last occurrence wins
        i = atIndex(i + 1).afterIndex();
    }
    return found ? atIndex(found) : JsonView();
}

inline JsonView JsonView::value(std::string_view key) const
{
    return lookup(key.data(), key.size());
}

// Owns one parsed (or built) document. Movable, not copyable; moving keeps views valid.
class JsonDoc
{
public:
    JsonDoc();
    ~JsonDoc();
    JsonDoc(JsonDoc &&) noexcept;
    JsonDoc &operator=(JsonDoc &&) noexcept;
    JsonDoc(const JsonDoc &) = delete;
    JsonDoc &operator=(const JsonDoc &) = delete;

    JsonView root() const; // undefined when empty
    bool isEmpty() const;
    void clear();

    // A document holding a copy of value (Qt-parsed fallbacks, tests).
    static JsonDoc fromQJson(const QJsonValue &value);

    struct Storage; // the tape and string buffer (simdjson's document or our own vectors)
    Storage &storage() { return *d; }
    const Storage &storage() const { return *d; }

private:
    std::unique_ptr<Storage> d;
};

} // namespace agui::json
