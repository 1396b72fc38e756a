#include "core/json/jsonparser.h"

#include "core/json/jsondocstorage_p.h"
#include "core/json/strictparser_p.h"
#include "core/json/tapebuilder.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>

namespace agui::json {

struct JsonParser::Private
{
    simdjson::dom::parser parser;
};

JsonParser::JsonParser()
    : d(std::make_unique<Private>())
{ }

JsonParser::~JsonParser() = default;

namespace {

bool simdParse(simdjson::dom::parser &parser, QByteArrayView text, JsonDoc &doc,
               simdjson::error_code *error)
{
    JsonDoc::Storage &s = doc.storage();
    // An empty view may have no data pointer; simdjson copies from it (memcpy of null is UB).
    const char *data = text.isEmpty() ? "" : text.data();
    const auto r = parser.parse_into_document(s.parsed, data, size_t(text.size()), true);
    *error = r.error();
    s.kind = *error ? JsonDoc::Storage::Kind::Empty : JsonDoc::Storage::Kind::Parsed;
    return !*error;
}

// Why text is not JSON, in Qt's words (messages users have seen before); where, as JSON.parse
// counts: the 0-based byte our strict reading stopped at (`stoppedAt`, the text's size when it
// ended too early). Qt's own offset is one past that in places, which read as "byte 94" of a
// 93-byte payload.
void describeError(QByteArrayView text, qsizetype stoppedAt, JsonParser::Result *result)
{
    QJsonParseError error;
    QJsonDocument::fromJson(text.toByteArray(), &error);
    result->errorOffset = std::clamp<qsizetype>(stoppedAt, 0, text.size());
    result->errorMessage = error.error == QJsonParseError::NoError
        ? QStringLiteral("nested too deeply") // Qt read it; our limit refused it
        : error.errorString();
}

} // namespace

JsonParser::Result JsonParser::parse(QByteArrayView text, JsonDoc &doc)
{
    Result result;
    simdjson::error_code error;
    if (simdParse(d->parser, text, doc, &error)) {
        result.outcome = Outcome::Ok;
        return result;
    }
    QByteArray repaired;
    if (error == simdjson::UTF8_ERROR) {
        repaired = utf8WithReplacement(text);
        result.replacedInvalidUtf8 = true;
        if (simdParse(d->parser, repaired, doc, &error)) {
            result.outcome = Outcome::Ok;
            return result;
        }
    }
    // simdjson refuses some texts JSON.parse accepts (see the header): read those strictly.
    if (!result.replacedInvalidUtf8 && !simdjson::validate_utf8(text.data(), size_t(text.size()))) {
        repaired = utf8WithReplacement(text);
        result.replacedInvalidUtf8 = true;
    }
    const QByteArrayView source = result.replacedInvalidUtf8 ? QByteArrayView(repaired) : text;
    TapeBuilder builder;
    qsizetype stoppedAt = source.size();
    if (parseStrict(source, kMaxDepth, &builder, &stoppedAt)) {
        builder.finishInto(doc);
        result.outcome = Outcome::Fallback;
        return result;
    }
    doc.clear();
    result.outcome = Outcome::Error;
    describeError(source, stoppedAt, &result);
    return result;
}

bool isValidUtf8(QByteArrayView bytes)
{
    return simdjson::validate_utf8(bytes.data(), size_t(bytes.size()));
}

QByteArray utf8WithReplacement(QByteArrayView in)
{
    static const char kReplacement[] = "\xEF\xBF\xBD";
    QByteArray out;
    out.reserve(in.size() + 8);
    int needed = 0, seen = 0;
    quint8 lower = 0x80, upper = 0xBF;
    qsizetype start = 0;
    for (qsizetype i = 0; i < in.size();) {
        const quint8 b = quint8(in[i]);
        if (needed == 0) {
            start = i++;
            if (b <= 0x7F) {
                out.append(char(b));
            } else if (b >= 0xC2 && b <= 0xDF) {
                needed = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                lower = b == 0xE0 ? 0xA0 : 0x80;
                upper = b == 0xED ? 0x9F : 0xBF;
                needed = 2;
            } else if (b >= 0xF0 && b <= 0xF4) {
                lower = b == 0xF0 ? 0x90 : 0x80;
                upper = b == 0xF4 ? 0x8F : 0xBF;
                needed = 3;
            } else {
                out.append(kReplacement, 3);
            }
            continue;
        }
        if (b < lower || b > upper) {
            // The sequence so far is one ill-formed subpart; b is read again as a new start.
            needed = seen = 0;
            lower = 0x80;
            upper = 0xBF;
            out.append(kReplacement, 3);
            continue;
        }
        lower = 0x80;
        upper = 0xBF;
        ++i;
        if (++seen == needed) {
            out.append(in.data() + start, i - start);
            needed = seen = 0;
        }
    }
    if (needed != 0)
        out.append(kReplacement, 3);
    return out;
}

} // namespace agui::json
