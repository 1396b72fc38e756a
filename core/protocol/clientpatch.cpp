#include "core/protocol/clientpatch.h"

#include "core/json/jsonpatch.h"
#include "core/json/jsonpointer.h"

#include <QJsonArray>

#include <algorithm>
#include <iterator>

namespace agui {

namespace {

// An op object whose "op" is not one of RFC 6902's (absent, not a string, unknown) is an
// unrecognised member of the op union: the enforce stage removes it. An element that is not an
// object is a malformed value, left for the schema layer (fatal in the client).
bool droppedByEnforce(const QJsonValue &op)
{
    const QJsonValue name = op.toObject().value(QLatin1StringView("op"));
    return op.isObject() && !(name.isString() && isPatchOperationName(name.toString()));
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

namespace {

// RFC 6902's op names (all ASCII, so a name's UTF-8 bytes and its Latin-1 reading agree).
constexpr std::string_view kOperationNames[] = {"add", "remove", "replace", "move", "copy", "test"};

} // namespace

bool isPatchOperationName(QStringView op)
{
    return std::any_of(std::begin(kOperationNames), std::end(kOperationNames),
                       [&](std::string_view name) {
                           return op == QLatin1StringView(name.data(), qsizetype(name.size()));
                       });
}

bool isPatchOperationName(std::string_view op)
{
    return std::find(std::begin(kOperationNames), std::end(kOperationNames), op)
        != std::end(kOperationNames);
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
    if (!op.isObject())
        return false;
    if (!name.isString())
        return true;
    return !isPatchOperationName(name.utf8());
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

ClientPatchResult applyPatchLikeClientInPlace(QJsonValue &document, json::JsonView patch,
                                              bool documentShared)
{
    const auto keep = [](const json::JsonView &op) { return !droppedByEnforce(op); };
    return clientResult(json::applyPatchInPlace(document, patch, keep, documentShared), patch,
                        enforcedDrops(patch));
}

namespace {

QJsonValue valueAt(const QJsonValue &doc, const QString &pointer)
{
    return json::resolve(doc, pointer).value_or(QJsonValue(QJsonValue::Undefined));
}

// "/list/-" names the end of the array: the index the value lands at.
QString concretePath(const QJsonValue &doc, const QString &path)
{
    if (!path.endsWith(QLatin1String("/-")))
        return path;
    const QString parent = path.left(path.size() - 2);
    const QJsonValue container = valueAt(doc, parent);
    if (container.isArray())
        return parent + QLatin1Char('/') + QString::number(container.toArray().size());
    return path;
}

} // namespace

ClientPatchTrace traceClientPatch(const QJsonValue &document, const QJsonValue &patch)
{
    ClientPatchTrace trace;
    trace.result = applyPatchLikeClient(document, patch);
    const QJsonArray ops = patch.toArray();
    QJsonValue doc = document;
    for (qsizetype i = 0; i < ops.size(); ++i) {
        ClientPatchStep step;
        step.index = i;
        step.op = ops.at(i).toObject();
        step.path = step.op.value(QLatin1String("path")).toString();
        if (trace.result.droppedOps.contains(i)) {
            step.outcome = ClientPatchStep::Outcome::Dropped;
            trace.steps.append(step);
            continue;
        }
        const bool applies = trace.result.ok || i < trace.result.failedOp;
        step.outcome = trace.result.ok   ? ClientPatchStep::Outcome::Applied
            : i == trace.result.failedOp ? ClientPatchStep::Outcome::Failed
            : applies                    ? ClientPatchStep::Outcome::Skipped
                                         : ClientPatchStep::Outcome::NotReached;
        if (applies || i == trace.result.failedOp) {
            step.path = concretePath(doc, step.path);
            const QString name = step.op.value(QLatin1String("op")).toString();
            step.arrayInsert = name == QLatin1String("add") && !step.path.isEmpty()
                && valueAt(doc, step.path.left(step.path.lastIndexOf(QLatin1Char('/')))).isArray();
            step.before
                = step.arrayInsert ? QJsonValue(QJsonValue::Undefined) : valueAt(doc, step.path);
            if (name == QLatin1String("move") || name == QLatin1String("copy"))
                step.fromValue = valueAt(doc, step.op.value(QLatin1String("from")).toString());
            if (!applies) {
                trace.steps.append(step);
                continue;
            }
            const json::PatchResult r = json::applyPatch(doc, QJsonArray {step.op});
            if (r.ok)
                doc = r.document;
            step.after = name == QLatin1String("test") ? step.before : valueAt(doc, step.path);
        }
        trace.steps.append(step);
    }
    return trace;
}

} // namespace agui
