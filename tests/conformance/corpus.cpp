#include "corpus.h"

#include "core/json/jsontext.h"
#include "core/session/ingest.h"
#include "core/session/session.h"
#include "core/session/snapshot.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

#include <algorithm>

namespace conformance {

namespace {

// Deterministic stand-ins for the wall-clock timestamps the lane's replay server adds.
constexpr qint64 kFillTimestampBase = 1767225600000;

bool isRejecting(const agui::Finding &f)
{
    return f.diagnostic.severity == agui::Severity::Error
        && (f.layer == QLatin1String("schema") || f.layer == QLatin1String("verify"));
}

QString listText(const QStringList &items)
{
    if (items.isEmpty())
        return QStringLiteral("(none)");
    QStringList quoted;
    for (const QString &s : items)
        quoted.append(QLatin1Char('"') + s.left(240) + QLatin1Char('"'));
    return quoted.join(QStringLiteral(", "));
}

QStringList types(const QJsonArray &events)
{
    QStringList out;
    for (const QJsonValue &e : events)
        out.append(e.toObject().value(QLatin1String("type")).toString());
    return out;
}

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &s : v.toArray())
        out.append(s.toString());
    return out;
}

} // namespace

const QStringList &expectationKeys()
{
    static const QStringList keys = {
        QStringLiteral("outcome"),          QStringLiteral("errorContains"),
        QStringLiteral("runError"),         QStringLiteral("eventTypes"),
        QStringLiteral("eventTypesAbsent"), QStringLiteral("eventPaths"),
        QStringLiteral("eventAbsentPaths"), QStringLiteral("warnings"),
        QStringLiteral("noWarnings"),       QStringLiteral("messageCount"),
        QStringLiteral("messages"),         QStringLiteral("state"),
        QStringLiteral("request"),          QStringLiteral("requestAbsentPaths"),
    };
    return keys;
}

QString corpusDir()
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/conformance/ag-ui-spec");
}

QList<Fixture> loadCorpus(QString *error)
{
    QList<Fixture> out;
    for (const char *version : {"1.0", "1.1", "draft"}) {
        const QDir dir(corpusDir() + QLatin1Char('/') + QLatin1String(version)
                       + QStringLiteral("/streams"));
        for (const QString &name :
             dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
            QFile file(dir.filePath(name));
            QJsonParseError parseError;
            const QJsonDocument doc = file.open(QIODevice::ReadOnly)
                ? QJsonDocument::fromJson(file.readAll(), &parseError)
                : QJsonDocument();
            if (!doc.isObject()) {
                *error = QStringLiteral("%1: not a JSON object (%2)")
                             .arg(dir.filePath(name), parseError.errorString());
                return {};
            }
            Fixture f;
            f.id = QLatin1String(version) + QLatin1Char('/') + name.chopped(5);
            f.json = doc.object();
            f.expect = f.json.value(QLatin1String("expect")).toObject();
            const QJsonObject ts = f.json.value(QLatin1String("expectOverrides"))
                                       .toObject()
                                       .value(QLatin1String("typescript"))
                                       .toObject();
            for (auto it = ts.constBegin(); it != ts.constEnd(); ++it)
                if (it.key() != QLatin1String("intentional"))
                    f.expect.insert(it.key(), it.value());
            out.append(f);
        }
    }
    std::sort(out.begin(), out.end(),
              [](const Fixture &a, const Fixture &b) { return a.id < b.id; });
    return out;
}

QByteArray fixtureBody(const Fixture &fixture)
{
    QByteArray body;
    qint64 i = 0;
    for (const QJsonValue &v : fixture.json.value(QLatin1String("stream")).toArray()) {
        QJsonObject e = v.toObject();
        const QJsonValue ts = e.value(QLatin1String("timestamp"));
        if (ts.isUndefined() || ts.isNull())
            e.insert(QLatin1String("timestamp"), kFillTimestampBase + i);
        body += QJsonDocument(e).toJson(QJsonDocument::Compact) + '\n';
        ++i;
    }
    return body;
}

