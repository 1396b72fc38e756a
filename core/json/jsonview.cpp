#include "core/json/jsonview.h"

#include "core/json/jsondocstorage_p.h"
#include "core/json/jsonnumber.h"
#include "core/json/tapebuilder.h"
#include "core/json/wtf8.h"

#include <QAnyStringView>
#include <QJsonDocument>
#include <QUtf8StringView>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace agui::json {

namespace {

double wordAsDouble(uint64_t word)
{
    double d;
    std::memcpy(&d, &word, sizeof d);
    return d;
}

// JSON.stringify's escaping of a string (ES2019: lone surrogates escaped, which UTF-8 bytes
// cannot hold anyway).
void appendQuoted(QByteArray &out, std::string_view s)
{
    static const char hex[] = "0123456789abcdef";
    out += '"';
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20) {
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 0xF];
            } else {
                out += ch;
            }
        }
    }
    out += '"';
}

// Strings holding lone surrogates (WTF-8, see wtf8.h) print them as \uXXXX escapes, as
// JSON.stringify does; everything else is copied as is.
void appendQuotedString(QByteArray &out, std::string_view s)
{
    if (!hasWtf8Surrogate(s)) {
        appendQuoted(out, s);
        return;
    }
    static const char hex[] = "0123456789abcdef";
    QByteArray plain;
    out += '"';
    const QString text = fromWtf8(s);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        const bool pair = QChar::isHighSurrogate(c) && i + 1 < text.size()
            && QChar::isLowSurrogate(text[i + 1].unicode());
        if (QChar::isSurrogate(c) && !pair) {
            QByteArray quoted;
            appendQuoted(quoted, std::string_view(plain.constData(), size_t(plain.size())));
            out += quoted.mid(1, quoted.size() - 2);
            plain.clear();
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4)
                out += hex[(c >> shift) & 0xF];
            continue;
        }
        plain += QStringView(text).sliced(i, pair ? 2 : 1).toUtf8();
        if (pair)
            ++i;
    }
    QByteArray quoted;
    appendQuoted(quoted, std::string_view(plain.constData(), size_t(plain.size())));
    out += quoted.mid(1, quoted.size() - 2);
    out += '"';
}

} // namespace

// ---- scalars ----

QJsonValue::Type JsonView::type() const
{
    switch (tag()) {
    case 'n':
        return QJsonValue::Null;
    case 't':
    case 'f':
        return QJsonValue::Bool;
    case 'l':
    case 'u':
    case 'd':
        return QJsonValue::Double;
    case '"':
        return QJsonValue::String;
    case '[':
        return QJsonValue::Array;
    case '{':
        return QJsonValue::Object;
    default:
        return QJsonValue::Undefined;
    }
}

bool JsonView::isDouble() const
{
    const char t = tag();
    return t == 'l' || t == 'u' || t == 'd';
}

bool JsonView::isInteger() const
{
    const char t = tag();
    if (t == 'l' || t == 'u')
        return true;
    if (t != 'd')
        return false;
    const double d = wordAsDouble(m_tape[m_index + 1]);
    return std::isfinite(d) && std::trunc(d) == d;
}

bool JsonView::toBool(bool defaultValue) const
{
    const char t = tag();
    return t == 't' ? true : t == 'f' ? false : defaultValue;
}

double JsonView::toDouble(double defaultValue) const
{
    switch (tag()) {
    case 'l':
        return double(qint64(m_tape[m_index + 1]));
    case 'u':
        return double(m_tape[m_index + 1]);
    case 'd':
        return wordAsDouble(m_tape[m_index + 1]);
    default:
        return defaultValue;
    }
}

qint64 JsonView::toInteger(qint64 defaultValue) const
{
    switch (tag()) {
    case 'l':
        return qint64(m_tape[m_index + 1]);
    case 'u': {
        const uint64_t u = m_tape[m_index + 1];
        return u <= uint64_t(std::numeric_limits<qint64>::max()) ? qint64(u) : defaultValue;
    }
    case 'd': {
        const double d = wordAsDouble(m_tape[m_index + 1]);
        if (std::trunc(d) == d && d >= -9.2233720368547758e18 && d < 9.2233720368547758e18)
            return qint64(d);
        return defaultValue;
    }
    default:
        return defaultValue;
    }
}

int JsonView::toInt(int defaultValue) const
{
    if (!isInteger())
        return defaultValue;
    const double d = toDouble();
    if (d < double(std::numeric_limits<int>::min()) || d > double(std::numeric_limits<int>::max()))
        return defaultValue;
    return int(d);
}

QString JsonView::toString() const
{
    return fromWtf8(utf8());
}

QString JsonView::toString(const QString &defaultValue) const
{
    return isString() ? toString() : defaultValue;
}

bool JsonView::equals(std::string_view text) const
{
    return isString() && utf8() == text;
}

// ---- containers ----

