#pragma once

// Shared by the test_lint* tests: turn JSON lines into Events the way a .jsonl capture is read
// (protocol's decodePayload), lint them, and read expectations.

#include "core/protocol/decoder.h"
#include "core/session/linter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace agui::testing {

// Non-empty lines of a .jsonl file (index = position among the non-empty lines, as the
// ag-ui-validate fixtures count them).
inline QList<QByteArray> readJsonLines(const QString &path, bool *ok = nullptr)
{
    QFile file(path);
    QList<QByteArray> lines;
    if (!file.open(QIODevice::ReadOnly)) {
        if (ok)
            *ok = false;
        return lines;
    }
    const QList<QByteArray> raw = file.readAll().split('\n');
    for (const QByteArray &line : raw) {
        if (!line.trimmed().isEmpty())
            lines.append(line);
    }
    if (ok)
        *ok = true;
    return lines;
}

inline Event eventFromLine(const QByteArray &line, qint64 seq)
{
    Event e = decodePayload(line, Framing::JsonLine);
    e.seq = seq;
    e.raw = line;
    return e;
}

inline Findings lintLines(const QList<QByteArray> &lines)
{
    Linter linter;
    Findings all;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        linter.feed(eventFromLine(lines.at(i), i));
        all += linter.takeFindings();
    }
    linter.finish();
    all += linter.takeFindings();
    return all;
}

inline QJsonDocument readJsonFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll());
}

inline QString describe(const Finding &f)
{
    return QStringLiteral("[%1 %2 %3 @%4 %5] %6")
        .arg(f.layer, f.diagnostic.ruleId, severityName(f.diagnostic.severity))
        .arg(f.eventIndex)
        .arg(f.diagnostic.path, f.diagnostic.message);
}

inline QString describe(const Findings &findings)
{
    QStringList out;
    for (const Finding &f : findings)
        out.append(describe(f));
    return out.join(QLatin1Char('\n'));
}

} // namespace agui::testing