QJsonObject fixtureRunInput(const Fixture &fixture)
{
    const QJsonArray stream = fixture.json.value(QLatin1String("stream")).toArray();
    QString threadId = QStringLiteral("thread-conformance");
    for (const QJsonValue &v : stream) {
        const QJsonObject e = v.toObject();
        if (e.value(QLatin1String("type")) == QLatin1String("RUN_STARTED")
            && e.value(QLatin1String("threadId")).isString()) {
            threadId = e.value(QLatin1String("threadId")).toString();
            break;
        }
    }
    const QJsonObject in = fixture.json.value(QLatin1String("input")).toObject();
    QJsonObject input {
        {QStringLiteral("threadId"), threadId},
        {QStringLiteral("runId"), QStringLiteral("run-conformance")},
        {QStringLiteral("state"), QJsonObject()},
        {QStringLiteral("messages"), in.value(QLatin1String("messages")).toArray()},
        {QStringLiteral("tools"), in.value(QLatin1String("tools")).toArray()},
        {QStringLiteral("context"), in.value(QLatin1String("context")).toArray()},
        {QStringLiteral("forwardedProps"),
         in.contains(QLatin1String("forwardedProps")) ? in.value(QLatin1String("forwardedProps"))
                                                      : QJsonValue(QJsonObject())},
    };
    return input;
}

Observed replay(const Fixture &fixture)
{
    agui::Session session;
    session.setRunInput(fixtureRunInput(fixture));
    agui::ingestBytes(session, fixtureBody(fixture));

    Observed o;
    o.findings = session.findings();
    for (const agui::Finding &f : std::as_const(o.findings)) {
        if (isRejecting(f) && !o.rejected) {
            o.rejected = true;
            o.firstError = f.diagnostic.message;
            o.firstErrorEvent = f.eventIndex;
        }
        if (f.diagnostic.severity != agui::Severity::Info)
            o.warnings.append(f.diagnostic.message);
        if (f.layer == QLatin1String("compat"))
            o.compat.append(f.diagnostic.message);
    }
    const agui::SessionSnapshot &snap = session.current();
    for (qsizetype i = 0; i < snap.runCount(); ++i)
        if (snap.run(i).status == agui::RunStatus::Errored)
            o.runErrors.append(snap.run(i).rare().errorMessage);
    for (const agui::DeliveredEvent &d : session.clientView())
        o.delivered.append(d.json);
    o.messages = agui::messagesAsAgUi(snap);
    o.state = snap.state();
    return o;
}

bool matchesSubset(const QJsonValue &actual, const QJsonValue &expected)
{
    if (expected.isArray()) {
        const QJsonArray e = expected.toArray();
        const QJsonArray a = actual.toArray();
        if (!actual.isArray() || a.size() != e.size())
            return false;
        for (qsizetype i = 0; i < e.size(); ++i)
            if (!matchesSubset(a.at(i), e.at(i)))
                return false;
        return true;
    }
    if (expected.isObject()) {
        if (!actual.isObject())
            return false;
        const QJsonObject e = expected.toObject();
        const QJsonObject a = actual.toObject();
        for (auto it = e.constBegin(); it != e.constEnd(); ++it)
            if (!a.contains(it.key()) || !matchesSubset(a.value(it.key()), it.value()))
                return false;
        return true;
    }
    if (expected.isDouble())
        return actual.isDouble() && actual.toDouble() == expected.toDouble();
    return actual == expected;
}

bool readPath(const QJsonValue &root, const QString &path, QJsonValue *out)
{
    QJsonValue node = root;
    for (const QString &key : path.split(QLatin1Char('.'))) {
        if (node.isArray()) {
            bool ok = false;
            const int index = key.toInt(&ok);
            const QJsonArray a = node.toArray();
            if (!ok || index < 0 || index >= a.size() || QString::number(index) != key)
                return false;
            node = a.at(index);
        } else if (node.isObject()) {
            const QJsonObject o = node.toObject();
            if (!o.contains(key))
                return false;
            node = o.value(key);
        } else {
            return false;
        }
    }
    *out = node;
    return true;
}

