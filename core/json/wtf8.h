#pragma once

#include <QByteArray>
#include <QString>

#include <string_view>

namespace agui::json {

// JSON strings may hold lone UTF-16 surrogates ("\ud83d"), which JSON.parse keeps: a producer
// that splits an emoji's surrogate pair across two deltas still gets the emoji once the
// client concatenates them. UTF-8 cannot encode a lone surrogate, so tapes carry such strings
// in WTF-8 (the surrogate as its 3-byte generalised UTF-8 form, ED A0..BF xx); everything else
// is plain UTF-8. These convert between QString (UTF-16, surrogates kept) and that encoding.

// True when the bytes contain a surrogate encoded WTF-8 style (fast check: an ED byte followed
// by A0..BF).
bool hasWtf8Surrogate(std::string_view bytes);
QString fromWtf8(std::string_view bytes);
QByteArray toWtf8(QStringView text);
// Appends the decoded bytes to text without a temporary string (ASCII, the common case, is
// widened in place); returns how many UTF-16 units were appended. Capacity grows geometrically,
// so appending the deltas of a long message costs O(total length).
qsizetype appendWtf8(QString &text, std::string_view bytes);

} // namespace agui::json
