#pragma once

#include <QJsonArray>
#include <QJsonValue>
#include <QString>

#include "core/json/jsonview.h"

#include <functional>

namespace agui::json {

// Why a patch did not apply: which op (0-based), its path, and a sentence a user can act on.
struct PatchError
{
    qsizetype opIndex = -1;
    QString path; // the op's "path" (or "from" when that is what failed), as sent
    QString field; // the op member at fault: "op", "path", "from", "value"
    QString message; // e.g. "/items/3: index 3 is out of range for an array of length 0"
};

struct PatchResult
{
    bool ok = false;
    QJsonValue document; // the patched document when ok; the untouched input otherwise (atomic)
    PatchError error;
};

// RFC 6902 apply (add, remove, replace, move, copy, test). Atomic: on any failure the result
// carries the original document unchanged. patch must be an array of op objects; anything else is
// an error at opIndex -1.
PatchResult applyPatch(const QJsonValue &document, const QJsonValue &patch);
// The same, applying only the ops `keep` accepts (the others are skipped); error op indexes are
// positions in `patch` as given. The JsonView form reads the ops where they were parsed.
PatchResult applyPatch(const QJsonValue &document, const QJsonValue &patch,
                       const std::function<bool(const QJsonValue &op)> &keep);
PatchResult applyPatch(const QJsonValue &document, JsonView patch,
                       const std::function<bool(const JsonView &op)> &keep = {});

// The same, editing `document` itself: each op costs the depth of its path, whatever the size of
// the document (a copy-based apply copies every container an op edits). Atomic too: on failure
// the edits already made are undone, and the document is as it was. result.document is unused.
// documentShared: a copy of the document may exist (a checkpoint), so every container the patch
// edits is about to be copied; small ones are rebuilt instead, which drops the bytes Qt keeps
// of replaced strings (see jsonpatch.cpp).
PatchResult applyPatchInPlace(QJsonValue &document, JsonView patch,
                              const std::function<bool(const JsonView &op)> &keep = {},
                              bool documentShared = false);

// RFC 6902 equality for "test": objects unordered, arrays ordered, numbers by value.
bool jsonEquals(const QJsonValue &a, const QJsonValue &b);

} // namespace agui::json