JsonView JsonView::value(const QString &key) const
{
    const QByteArray k = key.toUtf8();
    return lookup(k.constData(), size_t(k.size()));
}

qsizetype JsonView::size() const
{
    const char t = tag();
    if (t == '[') {
        const uint32_t count = uint32_t(m_tape[m_index] >> 32) & 0xFFFFFF;
        if (count < 0xFFFFFF)
            return count;
        qsizetype n = 0; // saturated: count by walking
        for (auto it = begin(); it != end(); ++it)
            ++n;
        return n;
    }
    if (t == '{') {
        qsizetype n = 0;
        for (const JsonMember m : members()) {
            Q_UNUSED(m);
            ++n;
        }
        return n;
    }
    return 0;
}

JsonView JsonView::at(qsizetype index) const
{
    if (tag() != '[' || index < 0)
        return {};
    for (const JsonView v : *this) {
        if (index-- == 0)
            return v;
    }
    return {};
}

JsonArrayIterator &JsonArrayIterator::operator++()
{
    m_at.m_index = m_at.afterIndex();
    return *this;
}

JsonArrayIterator JsonView::begin() const
{
    JsonArrayIterator it;
    if (tag() == '[')
        it.m_at = atIndex(m_index + 1);
    return it;
}

JsonArrayIterator JsonView::end() const
{
    JsonArrayIterator it;
    if (tag() == '[')
        it.m_at = atIndex(uint32_t(m_tape[m_index]) - 1); // the ']'
    return it;
}

JsonMemberRange JsonView::members() const
{
    JsonMemberRange r;
    if (tag() != '{')
        return r;
    r.m_object = *this;
    r.m_end = uint32_t(m_tape[m_index]) - 1;
    // Pairwise check of the keys, lengths first: event objects are small.
    constexpr int kInline = 32;
    std::string_view keys[kInline];
    std::vector<std::string_view> more;
    int n = 0;
    for (uint32_t i = m_index + 1; i < r.m_end && !r.m_duplicates;) {
        const std::string_view k = atIndex(i).utf8();
        for (int j = 0; j < n && !r.m_duplicates; ++j)
            r.m_duplicates = keys[j].size() == k.size() && keys[j] == k;
        for (const std::string_view &o : more)
            r.m_duplicates = r.m_duplicates || o == k;
        if (n < kInline)
            keys[n++] = k;
        else
            more.push_back(k);
        i = atIndex(i + 1).afterIndex();
    }
    return r;
}

JsonMemberRange::Iterator JsonMemberRange::begin() const
{
    Iterator it;
    it.m_range = this;
    it.m_index = m_object.isUndefined() ? 0 : m_object.m_index + 1;
    return it;
}

JsonMemberRange::Iterator JsonMemberRange::end() const
{
    Iterator it;
    it.m_range = this;
    it.m_index = m_object.isUndefined() ? 0 : m_end;
    return it;
}

JsonMember JsonMemberRange::Iterator::operator*() const
{
    const JsonView &o = m_range->m_object;
    JsonMember m;
    m.m_key = o.atIndex(m_index);
    m.m_value = m_range->m_duplicates ? o.value(m.m_key.utf8()) : o.atIndex(m_index + 1);
    return m;
}

JsonMemberRange::Iterator &JsonMemberRange::Iterator::operator++()
{
    const JsonView &o = m_range->m_object;
    m_index = o.atIndex(m_index + 1).afterIndex();
    skipShadowed();
    return *this;
}

// With repeated keys, a key is yielded at its first position only.
void JsonMemberRange::Iterator::skipShadowed()
{
    if (!m_range->m_duplicates)
        return;
    const JsonView &o = m_range->m_object;
    while (m_index < m_range->m_end) {
        const std::string_view k = o.atIndex(m_index).utf8();
        bool seen = false;
        for (uint32_t i = o.m_index + 1; i < m_index && !seen;) {
            seen = o.atIndex(i).utf8() == k;
            i = o.atIndex(i + 1).afterIndex();
        }
        if (!seen)
            return;
        m_index = o.atIndex(m_index + 1).afterIndex();
    }
}

// ---- conversions ----

namespace {
void appendJson(QByteArray &out, const JsonView &v, bool exactIntegers = false);
} // namespace

QJsonValue JsonView::toQJsonValue() const
{
    switch (tag()) {
    case 'n':
        return QJsonValue(QJsonValue::Null);
    case 't':
        return true;
    case 'f':
        return false;
    case 'l':
        return QJsonValue(qint64(m_tape[m_index + 1]));
    case 'u':
    case 'd':
        return toDouble();
    case '"':
        return toString();
    case '[':
    case '{':
        return containerToQJsonValue();
    default:
        return QJsonValue(QJsonValue::Undefined);
    }
}

