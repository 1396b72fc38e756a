// Fuzz target: the JSON layer (core/json): our parser (simdjson + the strict fallback), JsonView
// serialisation and equality, JSON Pointer and RFC 6902 JSON Patch. The input is JSON text;
// when it is an object {"doc": ..., "patch": [...]} (a json-patch-test-suite entry) the patch is
// applied to the document. Checked: text we print parses back to an equal value; the two patch
// entry points (QJsonValue ops, JsonView ops) agree; a failed patch leaves the document as it
// was; a pointer prints back to itself.

#include "core/json/jsonparser.h"
#include "core/json/jsonpatch.h"
#include "core/json/jsonpointer.h"
#include "fuzzsupport.h"

#include <cmath>

using namespace agui;
using namespace agui::json;
using namespace agui::fuzz;

namespace {

// A number too large for a double reads as Infinity (JSON.parse) and prints as null
// (JSON.stringify): such a value cannot print back to itself.
bool hasInfinity(const JsonView &value)
{
    if (value.isDouble())
        return !std::isfinite(value.toDouble());
    if (value.isArray())
        for (const JsonView &element : value)
            if (hasInfinity(element))
                return true;
    if (value.isObject())
        for (const JsonMember &m : value.members())
            if (hasInfinity(m.value()))
                return true;
    return false;
}

void checkRoundTrip(JsonParser &parser, const JsonView &value)
{
    const QByteArray text = value.toJson();
    JsonDoc again;
    check(parser.parse(text, again).ok(), "printed JSON parses");
    check(again.root().toJson() == text, "printed JSON prints back the same");
    check(again.root() == value || hasInfinity(value),
          "printed JSON parses back to an equal value");
    check(value == value.toQJsonValue() || value.toJson().contains("\\ud"),
          "JsonView equals its QJsonValue (lone surrogates aside)");
}

void checkPointers(const QJsonValue &doc, const JsonView &patch)
{
    for (const JsonView &op : patch) {
        for (const char *member : {"path", "from"}) {
            const JsonView text = op.value(std::string_view(member));
            if (!text.isString())
                continue;
            const std::optional<Pointer> pointer = Pointer::parse(text.toString());
            if (!pointer)
                continue;
            check(Pointer::parse(pointer->toString()) == pointer,
                  "a pointer prints back to itself");
            (void)resolve(doc, *pointer);
        }
    }
}

void checkPatch(const JsonView &doc, const JsonView &patch)
{
    const QJsonValue document = doc.toQJsonValue();
    const PatchResult viaQt = applyPatch(document, patch.toQJsonValue());
    const PatchResult viaView = applyPatch(document, patch);
    check(viaQt.ok == viaView.ok, "both patch entry points agree on success");
    check(viaQt.error.opIndex == viaView.error.opIndex
              && viaQt.error.message == viaView.error.message,
          "both patch entry points report the same error");
    check(jsonEquals(viaQt.document, viaView.document), "both patch entry points give one result");
    if (!viaQt.ok)
        check(jsonEquals(viaQt.document, document), "a failed patch changes nothing");
    check(jsonEquals(document, document), "jsonEquals is reflexive");
    checkPointers(document, patch);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static JsonParser parser;
    const QByteArray bytes = inputBytes(data, size);
    JsonDoc doc;
    if (!parser.parse(bytes, doc).ok())
        return 0;
    const JsonView root = doc.root();
    checkRoundTrip(parser, root);
    if (root.isObject() && root.contains("patch"))
        checkPatch(root.value("doc"), root.value("patch"));
    return 0;
}
