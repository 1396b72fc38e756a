#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace agui::capturejson {

// Small helpers to write JSON text by hand, so records keep a fixed, readable key order
// ("k" first) instead of QJsonObject's alphabetical one.
QByteArray quoted(QStringView text); // a JSON string literal, UTF-8
// The same from text that is UTF-8 already (isExactUtf8): no conversion, plain runs copied
// whole, so recording a large body costs about one copy of it.
QByteArray quotedUtf8(QByteArrayView utf8);
void appendQuotedUtf8(QByteArray &out, QByteArrayView utf8); // the same, onto out

// True when bytes are valid UTF-8 that survives QString round trip unchanged (so it can be
// stored as a JSON string instead of base64).
bool isExactUtf8(QByteArrayView bytes);

// The exact text of the value of top-level member `key` in the JSON object `line`, or a null
// QByteArray when the line is not an object or has no such member. Lets importers keep an
// embedded event byte for byte (QJsonObject would reorder its keys).
QByteArray memberText(QByteArrayView line, QByteArrayView key);

} // namespace agui::capturejson
