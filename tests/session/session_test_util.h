#pragma once

// Helpers shared by the session tests: events from JSON text, sessions from .jsonl captures.

#include "core/protocol/decoder.h"
#include "core/session/ingest.h"
#include "core/session/session.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QStringList>

namespace agui::test {

// JSON text in tests may use ' for " (moc cannot read raw string literals holding JSON, so the
// tests write plain literals); a literal quote inside a JSON string is written \\u0022.
inline QByteArray json(const char *text)
{
    return QByteArray(text).replace('\'', '"');
}

// One event as the stream decoder would give it (JSON lines framing).
inline Event ev(const char *text)
{
    const QByteArray payload = json(text);
    Event e = decodePayload(payload, Framing::JsonLine);
    e.raw = payload + '\n';
    return e;
}

inline Event ev(const QByteArray &text)
{
    return ev(text.constData());
}

inline void feed(Session &s, std::initializer_list<const char *> events)
{
    for (const char *json : events)
        s.append(ev(json));
}

inline QByteArray readData(const QString &relative)
{
    QFile f(QStringLiteral(AGUI_TEST_DATA_DIR "/session/") + relative);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

// Every capture under tests/data/session/<dir>/ (relative paths, sorted).
inline QStringList captures()
{
    QStringList out;
    for (const char *dir : {"devtools", "conformance"}) {
        const QDir d(QStringLiteral(AGUI_TEST_DATA_DIR "/session/") + QLatin1String(dir));
        for (const QString &name :
             d.entryList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name))
            out.append(QLatin1String(dir) + QLatin1Char('/') + name);
    }
    return out;
}

} // namespace agui::test
