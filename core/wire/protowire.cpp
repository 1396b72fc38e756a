#include "core/wire/protowire.h"

#include <QtEndian>

#include <cmath>
#include <cstring>

namespace agui::proto {

namespace {

// The deepest JSON a google.protobuf.Value / Struct / ListValue may decode to, in nested objects
// and arrays: past the nesting @ag-ui/proto 1.0.0 itself round-trips (its encoder exhausts the JS
// stack at about 540 levels), and under the JSON layer's bound (json::JsonParser::kMaxDepth,
// 1024) less the event and field objects around a value, so a decoded event can be read again
// as JSON text. The recursion this costs is two frames per level.
constexpr int kMaxDepth = kMaxValueNesting;

// Reads a varint of at most maxBytes bytes (10 for 64-bit values, 5 for tags and lengths).
bool readVarint(QByteArrayView data, qsizetype *pos, quint64 *out, int maxBytes)
{
    quint64 result = 0;
    for (int i = 0; i < maxBytes; ++i) {
        if (*pos >= data.size())
            return false;
        const auto byte = static_cast<uchar>(data[(*pos)++]);
        result |= quint64(byte & 0x7F) << (7 * i);
        if ((byte & 0x80) == 0) {
            *out = result;
            return true;
        }
    }
    return false;
}

QString at(const char *what, qint64 offset)
{
    return QStringLiteral("%1 at byte %2").arg(QLatin1String(what)).arg(offset);
}

} // namespace

bool readFields(QByteArrayView data, QList<Field> *fields, QString *error, qint64 base)
{
    qsizetype pos = 0;
    int groupDepth = 0;
    QList<quint32> groups;
    while (pos < data.size()) {
        const qsizetype start = pos;
        quint64 tag = 0;
        if (!readVarint(data, &pos, &tag, 5) || tag > 0xFFFFFFFFu) {
            *error = at("malformed field tag", base + start);
            return false;
        }
        Field f;
        f.number = quint32(tag >> 3);
        f.wireType = quint8(tag & 7);
        f.offset = base + start;
        if (f.number == 0) {
            *error = at("field number 0", base + start);
            return false;
        }
        switch (f.wireType) {
        case Varint:
            if (!readVarint(data, &pos, &f.scalar, 10)) {
                *error = at("truncated or overlong varint", base + start);
                return false;
            }
            break;
        case Fixed64:
            if (data.size() - pos < 8) {
                *error = at("truncated fixed64", base + start);
                return false;
            }
            f.scalar = qFromLittleEndian<quint64>(data.data() + pos);
            pos += 8;
            break;
        case Fixed32:
            if (data.size() - pos < 4) {
                *error = at("truncated fixed32", base + start);
                return false;
            }
            f.scalar = qFromLittleEndian<quint32>(data.data() + pos);
            pos += 4;
            break;
        case Len: {
            quint64 length = 0;
            if (!readVarint(data, &pos, &length, 5) || length > quint64(data.size() - pos)) {
                *error
                    = at("length-delimited field runs past the end of its message", base + start);
                return false;
            }
            f.bytes = data.sliced(pos, qsizetype(length));
            pos += qsizetype(length);
            break;
        }
        case StartGroup:
            groups.append(f.number);
            ++groupDepth;
            continue;
        case EndGroup:
            if (groups.isEmpty() || groups.takeLast() != f.number) {
                *error = at("unbalanced group end", base + start);
                return false;
            }
            --groupDepth;
            continue;
        default:
            *error = at("invalid wire type", base + start);
            return false;
        }
        if (groupDepth == 0)
            fields->append(f); // fields inside a (legacy, unknown) group are skipped with it
    }
    if (!groups.isEmpty()) {
        *error = at("unterminated group", base + data.size());
        return false;
    }
    return true;
}

void Writer::varint(quint64 value)
{
    while (value >= 0x80) {
        m_data.append(char((value & 0x7F) | 0x80));
        value >>= 7;
    }
    m_data.append(char(value));
}

void Writer::int64Field(quint32 number, qint64 value)
{
    tag(number, Varint);
    varint(quint64(value));
}

void Writer::int32Field(quint32 number, qint32 value)
{
    tag(number, Varint);
    varint(quint64(qint64(value)));
}

void Writer::boolField(quint32 number, bool value)
{
    tag(number, Varint);
    varint(value ? 1 : 0);
}

void Writer::doubleField(quint32 number, double value)
{
    quint64 bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    fixed64Field(number, bits);
}

void Writer::fixed64Field(quint32 number, quint64 value)
{
    tag(number, Fixed64);
    char buffer[8];
    qToLittleEndian(value, buffer);
    m_data.append(buffer, 8);
}

void Writer::bytesField(quint32 number, QByteArrayView bytes)
{
    tag(number, Len);
    varint(quint64(bytes.size()));
    m_data.append(bytes.data(), bytes.size());
}

QByteArray encodeValue(const QJsonValue &value)
{
    // Field numbers of google.protobuf.Value: 1 null, 2 number, 3 string, 4 bool, 5 struct,
    // 6 list.
    Writer w;
    switch (value.type()) {
    case QJsonValue::Null:
        w.tag(1, Varint);
        w.varint(0);
        break;
    case QJsonValue::Bool:
        w.boolField(4, value.toBool());
        break;
    case QJsonValue::Double:
        w.doubleField(2, value.toDouble());
        break;
    case QJsonValue::String:
        w.stringField(3, value.toString());
        break;
    case QJsonValue::Array:
        w.bytesField(6, encodeListValue(value.toArray()));
        break;
    case QJsonValue::Object:
        w.bytesField(5, encodeStruct(value.toObject()));
        break;
    case QJsonValue::Undefined:
        break;
    }
    return w.take();
}

QByteArray encodeStruct(const QJsonObject &object)
{
    Writer w;
    for (auto it = object.begin(); it != object.end(); ++it) {
        Writer entry; // Struct.FieldsEntry: 1 key (omitted when ""), 2 value
        if (!it.key().isEmpty())
            entry.stringField(1, it.key());
        entry.bytesField(2, encodeValue(it.value()));
        w.bytesField(1, entry.data());
    }
    return w.take();
}

QByteArray encodeListValue(const QJsonArray &array)
{
    Writer w;
    for (const auto &v : array)
        w.bytesField(1, encodeValue(v));
    return w.take();
}

// Calls entry(bytes) for each field 1 of a Struct (its map entries) or ListValue (its values)
// nested at `depth`; false when the bytes do not read, the nesting is past its bound, or entry
// fails (it sets *error).
template<typename Entry>
static bool forEachEntry(QByteArrayView bytes, QString *error, int depth, Entry entry)
{
    if (depth >= kMaxDepth) {
        *error = QStringLiteral("google.protobuf.Value nested deeper than %1 objects/arrays (the "
                                "inspector's bound on JSON nesting); the frame is kept undecoded")
                     .arg(kMaxDepth);
        return false;
    }
    QList<Field> fields;
    if (!readFields(bytes, &fields, error))
        return false;
    for (const Field &f : fields) {
        if (f.number == 1 && f.wireType == Len && !entry(f.bytes))
            return false;
    }
    return true;
}

bool decodeValue(QByteArrayView bytes, QJsonValue *out, bool *defined, QString *error, int depth)
{
    QList<Field> fields;
    if (!readFields(bytes, &fields, error))
        return false;
    // The kind is a oneof: the last arm on the wire wins; repeated message arms merge (their
    // payloads concatenate), as protobuf parsers do.
    int kind = 0;
    QByteArray merged;
    Field last;
    for (const Field &f : fields) {
        const bool isArm = (f.number == 1 && f.wireType == Varint)
            || (f.number == 2 && f.wireType == Fixed64) || (f.number == 3 && f.wireType == Len)
            || (f.number == 4 && f.wireType == Varint) || (f.number == 5 && f.wireType == Len)
            || (f.number == 6 && f.wireType == Len);
        if (!isArm)
            continue;
        if (int(f.number) != kind)
            merged.clear();
        kind = int(f.number);
        if (f.wireType == Len)
            merged.append(f.bytes.data(), f.bytes.size());
        last = f;
    }
    *defined = kind != 0;
    switch (kind) {
    case 0:
        *out = QJsonValue(QJsonValue::Undefined);
        return true;
    case 1:
        *out = QJsonValue(QJsonValue::Null);
        return true;
    case 2: {
        double d = 0;
        std::memcpy(&d, &last.scalar, sizeof d);
        *out = QJsonValue(d);
        return true;
    }
    case 3:
        *out = QString::fromUtf8(merged);
        return true;
    case 4:
        *out = last.scalar != 0;
        return true;
    case 5: {
        QJsonObject o;
        if (!decodeStruct(merged, &o, error, depth))
            return false;
        *out = o;
        return true;
    }
    case 6: {
        QJsonArray a;
        if (!decodeListValue(merged, &a, error, depth))
            return false;
        *out = a;
        return true;
    }
    }
    return true;
}

bool decodeStruct(QByteArrayView bytes, QJsonObject *out, QString *error, int depth)
{
    return forEachEntry(bytes, error, depth, [&](QByteArrayView entryBytes) {
        QList<Field> entry;
        if (!readFields(entryBytes, &entry, error))
            return false;
        QString key;
        QByteArray valueBytes;
        bool hasValue = false;
        for (const Field &e : entry) {
            if (e.number == 1 && e.wireType == Len) {
                key = QString::fromUtf8(e.bytes);
            } else if (e.number == 2 && e.wireType == Len) {
                valueBytes.append(e.bytes.data(), e.bytes.size());
                hasValue = true;
            }
        }
        if (!hasValue)
            return true;
        QJsonValue v;
        bool defined = false;
        if (!decodeValue(valueBytes, &v, &defined, error, depth + 1))
            return false;
        if (defined)
            out->insert(key, v);
        return true;
    });
}

bool decodeListValue(QByteArrayView bytes, QJsonArray *out, QString *error, int depth)
{
    return forEachEntry(bytes, error, depth, [&](QByteArrayView item) {
        QJsonValue v;
        bool defined = false;
        if (!decodeValue(item, &v, &defined, error, depth + 1))
            return false;
        out->append(defined ? v : QJsonValue(QJsonValue::Null));
        return true;
    });
}

} // namespace agui::proto
