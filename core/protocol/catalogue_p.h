#pragma once

// Private to core/protocol: what the specification table (catalogue.cpp) shares with the schema
// validator (schemavalidator.cpp) — the FieldSpec builders the table is written with, the nested
// shapes it defines, and each type's full field list.

#include "core/protocol/catalogue.h"

#include <initializer_list>

namespace agui::catalogue {

FieldSpec req(const char *name, FieldKind kind, const char *description, const char *shape = "",
              QStringList enumValues = {});
FieldSpec opt(const char *name, FieldKind kind, const char *description, const char *shape = "",
              QStringList enumValues = {});
FieldSpec nullStripped(FieldSpec f);
FieldSpec legacyNullable(FieldSpec f);
QStringList words(std::initializer_list<const char *> list);

// Nested shapes (@ag-ui/core 1.0.0 schemas).
const QList<FieldSpec> &tokenUsageFields();
const QList<FieldSpec> &interruptFields();
const QList<FieldSpec> &toolFields();
const QList<FieldSpec> &contextFields();
const QList<FieldSpec> &resumeFields();
const QList<FieldSpec> &runAgentInputFields();

// How messages name what a field kind accepts: `name` in the rule table ("integer"), `phrase`
// in our findings ("an integer"), `zod` as zod's "expected" ("int"; "" where zod's schema is a
// union or a custom check, whose message says only "Invalid input").
struct FieldKindWords
{
    const char *name;
    const char *phrase;
    const char *zod;
};
const FieldKindWords &fieldKindWords(FieldKind kind);

// allFieldSpecs(type) without the copy: type-specific, base, then attribution fields.
const QList<FieldSpec> &allFieldSpecsRef(EventType type);

} // namespace agui::catalogue
