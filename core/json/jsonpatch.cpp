#include "core/json/jsonpatch.h"

#include "core/json/jsonpointer.h"
#include "core/json/jsonrebuild.h"
#include "core/json/jsontext.h"
#include "core/platform/threadlocal.h"

#include <QCborValue>
#include <QJsonObject>

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace agui::json {

namespace {

template<typename Value> QString describeType(const Value &value)
{
    return typePhrase(value.type());
}

QString displayPointer(const Pointer &pointer)
{
    return pointer.isRoot() ? QStringLiteral("the document root") : pointer.toString();
}

// A failure inside one op, before the op index and field are attached.
struct StepError
{
    QString message;
};

// What one primitive edit did, so that a failing patch can be taken back in place: the patch is
// applied to the document itself (no copy of what the ops do not touch), atomic by undoing.
struct UndoStep
{
    enum class Kind : quint8 { SetRoot, SetKey, EraseKey, SetIndex, RemoveIndex, InsertIndex };
    Kind kind = Kind::SetRoot;
    Pointer parent; // the container edited (unused for SetRoot)
    QString key; // objects
    qsizetype index = 0; // arrays
    QJsonValue old; // the value to put back (SetRoot, SetKey, SetIndex, InsertIndex)
};
// What an in-place apply keeps while it works: the undo steps, and whether a copy of the
// document may exist (then the small containers it edits are rebuilt: see rebuiltIfSmall).
// recording is off for a patch's last op when that op is one edit: an op that fails has not
// edited, so nothing after it can need its step (most state deltas are a single op).
struct UndoLog
{
    std::vector<UndoStep> steps;
    bool documentShared = false;
    bool recording = true;
    void push_back(UndoStep step) { steps.push_back(std::move(step)); }
};

// Whether an edit must record how to take it back.
bool records(const UndoLog *undo)
{
    return undo && undo->recording;
}

// Qt's JSON containers keep dead bytes until they are rebuilt (core/json/jsonrebuild.h). The
// million-event bench session replaces a string of its state's top-level object every hundred
// events, so that five-key object grew to about a megabyte, copied after every checkpoint (a third
// of the ingest time, and most of its memory). When the document may be shared (the session made a
// copy of it since its last edit), Qt would copy each container the patch edits anyway: a small one
// is rebuilt instead, which costs about as much and leaves nothing dead in it. A large one is left
// to Qt's copy. Rebuilding on every edit, shared or not, cost a fifth of the ingest time of a
// session with many small deltas.
constexpr qsizetype kRebuiltBelow = 32;

template<typename Container> Container rebuiltIfSmall(Container container)
{
    return container.size() >= kRebuiltBelow ? container : rebuiltShallow(container);
}

// The container an op edited, as it goes back into the document.
template<typename Container> Container settled(Container container, const UndoLog *undo)
{
    return undo && undo->documentShared ? rebuiltIfSmall(std::move(container)) : container;
}

// Runs edit on the value at tokens[0, end) inside node and writes every container on the way
// back, since QJsonValue/QJsonObject/QJsonArray are values, not references. Each container is
// taken out of its parent before it is edited so it is not shared and edits need no deep copy.
// The working document is thrown away on failure (the patch is atomic), so no partial edit
// needs undoing here.
template<typename Edit>
std::optional<StepError> editAt(QJsonValue &node, const Pointer &pointer, qsizetype depth,
                                qsizetype end, const Edit &edit)
{
    if (depth == end)
        return edit(node);
    const QString &token = pointer.tokens().at(depth);
    // Only error messages need these; built on demand so a deep edit stays O(depth).
    auto here = [&] { return Pointer::fromTokens(pointer.tokens().mid(0, depth)); };
    auto next = [&] { return Pointer::fromTokens(pointer.tokens().mid(0, depth + 1)); };
    if (node.isObject()) {
        QJsonObject object = node.toObject();
        node = QJsonValue();
        const auto it = object.find(token);
        if (it == object.end()) {
            node = object;
            return StepError {
                QStringLiteral("%1: %2 does not exist (no key \"%3\" in the object "
                               "at %4)")
                    .arg(pointer.toString(), next().toString(), token, displayPointer(here()))};
        }
        QJsonValue child = it.value();
        it.value() = QJsonValue();
        std::optional<StepError> error = editAt(child, pointer, depth + 1, end, edit);
        it.value() = child; // the slot is still there: no second look-up of the key
        node = object;
        return error;
    }
    if (node.isArray()) {
        QJsonArray array = node.toArray();
        node = QJsonValue();
        const std::optional<qsizetype> index = parseArrayIndex(token);
        std::optional<StepError> error;
        if (!index) {
            error
                = StepError {QStringLiteral("%1: \"%2\" is not an array index (the value at %3 is "
                                            "an array; use a decimal index without leading zeros)")
                                 .arg(pointer.toString(), token, displayPointer(here()))};
        } else if (*index >= array.size()) {
            error = StepError {QStringLiteral("%1: index %2 is out of range for an array of length "
                                              "%3 (at %4)")
                                   .arg(pointer.toString())
                                   .arg(*index)
                                   .arg(array.size())
                                   .arg(displayPointer(here()))};
        } else {
            QJsonValue child = array.at(*index);
            array.replace(*index, QJsonValue());
            error = editAt(child, pointer, depth + 1, end, edit);
            array.replace(*index, child);
        }
        node = array;
        return error;
    }
    return StepError {
        QStringLiteral("%1: %2 is %3, which has no member \"%4\"")
            .arg(pointer.toString(), displayPointer(here()), describeType(node), token)};
}

// Applies edit to the container holding the pointer's last token (the pointer must not be root).
// (Templates, not std::function: the edits run once per op, and wrapping their captures cost an
// allocation and two indirect calls each.)
template<typename EditParent>
std::optional<StepError> editParent(QJsonValue &doc, const Pointer &pointer, const EditParent &edit)
{
    const QString &last = pointer.tokens().constLast();
    return editAt(doc, pointer, 0, pointer.tokens().size() - 1,
                  [&](QJsonValue &parent) { return edit(parent, last); });
}

std::optional<StepError> notAContainer(const Pointer &pointer, const QJsonValue &parent)
{
    return StepError {
        QStringLiteral("%1: the parent %2 is %3, not an object or array")
            .arg(pointer.toString(), displayPointer(pointer.parent()), describeType(parent))};
}

// Remove and replace need the member they name to exist.
StepError noKeyError(const Pointer &pointer, const QString &last)
{
    return StepError {QStringLiteral("%1: there is no key \"%2\" in the object at %3")
                          .arg(pointer.toString(), last, displayPointer(pointer.parent()))};
}

std::optional<StepError> existingIndexError(const Pointer &pointer, const QString &last,
                                            qsizetype size)
{
    const std::optional<qsizetype> index = parseArrayIndex(last);
    if (!index)
        return StepError {QStringLiteral("%1: \"%2\" is not an existing array index (the "
                                         "parent %3 is an array; use a decimal index "
                                         "without leading zeros)")
                              .arg(pointer.toString(), last, displayPointer(pointer.parent()))};
    if (*index >= size)
        return StepError {QStringLiteral("%1: index %2 is out of range for an array of length "
                                         "%3")
                              .arg(pointer.toString())
                              .arg(*index)
                              .arg(size)};
    return std::nullopt;
}

std::optional<StepError> addValue(QJsonValue &doc, const Pointer &pointer, const QJsonValue &value,
                                  UndoLog *undo)
{
    if (pointer.isRoot()) {
        if (records(undo))
            undo->push_back({UndoStep::Kind::SetRoot, {}, {}, 0, doc});
        doc = value;
        return std::nullopt;
    }
    return editParent(doc, pointer, [&](QJsonValue &parent, const QString &last) {
        if (parent.isObject()) {
            QJsonObject object = parent.toObject();
            parent = QJsonValue();
            if (records(undo)) {
                const auto it = object.constFind(last);
                if (it == object.constEnd())
                    undo->push_back({UndoStep::Kind::EraseKey, pointer.parent(), last, 0, {}});
                else
                    undo->push_back(
                        {UndoStep::Kind::SetKey, pointer.parent(), last, 0, standalone(*it)});
            }
            object.insert(last, value);
            parent = settled(std::move(object), undo);
            return std::optional<StepError>();
        }
        if (!parent.isArray())
            return notAContainer(pointer, parent);
        QJsonArray array = parent.toArray();
        parent = QJsonValue();
        std::optional<StepError> error;
        if (last == QLatin1String("-")) {
            if (records(undo))
                undo->push_back(
                    {UndoStep::Kind::RemoveIndex, pointer.parent(), {}, array.size(), {}});
            array.append(value);
        } else if (const std::optional<qsizetype> index = parseArrayIndex(last); !index) {
            error
                = StepError {QStringLiteral("%1: \"%2\" is not an array index (the parent %3 is "
                                            "an array; use a decimal index without leading "
                                            "zeros, or \"-\" to append)")
                                 .arg(pointer.toString(), last, displayPointer(pointer.parent()))};
        } else if (*index > array.size()) {
            error = StepError {QStringLiteral("%1: index %2 is out of range for an array of length "
                                              "%3 (add accepts 0..%3 or \"-\")")
                                   .arg(pointer.toString())
                                   .arg(*index)
                                   .arg(array.size())};
        } else {
            if (records(undo))
                undo->push_back({UndoStep::Kind::RemoveIndex, pointer.parent(), {}, *index, {}});
            array.insert(*index, value);
        }
        parent = settled(std::move(array), undo);
        return error;
    });
}

// Remove and replace: the member or element the pointer (not root) names must exist. onMember
// gets the parent object and the member's slot, onElement the parent array and the index; each
// records its own undo step.
template<typename OnMember, typename OnElement>
std::optional<StepError> editExisting(QJsonValue &doc, const Pointer &pointer, UndoLog *undo,
                                      const OnMember &onMember, const OnElement &onElement)
{
    return editParent(doc, pointer, [&](QJsonValue &parent, const QString &last) {
        if (parent.isObject()) {
            QJsonObject object = parent.toObject();
            parent = QJsonValue();
            std::optional<StepError> error;
            if (const auto it = object.find(last); it == object.end())
                error = noKeyError(pointer, last);
            else
                onMember(object, it);
            parent = settled(std::move(object), undo);
            return error;
        }
        if (!parent.isArray())
            return notAContainer(pointer, parent);
        QJsonArray array = parent.toArray();
        parent = QJsonValue();
        std::optional<StepError> error = existingIndexError(pointer, last, array.size());
        if (!error)
            onElement(array, *parseArrayIndex(last));
        parent = settled(std::move(array), undo);
        return error;
    });
}

// Removes the value at pointer (not root) and hands it back through removed.
std::optional<StepError> removeValue(QJsonValue &doc, const Pointer &pointer, QJsonValue *removed,
                                     UndoLog *undo)
{
    const QString &last = pointer.tokens().constLast();
    return editExisting(
        doc, pointer, undo,
        [&](QJsonObject &object, QJsonObject::iterator it) {
            if (removed)
                *removed = standalone(*it);
            if (records(undo))
                undo->push_back(
                    {UndoStep::Kind::SetKey, pointer.parent(), last, 0, standalone(*it)});
            object.erase(it);
        },
        [&](QJsonArray &array, qsizetype index) {
            if (removed)
                *removed = standalone(array.at(index));
            if (records(undo))
                undo->push_back({UndoStep::Kind::InsertIndex,
                                 pointer.parent(),
                                 {},
                                 index,
                                 standalone(array.at(index))});
            array.removeAt(index);
        });
}

// RFC 6902 §4.3: replace = remove + add at the same location, so the target must exist; done as
// one edit of the parent (one walk, the member's slot reused) with remove's errors.
std::optional<StepError> replaceValue(QJsonValue &doc, const Pointer &pointer,
                                      const QJsonValue &value, UndoLog *undo)
{
    if (pointer.isRoot()) {
        if (records(undo))
            undo->push_back({UndoStep::Kind::SetRoot, {}, {}, 0, doc});
        doc = value;
        return std::nullopt;
    }
    const QString &last = pointer.tokens().constLast();
    return editExisting(
        doc, pointer, undo,
        [&](QJsonObject &, QJsonObject::iterator it) {
            if (records(undo))
                undo->push_back(
                    {UndoStep::Kind::SetKey, pointer.parent(), last, 0, standalone(*it)});
            it.value() = value;
        },
        [&](QJsonArray &array, qsizetype index) {
            if (records(undo))
                undo->push_back({UndoStep::Kind::SetIndex,
                                 pointer.parent(),
                                 {},
                                 index,
                                 standalone(array.at(index))});
            array.replace(index, value);
        });
}

// Takes back what the log recorded, last edit first: the document is as it was before the patch.
void rollBack(QJsonValue &doc, UndoLog &undo)
{
    for (auto step = undo.steps.rbegin(); step != undo.steps.rend(); ++step) {
        if (step->kind == UndoStep::Kind::SetRoot) {
            doc = step->old;
            continue;
        }
        const Pointer &parent = step->parent;
        editAt(doc, parent, 0, parent.tokens().size(), [&](QJsonValue &node) {
            if (node.isObject()) {
                QJsonObject object = node.toObject();
                node = QJsonValue();
                if (step->kind == UndoStep::Kind::EraseKey)
                    object.remove(step->key);
                else
                    object.insert(step->key, step->old);
                node = object;
            } else if (node.isArray()) {
                QJsonArray array = node.toArray();
                node = QJsonValue();
                if (step->kind == UndoStep::Kind::RemoveIndex)
                    array.removeAt(step->index);
                else if (step->kind == UndoStep::Kind::InsertIndex)
                    array.insert(step->index, step->old);
                else
                    array.replace(step->index, step->old);
                node = array;
            }
            return std::optional<StepError>();
        });
    }
    undo.steps.clear();
}

std::optional<StepError> getValue(const QJsonValue &doc, const Pointer &pointer, QJsonValue *out)
{
    QJsonValue current = doc;
    for (qsizetype depth = 0; depth < pointer.tokens().size(); ++depth) {
        const QString &token = pointer.tokens().at(depth);
        auto here = [&] { return Pointer::fromTokens(pointer.tokens().mid(0, depth)); };
        if (current.isObject()) {
            const QJsonObject object = current.toObject();
            const auto it = object.constFind(token);
            if (it == object.constEnd())
                return StepError {QStringLiteral("%1: there is no key \"%2\" in the object at %3")
                                      .arg(pointer.toString(), token, displayPointer(here()))};
            current = it.value();
        } else if (current.isArray()) {
            const QJsonArray array = current.toArray();
            const std::optional<qsizetype> index = parseArrayIndex(token);
            if (!index)
                return StepError {QStringLiteral("%1: \"%2\" is not an existing array index (the "
                                                 "value at %3 is an array; use a decimal index "
                                                 "without leading zeros)")
                                      .arg(pointer.toString(), token, displayPointer(here()))};
            if (*index >= array.size())
                return StepError {QStringLiteral("%1: index %2 is out of range for an array of "
                                                 "length %3")
                                      .arg(pointer.toString())
                                      .arg(*index)
                                      .arg(array.size())};
            current = array.at(*index);
        } else {
            return StepError {
                QStringLiteral("%1: %2 is %3, which has no member \"%4\"")
                    .arg(pointer.toString(), displayPointer(here()), describeType(current), token)};
        }
    }
    *out = current;
    return std::nullopt;
}

enum class Op { Add, Remove, Replace, Move, Copy, Test };

template<typename Text> std::optional<Op> opFromName(const Text &name)
{
    static constexpr std::pair<std::string_view, Op> kNames[] = {
        {"add", Op::Add},   {"remove", Op::Remove}, {"replace", Op::Replace},
        {"move", Op::Move}, {"copy", Op::Copy},     {"test", Op::Test},
    };
    for (const auto &[spelling, op] : kNames)
        if (name == QLatin1StringView(spelling.data(), qsizetype(spelling.size())))
            return op;
    return std::nullopt;
}

// The op's name as the applier reads it; a view compares its bytes without making a QString.
std::optional<Op> opKind(const QJsonValue &name)
{
    return opFromName(name.toString());
}
std::optional<Op> opKind(const JsonView &name)
{
    const std::string_view bytes = name.utf8();
    return opFromName(QLatin1StringView(bytes.data(), qsizetype(bytes.size())));
}

// A pointer member's text, parsed. The view's overload keeps the last few pointers it parsed on
// this thread, keyed by their bytes: state deltas name the same few paths again and again (a
// counter, a list's end), and decoding and splitting each one again was about 3% of the session
// thread of `agui-inspect lint` on the bench's JSON-lines session (callgrind).
std::optional<Pointer> parsedPointer(const QJsonValue &text, QString *error)
{
    return Pointer::parse(text.toString(), error);
}
std::optional<Pointer> parsedPointer(const JsonView &text, QString *error)
{
    struct Entry
    {
        std::string bytes;
        Pointer pointer;
    };
    constexpr size_t kEntries = 8;
    struct Cache
    {
        std::array<Entry, kEntries> entries;
        size_t nextSlot = 0;
    };
    Cache &cache = platform::threadLocal<Cache>();
    const std::string_view bytes = text.utf8();
    for (const Entry &entry : cache.entries)
        if (entry.bytes == bytes) // the unused entries hold "", the root, which is right
            return entry.pointer;
    std::optional<Pointer> parsed = Pointer::parse(text.toString(), error);
    if (parsed) {
        Entry &slot = cache.entries[cache.nextSlot++ % kEntries];
        slot.bytes.assign(bytes);
        slot.pointer = *parsed;
    }
    return parsed;
}

PatchError makeError(qsizetype opIndex, const QString &path, const QString &field,
                     const QString &message)
{
    PatchError error;
    error.opIndex = opIndex;
    error.path = path;
    error.field = field;
    error.message = message;
    return error;
}

// An op's members, read the same way from a Qt value and from a view of parsed JSON (the view
// saves converting the whole patch: only an op's "value" becomes a QJsonValue).
QJsonObject opObject(const QJsonValue &v)
{
    return v.toObject();
}
const JsonView &opObject(const JsonView &v)
{
    return v;
}
QJsonValue qtValue(const QJsonValue &v)
{
    return v;
}
QJsonValue qtValue(const JsonView &v)
{
    return v.toQJsonValue();
}

// Applies one op object to doc; an error names the op member at fault.
template<typename Value>
std::optional<PatchError> applyOp(QJsonValue &doc, const Value &opValue, qsizetype opIndex,
                                  UndoLog *undo)
{
    if (!opValue.isObject())
        return makeError(opIndex, QString(), QString(),
                         QStringLiteral("op %1 is %2; each op must be an object like "
                                        "{\"op\": \"add\", \"path\": \"/a\", \"value\": 1}")
                             .arg(opIndex)
                             .arg(describeType(opValue)));
    const auto &op = opObject(opValue);

    const auto opName = op.value(QLatin1String("op"));
    if (!opName.isString())
        return makeError(opIndex, op.value(QLatin1String("path")).toString(), QStringLiteral("op"),
                         opName.isUndefined()
                             ? QStringLiteral("op %1 has no \"op\" member").arg(opIndex)
                             : QStringLiteral("op %1: \"op\" is %2, it must be a string")
                                   .arg(opIndex)
                                   .arg(describeType(opName)));
    const std::optional<Op> kind = opKind(opName);
    if (!kind)
        return makeError(opIndex, op.value(QLatin1String("path")).toString(), QStringLiteral("op"),
                         QStringLiteral("op %1: unknown op \"%2\" (expected add, remove, replace, "
                                        "move, copy or test)")
                             .arg(opIndex)
                             .arg(opName.toString()));

    // Reads a required pointer member ("path" or "from").
    auto pointerMember = [&](QLatin1StringView member, Pointer *out) -> std::optional<PatchError> {
        const auto text = op.value(member);
        if (text.isUndefined())
            return makeError(opIndex, op.value(QLatin1String("path")).toString(), member,
                             QStringLiteral("op %1 (%2) has no \"%3\" member")
                                 .arg(opIndex)
                                 .arg(opName.toString(), member));
        if (!text.isString())
            return makeError(opIndex, op.value(QLatin1String("path")).toString(), member,
                             QStringLiteral("op %1 (%2): \"%3\" is %4, it must be a JSON Pointer "
                                            "string")
                                 .arg(opIndex)
                                 .arg(opName.toString(), member, describeType(text)));
        QString parseError;
        const std::optional<Pointer> parsed = parsedPointer(text, &parseError);
        if (!parsed)
            return makeError(opIndex, text.toString(), member, parseError);
        *out = *parsed;
        return std::nullopt;
    };

    Pointer path;
    if (std::optional<PatchError> error = pointerMember(QLatin1StringView("path"), &path))
        return error;
    // Error messages quote the texts; an op that applies never needs them.
    auto pathText = [&] { return op.value(QLatin1String("path")).toString(); };

    const bool needsValue = *kind == Op::Add || *kind == Op::Replace || *kind == Op::Test;
    const QJsonValue value = qtValue(op.value(QLatin1String("value")));
    if (needsValue && value.isUndefined())
        return makeError(opIndex, pathText(), QStringLiteral("value"),
                         QStringLiteral("op %1 (%2 %3) has no \"value\" member")
                             .arg(opIndex)
                             .arg(opName.toString(), pathText()));

    Pointer from;
    const bool needsFrom = *kind == Op::Move || *kind == Op::Copy;
    if (needsFrom) {
        if (std::optional<PatchError> error = pointerMember(QLatin1StringView("from"), &from))
            return error;
    }
    auto fromText = [&] { return op.value(QLatin1String("from")).toString(); };

    auto atPath = [&](const std::optional<StepError> &step) -> std::optional<PatchError> {
        if (!step)
            return std::nullopt;
        return makeError(opIndex, pathText(), QStringLiteral("path"), step->message);
    };
    auto atFrom = [&](const std::optional<StepError> &step) -> std::optional<PatchError> {
        if (!step)
            return std::nullopt;
        return makeError(opIndex, fromText(), QStringLiteral("from"), step->message);
    };

    switch (*kind) {
    case Op::Add:
        return atPath(addValue(doc, path, value, undo));
    case Op::Remove:
        if (path.isRoot())
            return makeError(opIndex, pathText(), QStringLiteral("path"),
                             QStringLiteral("the document root cannot be removed (use replace "
                                            "with path \"\" to swap the whole document)"));
        return atPath(removeValue(doc, path, nullptr, undo));
    case Op::Replace:
        return atPath(replaceValue(doc, path, value, undo));
    case Op::Move: {
        if (from == path) {
            // A move onto itself changes nothing, but its source must still exist.
            QJsonValue unused;
            return atFrom(getValue(doc, from, &unused));
        }
        if (from.isPrefixOf(path))
            return makeError(opIndex, fromText(), QStringLiteral("from"),
                             QStringLiteral("%1: cannot move a value into one of its own children "
                                            "(%2)")
                                 .arg(fromText(), pathText()));
        // Two edits: if the add fails, the remove is taken back, even in the patch's last op.
        if (undo)
            undo->recording = true;
        QJsonValue moved;
        if (std::optional<PatchError> error = atFrom(removeValue(doc, from, &moved, undo)))
            return error;
        return atPath(addValue(doc, path, moved, undo));
    }
    case Op::Copy: {
        QJsonValue copied;
        if (std::optional<PatchError> error = atFrom(getValue(doc, from, &copied)))
            return error;
        return atPath(addValue(doc, path, standalone(copied), undo));
    }
    case Op::Test: {
        QJsonValue actual;
        if (std::optional<PatchError> error = atPath(getValue(doc, path, &actual)))
            return error;
        if (!jsonEquals(actual, value))
            return makeError(
                opIndex, pathText(), QStringLiteral("value"),
                QStringLiteral("%1: test failed: the document has %2, the patch expects %3")
                    .arg(pathText().isEmpty() ? QStringLiteral("\"\"") : pathText(),
                         toShortJson(actual), toShortJson(value)));
        return std::nullopt;
    }
    }
    return std::nullopt;
}

} // namespace

// Applies the kept ops to doc itself; on failure rolls back what the earlier ops did, so doc is
// exactly as it was.
template<typename Value, typename Keep>
PatchResult applyOpsInPlace(QJsonValue &doc, const Value &patch, const Keep &keep,
                            bool documentShared)
{
    PatchResult result;
    if (!patch.isArray()) {
        result.error = makeError(-1, QString(), QString(),
                                 QStringLiteral("a JSON Patch must be an array of ops, not %1")
                                     .arg(describeType(patch)));
        return result;
    }
    UndoLog undo;
    undo.documentShared = documentShared;
    const auto ops = patch.toArray();
    const qsizetype last = ops.size() - 1;
    qsizetype i = 0;
    for (const auto &op : ops) {
        const qsizetype index = i++;
        if (!keep(op))
            continue;
        undo.recording = index != last;
        if (std::optional<PatchError> error = applyOp(doc, op, index, &undo)) {
            rollBack(doc, undo);
            result.error = *error;
            return result;
        }
    }
    result.ok = true;
    return result;
}

template<typename Value, typename Keep>
PatchResult applyOps(const QJsonValue &document, const Value &patch, const Keep &keep)
{
    // A copy shares document's containers: each op copies only the containers it edits.
    QJsonValue working = document;
    PatchResult result = applyOpsInPlace(working, patch, keep, true);
    result.document = result.ok ? working : document;
    return result;
}

PatchResult applyPatch(const QJsonValue &document, const QJsonValue &patch)
{
    return applyOps(document, patch, [](const QJsonValue &) { return true; });
}

PatchResult applyPatch(const QJsonValue &document, const QJsonValue &patch,
                       const std::function<bool(const QJsonValue &op)> &keep)
{
    return applyOps(document, patch, keep);
}

PatchResult applyPatch(const QJsonValue &document, JsonView patch,
                       const std::function<bool(const JsonView &op)> &keep)
{
    if (!keep)
        return applyOps(document, patch, [](const JsonView &) { return true; });
    return applyOps(document, patch, keep);
}

PatchResult applyPatchInPlace(QJsonValue &document, JsonView patch,
                              const std::function<bool(const JsonView &op)> &keep,
                              bool documentShared)
{
    if (!keep)
        return applyOpsInPlace(
            document, patch, [](const JsonView &) { return true; }, documentShared);
    return applyOpsInPlace(document, patch, keep, documentShared);
}

bool jsonEquals(const QJsonValue &a, const QJsonValue &b)
{
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case QJsonValue::Double: {
        // Qt keeps integers that fit as qint64; compare those exactly (2^53 + 1 != 2^53) and
        // everything else by double value, so 1 == 1.0.
        const QCborValue ca = QCborValue::fromJsonValue(a);
        const QCborValue cb = QCborValue::fromJsonValue(b);
        if (ca.isInteger() && cb.isInteger())
            return ca.toInteger() == cb.toInteger();
        return a.toDouble() == b.toDouble();
    }
    case QJsonValue::Array: {
        const QJsonArray x = a.toArray();
        const QJsonArray y = b.toArray();
        if (x.size() != y.size())
            return false;
        for (qsizetype i = 0; i < x.size(); ++i) {
            if (!jsonEquals(x.at(i), y.at(i)))
                return false;
        }
        return true;
    }
    case QJsonValue::Object: {
        const QJsonObject x = a.toObject();
        const QJsonObject y = b.toObject();
        if (x.size() != y.size())
            return false;
        for (auto it = x.constBegin(); it != x.constEnd(); ++it) {
            const auto other = y.constFind(it.key());
            if (other == y.constEnd() || !jsonEquals(it.value(), other.value()))
                return false;
        }
        return true;
    }
    default:
        return a == b;
    }
}

} // namespace agui::json
