#pragma once

// Shared helpers for the A2UI tests: fixtures from tests/data/a2ui and compact JSON literals.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

namespace a2uitest {

inline QJsonArray fixture(const char *name)
{
    QFile f(QStringLiteral(AGUI_TEST_DATA_DIR "/a2ui/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open fixture %s", name);
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    if (err.error != QJsonParseError::NoError)
        qFatal("fixture %s: %s", name, qPrintable(err.errorString()));
    return doc.array();
}

inline QJsonObject obj(const char *json)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(json), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject())
        qFatal("bad JSON literal in test: %s (%s)", json, qPrintable(err.errorString()));
    return doc.object();
}

inline QJsonArray arr(const char *json)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(json), &err);
    if (err.error != QJsonParseError::NoError || !doc.isArray())
        qFatal("bad JSON literal in test: %s (%s)", json, qPrintable(err.errorString()));
    return doc.array();
}

inline QString compact(const QJsonValue &v)
{
    if (v.isObject())
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    if (v.isArray())
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    return QString::fromUtf8(
        QJsonDocument(QJsonArray {v}).toJson(QJsonDocument::Compact)); // [scalar]
}

} // namespace a2uitest
