#pragma once

// Shared by the SSE tests: run a parser over chunks and describe everything it reported as
// text lines, so a test compares one readable list instead of many fields.

#include "core/wire/sseparser.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

#include <algorithm>

namespace ssetest {

struct ParseResult
{
    QList<agui::SseEvent> events;
    QList<agui::SseKeepAlive> keepAlives;
    QList<agui::SseComment> comments;
    qint64 bomLength = 0;
    qint64 bytesSeen = 0;
    agui::LineEndings streamEndings;
};

inline ParseResult parseChunks(const QList<QByteArray> &chunks,
                               agui::SseParser::Options options = {})
{
    agui::SseParser parser(options);
    ParseResult r;
    for (const QByteArray &chunk : chunks) {
        parser.feed(chunk);
        // Take results as they come, as a streaming caller would.
        r.events += parser.takeEvents();
        r.keepAlives += parser.takeKeepAlives();
        r.comments += parser.takeComments();
    }
    parser.finish();
    r.events += parser.takeEvents();
    r.keepAlives += parser.takeKeepAlives();
    r.comments += parser.takeComments();
    r.bomLength = parser.bomLength();
    r.bytesSeen = parser.bytesSeen();
    r.streamEndings = parser.lineEndingsSeen();
    return r;
}

inline QString escaped(const QByteArray &bytes)
{
    QString out;
    for (const char c : bytes) {
        const auto u = static_cast<uchar>(c);
        if (c == '\n')
            out += QStringLiteral("\\n");
        else if (c == '\r')
            out += QStringLiteral("\\r");
        else if (c == '"' || c == '\\')
            out += QLatin1Char('\\') + QLatin1Char(c);
        else if (u < 0x20 || u >= 0x7F)
            out += QStringLiteral("\\x%1").arg(u, 2, 16, QLatin1Char('0'));
        else
            out += QLatin1Char(c);
    }
    return out;
}

inline QString issuesText(const agui::WireIssues &issues)
{
    QStringList parts;
    for (const agui::WireIssue &i : issues)
        parts << QStringLiteral("%1@%2").arg(agui::wireIssueRuleId(i.kind)).arg(i.byteOffset);
    return parts.isEmpty() ? QString() : QStringLiteral(" issues=") + parts.join(QLatin1Char(','));
}

// "E <offset>+<length> data=\"...\" [event=] [id=] [hasId] [retry=] [unterminated] endings=.."
// "K <offset>+<length> comments=N [unterminated] endings=.. [issues=..]", "C <offset> \"text\"".
inline QStringList describe(const ParseResult &r)
{
    QList<std::pair<qint64, QString>> blocks;
    for (const agui::SseEvent &e : r.events) {
        QString s = QStringLiteral("E %1+%2 data=\"%3\"")
                        .arg(e.offset)
                        .arg(e.length)
                        .arg(escaped(e.data));
        if (!e.eventName.isEmpty())
            s += QStringLiteral(" event=") + e.eventName;
        if (!e.lastEventId.isEmpty())
            s += QStringLiteral(" id=") + e.lastEventId;
        if (e.hasIdField)
            s += QStringLiteral(" hasId");
        if (e.retryMs)
            s += QStringLiteral(" retry=%1").arg(*e.retryMs);
        if (e.commentCount)
            s += QStringLiteral(" comments=%1").arg(e.commentCount);
        if (!e.terminated)
            s += QStringLiteral(" unterminated");
        s += QStringLiteral(" endings=") + agui::lineEndingsName(e.lineEndings);
        s += issuesText(e.issues);
        blocks.append({e.offset, s});
    }
    for (const agui::SseKeepAlive &k : r.keepAlives) {
        QString s
            = QStringLiteral("K %1+%2 comments=%3").arg(k.offset).arg(k.length).arg(k.commentCount);
        if (!k.terminated)
            s += QStringLiteral(" unterminated");
        s += QStringLiteral(" endings=") + agui::lineEndingsName(k.lineEndings);
        s += issuesText(k.issues);
        blocks.append({k.offset, s});
    }
    std::stable_sort(blocks.begin(), blocks.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList out;
    for (const auto &b : blocks)
        out << b.second;
    for (const agui::SseComment &c : r.comments)
        out << QStringLiteral("C %1 \"%2\"").arg(c.offset).arg(escaped(c.text));
    return out;
}

// Every byte after the BOM belongs to exactly one block, and each block's raw is the stream's
// bytes at its range. Returns "" when that holds, else what is wrong.
inline QString coverageError(const ParseResult &r, const QByteArray &stream)
{
    QList<std::pair<qint64, QByteArray>> blocks;
    for (const agui::SseEvent &e : r.events) {
        if (e.raw.size() != e.length)
            return QStringLiteral("event at %1: raw size %2 != length %3")
                .arg(e.offset)
                .arg(e.raw.size())
                .arg(e.length);
        blocks.append({e.offset, e.raw});
        // Each data piece sits in the stream where dataValueOffsets says.
        const QList<QByteArray> pieces = e.data.split('\n');
        if (e.dataLineCount > 0
            && (pieces.size() != e.dataLineCount || e.dataValueOffsets.size() != e.dataLineCount))
            return QStringLiteral("event at %1: %2 data lines, %3 pieces, %4 value offsets")
                .arg(e.offset)
                .arg(e.dataLineCount)
                .arg(pieces.size())
                .arg(e.dataValueOffsets.size());
        for (qsizetype i = 0; e.dataLineCount > 0 && i < pieces.size(); ++i) {
            if (stream.mid(e.dataValueOffsets.at(i), pieces.at(i).size()) != pieces.at(i))
                return QStringLiteral("event at %1: data piece %2 is not at byte %3")
                    .arg(e.offset)
                    .arg(i)
                    .arg(e.dataValueOffsets.at(i));
        }
    }
    for (const agui::SseKeepAlive &k : r.keepAlives) {
        if (k.raw.size() != k.length)
            return QStringLiteral("keep-alive at %1: raw size != length").arg(k.offset);
        blocks.append({k.offset, k.raw});
    }
    std::sort(blocks.begin(), blocks.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    qint64 pos = r.bomLength;
    for (const auto &[offset, raw] : blocks) {
        if (offset != pos)
            return QStringLiteral("gap or overlap: block at %1, expected %2").arg(offset).arg(pos);
        if (stream.mid(offset, raw.size()) != raw)
            return QStringLiteral("block at %1: raw differs from the stream bytes").arg(offset);
        pos += raw.size();
    }
    if (pos != stream.size() || r.bytesSeen != stream.size())
        return QStringLiteral("blocks end at %1, stream has %2 bytes (parser saw %3)")
            .arg(pos)
            .arg(stream.size())
            .arg(r.bytesSeen);
    return {};
}

} // namespace ssetest
