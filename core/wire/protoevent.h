#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace agui {

// ag_ui.Event protobuf message <-> AG-UI JSON event object, following the mapping of the
// reference codec @ag-ui/proto 1.0.0 (field numbers, defaults, and its JSON<->wire reshaping:
// RUN_FINISHED/SUBAGENT_FINISHED outcome objects flattened to a string + lists, content parts,
// activity content, patch op enums, RunAgentInput). A small hand-written protobuf reader/writer,
// no libprotobuf.

struct ProtoDecodeResult
{
    enum class Status : quint8 {
        Ok,
        UnknownEventType, // only envelope arms this build does not know (a newer protocol); the
                          // reference client drops such a frame with a warning
        Invalid, // not a well-formed ag_ui.Event (message says why)
    };
    Status status = Status::Invalid;
    QJsonObject event; // Ok: the AG-UI JSON event (unvalidated, like the reference decoder)
    QString error; // Invalid / UnknownEventType: what is wrong, with a byte offset when known
    QStringList warnings; // e.g. a content part of an unknown kind dropped (as the reference does)

    bool ok() const { return status == Status::Ok; }
};

// Decodes one frame's message bytes. Fields are read as ts-proto reads them: a non-optional
// string absent from the wire decodes as "" (so the JSON shows what a JS client sees), repeated
// fields as [] before the reference reshaping removes the empty ones it removes.
ProtoDecodeResult decodeProtoEvent(QByteArrayView message);

struct ProtoEncodeResult
{
    QByteArray message; // the ag_ui.Event bytes (no length prefix; see encodeProtoFrame)
    QString error; // set when the event cannot be encoded at all (e.g. unknown "type")
    QStringList warnings; // values that have no wire form and were left out (path + reason)

    bool ok() const { return error.isEmpty(); }
};

// Encodes an AG-UI JSON event as @ag-ui/proto's encode() does. Byte-identical to it except that
// google.protobuf.Struct entries follow QJsonObject's sorted key order, while JavaScript writes
// them in insertion order (so objects whose keys are not already sorted encode in another
// order - same message, different bytes).
ProtoEncodeResult encodeProtoEvent(const QJsonObject &event);

// "Failed to decode protocol buffer message: <error>" (the reference client's wording).
QString protoDecodeFailureMessage(const QString &error);

} // namespace agui
