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

QString opNameAt(const QJsonValue &patch, qsizetype index)
{
    return patch.toArray()
        .at(index)
        .toObject()
        .value(QLatin1StringView("op"))
        .toString(QStringLiteral("?"));
}

QString opNameAt(const json::JsonView &patch, qsizetype index)
{
    return patch.at(index).value("op").toString(QStringLiteral("?"));
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

namespace {

bool droppedByEnforce(const json::JsonView &op)
{
    const json::JsonView name = op.value("op");
    return name.isString() && !isPatchOperationName(name.toString());
}

// The enforce stage's verdict on each op, then the applier's result in the client's terms.
template<typename Value> QList<qsizetype> enforcedDrops(const Value &patch)
{
    QList<qsizetype> dropped;
    qsizetype index = 0;
    if (patch.isArray())
        for (const auto &op : patch.toArray()) {
            if (droppedByEnforce(op))
                dropped.append(index);
            ++index;
        }
    return dropped;
}

template<typename Value>
ClientPatchResult clientResult(const json::PatchResult &r, const Value &patch,
                               QList<qsizetype> dropped)
{
    ClientPatchResult result;
    result.droppedOps = std::move(dropped);
    result.ok = r.ok;
    result.document = r.document;
    if (r.ok)
        return result;
    result.failedOp = r.error.opIndex; // positions as sent: the applier skipped, not removed
    result.failedField = r.error.field;
    result.failedPath = r.error.path;
    result.message = r.error.message;
    if (result.failedOp >= 0)
        result.opName = opNameAt(patch, result.failedOp);
    return result;
}

template<typename Value>
ClientPatchResult applyLikeClient(const QJsonValue &document, const Value &patch)
{
    const auto keep = [](const auto &op) { return !droppedByEnforce(op); };
    return clientResult(json::applyPatch(document, patch, keep), patch, enforcedDrops(patch));
}

} // namespace

ClientPatchResult applyPatchLikeClient(const QJsonValue &document, const QJsonValue &patch)
{
    return applyLikeClient(document, patch);
}

ClientPatchResult applyPatchLikeClient(const QJsonValue &document, json::JsonView patch)
{
    return applyLikeClient(document, patch);
}

ClientPatchResult applyPatchLikeClientInPlace(QJsonValue &document, json::JsonView patch)
{
    const auto keep = [](const json::JsonView &op) { return !droppedByEnforce(op); };
    return clientResult(json::applyPatchInPlace(document, patch, keep), patch,
                        enforcedDrops(patch));
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