bool meets(const QString &key, const QJsonValue &value, const Observed &o, QString *why)
{
    if (key == QLatin1String("outcome")) {
        const QString ours = o.rejected ? QStringLiteral("failed") : QStringLiteral("completed");
        *why = o.rejected
            ? QStringLiteral("failed at event %1: %2").arg(o.firstErrorEvent).arg(o.firstError)
            : QStringLiteral("completed");
        return ours == value.toString();
    }
    if (key == QLatin1String("errorContains")) {
        *why = o.rejected ? QStringLiteral("first error: ") + o.firstError
                          : QStringLiteral("no rejecting error");
        return o.rejected && o.firstError.contains(value.toString());
    }
    if (key == QLatin1String("runError")) {
        *why = QStringLiteral("run errors: ") + listText(o.runErrors);
        if (value.isBool() && !value.toBool())
            return o.runErrors.isEmpty();
        if (value.isBool())
            return !o.runErrors.isEmpty();
        for (const QString &e : o.runErrors)
            if (e.contains(value.toString()))
                return true;
        return false;
    }
    if (key == QLatin1String("eventTypes")) {
        *why = QStringLiteral("delivered: ") + types(o.delivered).join(u' ');
        return types(o.delivered) == strings(value);
    }
    if (key == QLatin1String("eventTypesAbsent")) {
        *why = QStringLiteral("delivered: ") + types(o.delivered).join(u' ');
        for (const QString &t : strings(value))
            if (types(o.delivered).contains(t))
                return false;
        return true;
    }
    if (key == QLatin1String("eventPaths")) {
        const QJsonObject paths = value.toObject();
        for (auto it = paths.constBegin(); it != paths.constEnd(); ++it) {
            QJsonValue got;
            if (!readPath(o.delivered, it.key(), &got)) {
                *why = it.key() + QStringLiteral(" does not exist in the delivered events");
                return false;
            }
            if (!matchesSubset(got, it.value()) || !matchesSubset(it.value(), got)) {
                *why = it.key() + QStringLiteral(" is ") + agui::json::toCompactJson(got);
                return false;
            }
        }
        return true;
    }
    if (key == QLatin1String("eventAbsentPaths")) {
        for (const QString &path : strings(value)) {
            QJsonValue got;
            if (readPath(o.delivered, path, &got)) {
                *why = path + QStringLiteral(" exists: ") + agui::json::toCompactJson(got);
                return false;
            }
        }
        return true;
    }
    if (key == QLatin1String("warnings")) {
        *why = QStringLiteral("warnings: ") + listText(o.warnings);
        for (const QString &s : strings(value)) {
            if (!std::any_of(o.warnings.cbegin(), o.warnings.cend(),
                             [&s](const QString &w) { return w.contains(s); }))
                return false;
        }
        return true;
    }
    if (key == QLatin1String("noWarnings")) {
        *why = QStringLiteral("warnings: ") + listText(o.warnings);
        return !value.toBool() || o.warnings.isEmpty();
    }
    if (key == QLatin1String("onlyWarnings")) {
        *why = QStringLiteral("warnings: ") + listText(o.warnings);
        const QStringList allowed = strings(value);
        for (const QString &w : o.warnings)
            if (std::none_of(allowed.cbegin(), allowed.cend(),
                             [&w](const QString &a) { return w.contains(a); }))
                return false;
        return true;
    }
    if (key == QLatin1String("findings")) {
        QStringList ids;
        for (const agui::Finding &f : o.findings)
            ids.append(f.diagnostic.ruleId);
        *why = QStringLiteral("findings: ") + listText(ids);
        for (const QString &id : strings(value))
            if (!ids.contains(id))
                return false;
        return true;
    }
    if (key == QLatin1String("messageCount")) {
        *why = QStringLiteral("%1 messages").arg(o.messages.size());
        return o.messages.size() == value.toInteger();
    }
    if (key == QLatin1String("messages")) {
        *why = QStringLiteral("messages: ") + agui::json::toCompactJson(o.messages);
        return matchesSubset(o.messages, value);
    }
    if (key == QLatin1String("state")) {
        *why = QStringLiteral("state: ") + agui::json::toCompactJson(o.state);
        return matchesSubset(o.state, value);
    }
    *why = QStringLiteral("'%1' is not observable here").arg(key);
    return false;
}

} // namespace conformance
