#pragma once

// The JSON Schema (draft 2020-12) subset A2UI's catalogs and common types are written in, as a
// validator of its own: catalogs are outside input, and the findings have to name the component
// and the property, so every error carries a JSON Pointer into the instance and one into the
// schema.
//
// Keywords: $ref (local "#/…", absolute, or relative to the document's $id), type, const, enum,
// properties, patternProperties, additionalProperties, unevaluatedProperties, required,
// propertyNames, allOf, anyOf, oneOf, not, if/then/else, items, prefixItems, minItems, maxItems,
// minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength, pattern. Everything
// else (description, default, format, discriminator, A2UI's own returnType, …) is an annotation
// and checks nothing. "format" is not asserted, as 2020-12's default says.

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace agui::a2ui {

struct SchemaError
{
    QString instancePath; // JSON Pointer into the validated value, "" for the value itself
    QString schemaPath; // the failing keyword, e.g. "/allOf/2/properties/text/oneOf"
    QString message;

    friend bool operator==(const SchemaError &, const SchemaError &) = default;
};
using SchemaErrors = QList<SchemaError>;

// A set of schema documents that $ref can reach, keyed by URI. A document is registered under
// its "$id" and any aliases; a reference to a URI that is not registered is looked up by its last
// path segment among the aliases, which is how a catalog's "common_types.json" and the common
// types' "catalog.json" find each other wherever the files were published.
class SchemaSet
{
public:
    void addDocument(const QJsonObject &document, const QStringList &aliases = {});
    const QJsonObject *document(const QString &uri) const;

    // A value inside the validated one that any schema accepts: what cannot be judged where it
    // stands (a v1.0 function call, whose result is only known when it runs).
    using Opaque = std::function<bool(const QJsonValue &)>;

    // Validates value against schema, which lives in the document with URI baseUri ("" when it
    // is a free-standing schema: only its own "#/…" references then resolve, against it).
    SchemaErrors validate(const QJsonValue &value, const QJsonValue &schema,
                          const QString &baseUri = {}, const Opaque &opaque = {}) const;

    // The schema a reference names, and the URI of the document it lives in; nullopt when it
    // cannot be resolved. root is the document "#…" refers to when baseUri is not registered.
    struct Resolved
    {
        QJsonValue schema;
        QString baseUri;
    };
    std::optional<Resolved> resolveRef(const QString &ref, const QString &baseUri,
                                       const QJsonObject &root = {}) const;

private:
    QHash<QString, QJsonObject> m_documents; // URI (no fragment) -> document
    QHash<QString, QString> m_aliases; // file name -> URI
};

// "https://a/b/c.json" + "d.json#/x" -> "https://a/b/d.json#/x"; absolute references unchanged.
QString resolveUri(const QString &base, const QString &ref);

} // namespace agui::a2ui
