#pragma once

#include "core/finding/diagnostic.h"

#include <QList>
#include <QString>

namespace agui {

// Problems found below the JSON level: in the SSE byte stream, a .jsonl file or a protobuf frame
// sequence. Callers above turn a WireIssue into a Diagnostic (core/finding) with
// ruleId = wireIssueRuleId(kind), the same severity, message and byteOffset.
enum class WireIssueKind : quint8 {
    LineTooLong, // a line exceeded the parser's limit; its bytes are kept, the line is not read
    InvalidUtf8, // a line is not valid UTF-8 (bytes kept as received)
    InvalidRetry, // SSE "retry" value is not only ASCII digits (ignored, as the spec says)
    IdContainsNul, // SSE "id" value contains U+0000 (ignored, as the spec says)
    UnknownField, // SSE field other than data/event/id/retry (ignored, as the spec says)
    UnterminatedEvent, // stream ended inside an SSE event (no blank line / no final line end)
    UnterminatedLine, // .jsonl: last line without a line end
    FrameTooLarge, // protobuf frame length prefix above the limit
    TruncatedFrame, // protobuf stream ended mid-frame
};

struct WireIssue
{
    WireIssueKind kind = WireIssueKind::LineTooLong;
    Severity severity = Severity::Error;
    qint64 byteOffset = -1; // absolute offset in the stream where the problem starts
    QString message;

    friend bool operator==(const WireIssue &, const WireIssue &) = default;
};

using WireIssues = QList<WireIssue>;

// Stable rule ids, e.g. "wire.line-too-long", "wire.invalid-utf8", "wire.unterminated-event".
QString wireIssueRuleId(WireIssueKind kind);

// Offset (relative to the start of bytes) of the first byte that is not part of a well-formed
// UTF-8 sequence (overlongs, surrogates and code points above U+10FFFF are ill-formed), or -1.
qsizetype firstInvalidUtf8(const char *bytes, qsizetype size);

} // namespace agui
