#pragma once

#include "core/json/jsonview.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <utility>

namespace agui {

// How @ag-ui/client applies the JSON Patch of a STATE_DELTA or an ACTIVITY_DELTA — the one way
// the inspector applies one (reducer, linter and State view alike). Its enforce stage first
// removes the ops whose "op" is a string but not an RFC 6902 operation (the schema layer reports
// them, schema.unknown-variant); fast-json-patch then applies the rest atomically: one failing op
// and the document stays as it was. Op indexes here are positions in the patch as sent.
struct ClientPatchResult
{
    bool ok = false;
    QJsonValue document; // the patched document when ok, else the input unchanged
    qsizetype failedOp = -1; // the op that failed, as sent; -1 when the patch as a whole is wrong
    QString failedField; // the op member at fault: "op", "path", "from", "value"
    QString failedPath; // that op's path (or from), as sent
    QString opName; // that op's "op" ("?" when it has none)
    QString message; // why, op numbers as sent ("/items/3: index 3 is out of range ...")
    QList<qsizetype> droppedOps; // ops the enforce stage removed, as sent

    // "op 1 (remove /zz) failed to apply: ..." / "failed to apply: ..." (whole patch).
    QString failureText() const;
};

ClientPatchResult applyPatchLikeClient(const QJsonValue &document, const QJsonValue &patch);
ClientPatchResult applyPatchLikeClient(const QJsonValue &document, json::JsonView patch);
// The same on `document` itself (O(depth) per op, see json::applyPatchInPlace): left unchanged
// when the patch fails; result.document is unused.
ClientPatchResult applyPatchLikeClientInPlace(QJsonValue &document, json::JsonView patch);

// True for "add", "remove", "replace", "move", "copy" and "test".
bool isPatchOperationName(QStringView op);

// The ops the client applies, each with its position as sent (for views that replay a patch op
// by op); ops it drops are left out.
QList<std::pair<qsizetype, QJsonObject>> clientPatchOps(const QJsonValue &patch);

} // namespace agui
