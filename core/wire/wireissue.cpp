#include "core/wire/wireissue.h"

#include "core/json/jsonparser.h"

namespace agui {

QString wireIssueRuleId(WireIssueKind kind)
{
    switch (kind) {
    case WireIssueKind::LineTooLong:
        return QStringLiteral("wire.line-too-long");
    case WireIssueKind::InvalidUtf8:
        return QStringLiteral("wire.invalid-utf8");
    case WireIssueKind::InvalidRetry:
        return QStringLiteral("wire.sse-invalid-retry");
    case WireIssueKind::IdContainsNul:
        return QStringLiteral("wire.sse-id-contains-nul");
    case WireIssueKind::UnknownField:
        return QStringLiteral("wire.sse-unknown-field");
    case WireIssueKind::UnterminatedEvent:
        return QStringLiteral("wire.sse-unterminated-event");
    case WireIssueKind::UnterminatedLine:
        return QStringLiteral("wire.jsonl-unterminated-line");
    case WireIssueKind::FrameTooLarge:
        return QStringLiteral("wire.proto-frame-too-large");
    case WireIssueKind::TruncatedFrame:
        return QStringLiteral("wire.proto-truncated-frame");
    }
    return QStringLiteral("wire.unknown");
}

// Well-formed UTF-8 per the Unicode Standard, table 3-7 (the byte ranges below are that table).
qsizetype firstInvalidUtf8(const char *bytes, qsizetype size)
{
    if (json::isValidUtf8(QByteArrayView(bytes, size)))
        return -1; // the common case, at SIMD speed; the walk below finds where it breaks
    const auto *b = reinterpret_cast<const uchar *>(bytes);
    qsizetype i = 0;
    while (i < size) {
        const uchar c = b[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        int trailing = 0;
        uchar lo = 0x80;
        uchar hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            trailing = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            trailing = 2;
            if (c == 0xE0)
                lo = 0xA0; // overlong
            else if (c == 0xED)
                hi = 0x9F; // surrogates
        } else if (c >= 0xF0 && c <= 0xF4) {
            trailing = 3;
            if (c == 0xF0)
                lo = 0x90; // overlong
            else if (c == 0xF4)
                hi = 0x8F; // above U+10FFFF
        } else {
            return i;
        }
        if (size - i <= trailing)
            return i;
        if (b[i + 1] < lo || b[i + 1] > hi)
            return i;
        for (int k = 2; k <= trailing; ++k) {
            if (b[i + k] < 0x80 || b[i + k] > 0xBF)
                return i;
        }
        i += trailing + 1;
    }
    return -1;
}

} // namespace agui
