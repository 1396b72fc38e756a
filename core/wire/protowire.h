#pragma once

// Minimal protobuf wire-format reader/writer (varint, fixed64/32, length-delimited, legacy groups
// skipped) and the google.protobuf.Value/Struct/ListValue mapping to QJsonValue, as the AG-UI
// reference codec (ts-proto) does it. Used by protoevent.cpp and the OTLP encoder
// (core/otel/otlpprotobuf.cpp); public so tests can build and inspect messages field by field.

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace agui::proto {

enum WireType : quint8 {
    Varint = 0,
    Fixed64 = 1,
    Len = 2,
    StartGroup = 3,
    EndGroup = 4,
    Fixed32 = 5
};

struct Field
{
    quint32 number = 0;
    quint8 wireType = 0;
    quint64 scalar = 0; // Varint value, or the raw bits of Fixed64/Fixed32
    QByteArrayView bytes; // Len payload (a view into the parsed buffer)
    qint64 offset = 0; // where the field's tag starts (base + position)
};

// Splits one message level into its fields, in wire order. Groups are skipped whole (they are
// unknown fields to every AG-UI message). On malformed input returns false and sets *error
// ("... at byte N", N = base + position).
bool readFields(QByteArrayView data, QList<Field> *fields, QString *error, qint64 base = 0);

class Writer
{
public:
    void tag(quint32 number, WireType type) { varint((quint64(number) << 3) | type); }
    void varint(quint64 value);
    void int64Field(quint32 number, qint64 value); // two's complement, 10 bytes when negative
    void int32Field(quint32 number, qint32 value); // sign-extended like protobuf int32
    void boolField(quint32 number, bool value);
    void doubleField(quint32 number, double value);
    void fixed64Field(quint32 number, quint64 value); // little-endian, 8 bytes
    void bytesField(quint32 number, QByteArrayView bytes);
    void stringField(quint32 number, const QString &text) { bytesField(number, text.toUtf8()); }

    const QByteArray &data() const { return m_data; }
    QByteArray take() { return std::exchange(m_data, {}); }

private:
    QByteArray m_data;
};

// google.protobuf.Value / Struct / ListValue message bytes for a JSON value. Struct entries are
// written in QJsonObject key order (sorted).
QByteArray encodeValue(const QJsonValue &value);
QByteArray encodeStruct(const QJsonObject &object);
QByteArray encodeListValue(const QJsonArray &array);

// Decoding. A Value with no kind set is "undefined" in ts-proto: *defined is set false and the
// caller leaves the field out (inside a list it becomes null, as JSON.stringify writes it).
// `depth` counts the JSON objects and arrays around the value; a value that nests more than
// kMaxValueNesting of them is refused with an error saying so (see protowire.cpp for the bound).
inline constexpr int kMaxValueNesting = 1000;
bool decodeValue(QByteArrayView bytes, QJsonValue *out, bool *defined, QString *error,
                 int depth = 0);
bool decodeStruct(QByteArrayView bytes, QJsonObject *out, QString *error, int depth = 0);
bool decodeListValue(QByteArrayView bytes, QJsonArray *out, QString *error, int depth = 0);

} // namespace agui::proto
