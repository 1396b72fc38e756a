#include "core/protocol/clientpatch.h"

#include "core/json/jsonpatch.h"

#include <QJsonArray>

namespace agui {

namespace {

// A string "op" outside RFC 6902 makes the enforce stage remove the op; anything else (absent,
// not a string) is left for the applier to refuse.
bool droppedByEnforce(const QJsonValue &op)
{
    const QJsonValue name = op.toObject().value(QLatin1StringView("op"));
    return name.isString() && !isPatchOperationName(name.toString());
}

} // namespace

bool isPatchOperationName(QStringView op)
{
    return op == u"add" || op == u"remove" || op == u"replace" || op == u"move" || op == u"copy"
        || op == u"test";
}

QString ClientPatchResult::failureText() const
{
    if (ok)
        return QString();
    if (failedOp < 0)
        return QStringLiteral("failed to apply: %1").arg(message);
    return QStringLiteral("op %1 (%2 %3) failed to apply: %4")
        .arg(QString::number(failedOp), opName, failedPath, message);
}

ClientPatchResult applyPatchLikeClient(const QJsonValue &document, const QJsonValue &patch)
{
    ClientPatchResult result;
    QJsonArray kept;
    QList<qsizetype> sentIndexOf; // kept position -> position as sent
    const QJsonArray ops = patch.toArray();
    for (qsizetype i = 0; i < ops.size(); ++i) {
        if (droppedByEnforce(ops.at(i))) {
            result.droppedOps.append(i);
            continue;
        }
        kept.append(ops.at(i));
        sentIndexOf.append(i);
    }
    const json::PatchResult r
        = json::applyPatch(document, patch.isArray() ? QJsonValue(kept) : patch);
    result.ok = r.ok;
    result.document = r.document;
    if (r.ok)
        return result;
    const json::PatchError &err = r.error;
    result.failedField = err.field;
    result.failedPath = err.path;
    result.message = err.message;
    if (err.opIndex < 0)
        return result;
    result.failedOp = err.opIndex < sentIndexOf.size() ? sentIndexOf.at(err.opIndex) : err.opIndex;
    result.opName = ops.at(result.failedOp)
                        .toObject()
                        .value(QLatin1StringView("op"))
                        .toString(QStringLiteral("?"));
    if (result.failedOp != err.opIndex) // the applier counted without the dropped ops
        result.message.replace(QStringLiteral("op %1").arg(err.opIndex),
                               QStringLiteral("op %1").arg(result.failedOp));
    return result;
}

ClientPatchResult applyPatchLikeClient(const QJsonValue &document, json::JsonView patch)
{
    return applyPatchLikeClient(document, patch.toQJsonValue());
}

QList<std::pair<qsizetype, QJsonObject>> clientPatchOps(const QJsonValue &patch)
{
    QList<std::pair<qsizetype, QJsonObject>> out;
    const QJsonArray ops = patch.toArray();
    for (qsizetype i = 0; i < ops.size(); ++i)
        if (!droppedByEnforce(ops.at(i)))
            out.append({i, ops.at(i).toObject()});
    return out;
}

} // namespace agui
