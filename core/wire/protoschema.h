#pragma once

// The ag_ui protobuf messages as a table (field number, JSON name, kind), and a generic
// encoder/decoder over it with ts-proto's presence rules. Facts taken from the generated 1.0 codec
// shipped in @ag-ui/proto (events.proto, types.proto, patch.proto); internal to core/wire.

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QLatin1StringView>
#include <QStringList>

#include <span>

namespace agui::proto {

enum class Kind : quint8 {
    Str, // proto3 string: written unless ""; decodes to "" when absent
    OptStr, // optional string: written when present (even ""); absent stays absent
    OptBool,
    OptInt64,
    Enum, // int32 enum: written unless 0; decodes to 0 when absent
    Value, // google.protobuf.Value: any JSON value
    Struct, // google.protobuf.Struct: a JSON object
    Msg, // singular nested message
    RepMsg, // repeated nested message (JSON array)
    RepStr, // repeated string (JSON array)
};

struct FieldSpec
{
    quint32 number = 0;
    const char *json = nullptr;
    Kind kind = Kind::Str;
    const char *message = nullptr; // Msg / RepMsg: the nested message's name
    bool nullIsValue = false; // Value fields the schema requires: JSON null is a null Value,
                              // elsewhere null means "absent" (omitOptionalNulls)
};

struct MessageSpec
{
    const char *name;
    std::span<const FieldSpec> fields;
};

const MessageSpec *findMessage(QLatin1StringView name);

// Encodes a wire-shaped object (keys = the message's field names). Values of the wrong JSON type
// are left out and named in *warnings (path = where, e.g. "/messages/0/content").
QByteArray encodeMessage(const QJsonObject &object, const MessageSpec &spec, const QString &path,
                         QStringList *warnings);

// Decodes with ts-proto's defaults (see Kind). Wrong wire types for known fields are skipped, as
// ts-proto does; repeated occurrences of a singular message merge.
bool decodeMessage(QByteArrayView bytes, const MessageSpec &spec, QJsonObject *out, QString *error,
                   int depth = 0);

} // namespace agui::proto
