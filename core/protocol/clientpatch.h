#pragma once

#include "core/json/jsonview.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <string_view>
#include <utility>

namespace agui {

// How @ag-ui/client applies the JSON Patch of a STATE_DELTA or an ACTIVITY_DELTA — the one way
// the inspector applies one (reducer, linter and State view alike). Its enforce stage first
// removes the op objects whose "op" is not an RFC 6902 operation (unknown, absent or not a
// string: the schema layer reports them, schema.unknown-variant); fast-json-patch then applies the
// rest atomically: one failing op and the document stays as it was. Op indexes here are positions
// in the patch as sent.
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
// The same on `document` itself (O(depth) per op, see json::applyPatchInPlace, also for
// documentShared): left unchanged when the patch fails; result.document is unused.
ClientPatchResult applyPatchLikeClientInPlace(QJsonValue &document, json::JsonView patch,
                                              bool documentShared = false);

// True for "add", "remove", "replace", "move", "copy" and "test".
bool isPatchOperationName(QStringView op);
bool isPatchOperationName(std::string_view utf8); // a parsed name's bytes (no QString made)

// One op of a patch as the client treats it, for views that show a patch op by op.
struct ClientPatchStep
{
    enum class Outcome : quint8 {
        Applied, // the patch applied, this op with it
        Failed, // the op that made the patch fail (why: the result's message)
        Skipped, // would apply on its own, but the patch failed later: skipped with it
        NotReached, // after the failing op
        Dropped, // removed by the enforce stage (not an RFC 6902 operation)
    };
    qsizetype index = -1; // position as sent
    Outcome outcome = Outcome::Applied;
    QJsonObject op; // as sent
    QString path; // op.path with a final "-" (array end) resolved to the index it lands at
    QJsonValue before; // at path before the op (Undefined: absent, or an array insert)
    QJsonValue after; // at path after it (Undefined: absent); for Skipped, what it would have been
    QJsonValue fromValue; // move / copy: the value at "from" before the op
    bool arrayInsert = false; // an add into an array (the items after it move up)
};

struct ClientPatchTrace
{
    ClientPatchResult result; // applyPatchLikeClient's verdict, which the steps follow
    QList<ClientPatchStep> steps; // every op as sent (empty when the patch is not an array)
};

// The patch op by op: the outcome of each comes from applyPatchLikeClient() (the one application),
// the before/after values from replaying the ops it applies one at a time on the document.
ClientPatchTrace traceClientPatch(const QJsonValue &document, const QJsonValue &patch);

} // namespace agui
