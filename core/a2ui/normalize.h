#pragma once

// Components of any version in the one shape the renderer reads (v0.9): v0.8
// {"id","component":{"Type":{props}}} becomes {"id","component":"Type", props...} with BoundValues
// and prop names translated; v0.9 components that use v0.8 prop names (hybrid LLM output) get the
// v0.9 name too (tolerant aliasing; the linter still flags them).

#include "core/a2ui/issue.h"
#include "core/a2ui/version.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>

namespace agui::a2ui {

struct NormalizedComponent
{
    QString id;
    QString type;
    QJsonObject normalized;
    // v0.8 BoundValues with both path and literal initialise the model (spec §3.1): these writes
    // (absolute path, value) must be applied to the data model.
    QList<QPair<QString, QJsonValue>> initWrites;
    QStringList problems; // shape problems (e.g. "component is not an object with one key")
};

NormalizedComponent normalizeComponent(const QJsonObject &component, Version version);

// A v0.8 BoundValue as a v0.9 dynamic value: literal*, {path} (normalized), or {path} when both.
QJsonValue normalizeV08BoundValue(const QJsonValue &bound);

// v0.8 dataModelUpdate contents ([{key, valueString|valueNumber|valueBoolean|valueMap}]) as JSON.
// A valueString holding a JSON object or array is parsed (how v0.8 lists travel). When the only
// entry has key ".", the result is that entry's value itself (a primitive at path).
QJsonValue contentsToJson(const QJsonValue &contents, QStringList *problems = nullptr);

// v0.8 prop names that v0.9 renamed, per v0.9 type (for the linter): e.g. Text -> usageHint,
// TextField -> text, textFieldType.
QStringList legacyPropNames(const QString &type);

} // namespace agui::a2ui