// Qt builds a container from JSON text about three times faster than from inserts (each insert
// into a QJsonObject keeps its keys sorted and shares or converts the child), so a container
// goes through its text: the same values, integers kept exact as in toQJsonValue().
QJsonValue JsonView::containerToQJsonValue() const
{
    QByteArray text;
    appendJson(text, *this, true);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (doc.isObject())
        return doc.object();
    if (doc.isArray())
        return doc.array();
    // Not expected (the text is ours); built value by value instead.
    if (isArray()) {
        QJsonArray a;
        for (const JsonView v : *this)
            a.append(v.toQJsonValue());
        return a;
    }
    QJsonObject o;
    for (const JsonMember m : members())
        o.insert(m.key(), m.value().toQJsonValue());
    return o;
}

namespace {

// exactIntegers: integers that fit in 64 bits are written as they are (for a conversion that
// keeps them as Qt integers, like toQJsonValue() does); otherwise as JSON.stringify would.
void appendJson(QByteArray &out, const JsonView &v, bool exactIntegers)
{
    switch (v.type()) {
    case QJsonValue::Null:
        out += "null";
        return;
    case QJsonValue::Bool:
        out += v.toBool() ? "true" : "false";
        return;
    case QJsonValue::Double:
        if (exactIntegers && v.isExactInt64())
            out += QByteArray::number(v.toInteger());
        else
            out += jsNumberText(v.toDouble());
        return;
    case QJsonValue::String:
        appendQuotedString(out, v.utf8());
        return;
    case QJsonValue::Array: {
        out += '[';
        bool first = true;
        for (const JsonView item : v) {
            if (!first)
                out += ',';
            first = false;
            appendJson(out, item, exactIntegers);
        }
        out += ']';
        return;
    }
    case QJsonValue::Object: {
        out += '{';
        bool first = true;
        for (const JsonMember m : v.members()) {
            if (!first)
                out += ',';
            first = false;
            appendQuotedString(out, m.keyUtf8());
            out += ':';
            appendJson(out, m.value(), exactIntegers);
        }
        out += '}';
        return;
    }
    case QJsonValue::Undefined:
        return;
    }
}

} // namespace

QByteArray JsonView::toJson() const
{
    QByteArray out;
    appendJson(out, *this);
    return out;
}

bool operator==(const JsonView &a, const JsonView &b)
{
    const QJsonValue::Type t = a.type();
    if (t != b.type())
        return false;
    switch (t) {
    case QJsonValue::Undefined:
    case QJsonValue::Null:
        return true;
    case QJsonValue::Bool:
        return a.toBool() == b.toBool();
    case QJsonValue::Double:
        return a.toDouble() == b.toDouble();
    case QJsonValue::String:
        return a.utf8() == b.utf8();
    case QJsonValue::Array: {
        auto i = a.begin(), j = b.begin();
        const auto ae = a.end(), be = b.end();
        for (; i != ae && j != be; ++i, ++j)
            if (!(*i == *j))
                return false;
        return !(i != ae) && !(j != be);
    }
    case QJsonValue::Object: {
        if (a.size() != b.size())
            return false;
        for (const JsonMember m : a.members()) {
            const JsonView other = b.value(m.keyUtf8());
            if (other.isUndefined() || !(m.value() == other))
                return false;
        }
        return true;
    }
    }
    return false;
}

bool JsonView::operator==(const QJsonValue &v) const
{
    const QJsonValue::Type t = type();
    if (t != v.type())
        return false;
    switch (t) {
    case QJsonValue::String: {
        const std::string_view s = utf8();
        if (hasWtf8Surrogate(s))
            return fromWtf8(s) == v.toString();
        return QAnyStringView::equal(QUtf8StringView(s.data(), qsizetype(s.size())), v.toString());
    }
    case QJsonValue::Double:
        return toDouble() == v.toDouble();
    case QJsonValue::Bool:
        return toBool() == v.toBool();
    case QJsonValue::Undefined:
    case QJsonValue::Null:
        return true;
    default:
        return toQJsonValue() == v;
    }
}

// ---- the document ----

JsonDoc::JsonDoc()
    : d(std::make_unique<Storage>())
{ }

JsonDoc::~JsonDoc() = default;
JsonDoc::JsonDoc(JsonDoc &&) noexcept = default;
JsonDoc &JsonDoc::operator=(JsonDoc &&) noexcept = default;

JsonView JsonDoc::root() const
{
    if (!d || d->kind == Storage::Kind::Empty)
        return {};
    return JsonView(d->tapeWords(), d->stringBytes(), 1); // word 0 is the root marker
}

bool JsonDoc::isEmpty() const
{
    return !d || d->kind == Storage::Kind::Empty;
}

void JsonDoc::clear()
{
    if (d)
        d->kind = Storage::Kind::Empty;
}

JsonDoc JsonDoc::fromQJson(const QJsonValue &value)
{
    TapeBuilder b;
    b.value(value);
    return b.finish();
}

} // namespace agui::json
