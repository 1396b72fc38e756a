#pragma once

#include <QByteArray>
#include <QString>

namespace agui::json {

// How JavaScript prints a number (ECMAScript Number::toString, radix 10): the shortest digits
// that read back to the same double, fixed notation for exponents -7 < e < 21, else "1e+21"
// / "1.5e-7". NaN and infinities print as JSON.stringify does: "null".
QByteArray jsNumberText(double value);

// Same, as String(value) does in template literals (NaN, "Infinity", "-Infinity").
QString jsNumberString(double value);

} // namespace agui::json
