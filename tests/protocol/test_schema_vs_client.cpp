// Differential test of the schema layer against the reference client (@ag-ui/client 1.0, pinned in
// tests/interop/node_modules): every example event and ~2,500 mutations of it (each member
// removed, replaced by values of every JSON type, an unknown member added, recursively) go through
// validateEvent() and through the client's compat + enforce stages. The verdicts must agree:
//   client throws                    <=> we report an error
//   client's compat stage converts   <=> we report schema.deprecated
//   client's enforce stage removes P  => we report unknown-field at P / unknown-variant below P /
//                                        null-stripped at P, and we report those only then.
#include "core/protocol/decoder.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace agui;

namespace {

QJsonArray loadArray(const char *name)
{
    QFile f(QStringLiteral(AGUI_TEST_DATA_DIR "/protocol/") + QString::fromLatin1(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open test data %s", name);
    return QJsonDocument::fromJson(f.readAll()).array();
}

const QList<QJsonValue> &replacementValues()
{
    static const QList<QJsonValue> values = {
        QJsonValue(QJsonValue::Null),
        QJsonValue(1),
        QJsonValue(1.5),
        QJsonValue(-1),
        QJsonValue(QStringLiteral("s")),
        QJsonValue(true),
        QJsonValue(QJsonArray()),
        QJsonValue(QJsonObject()),
        QJsonValue(QJsonArray {1}),
        QJsonValue(QJsonArray {QStringLiteral("s")}),
        QJsonValue(QJsonObject {{QStringLiteral("type"), QStringLiteral("x")}}),
    };
    return values;
}

// Replaces the value at `path` (keys / indexes) inside `root` by `f(old)`.
using Path = QList<QJsonValue>; // strings = object keys, numbers = array indexes
QJsonValue edit(const QJsonValue &node, const Path &path, qsizetype i,
                const std::function<std::optional<QJsonValue>(const QJsonValue &)> &f)
{
    if (i == path.size())
        return f(node).value_or(QJsonValue(QJsonValue::Undefined));
    if (node.isObject()) {
        QJsonObject o = node.toObject();
        const QString k = path[i].toString();
        const QJsonValue v = edit(o.value(k), path, i + 1, f);
        if (v.isUndefined())
            o.remove(k);
        else
            o.insert(k, v);
        return o;
    }
    QJsonArray a = node.toArray();
    const qsizetype k = path[i].toInteger();
    a.replace(k, edit(a.at(k), path, i + 1, f));
    return a;
}

void mutations(const QJsonObject &root, const QJsonValue &node, const Path &path, int depth,
               QList<QJsonObject> &out)
{
    if (depth > 4)
        return;
    auto at
        = [&root, &path](const QString &key,
                         const std::function<std::optional<QJsonValue>(const QJsonValue &)> &f) {
              Path p = path;
              p.append(key);
              return edit(root, p, 0, f).toObject();
          };
    if (node.isObject()) {
        const QJsonObject o = node.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString key = it.key();
            if (path.isEmpty() && key == QLatin1String("type"))
                continue;
            out.append(at(key, [](const QJsonValue &) { return std::nullopt; }));
            for (const QJsonValue &v : replacementValues())
                out.append(at(key, [v](const QJsonValue &) { return v; }));
            Path p = path;
            p.append(key);
            mutations(root, it.value(), p, depth + 1, out);
        }
        out.append(at(QStringLiteral("zz"), [](const QJsonValue &) { return QJsonValue(1); }));
    } else if (node.isArray()) {
        const QJsonArray a = node.toArray();
        for (qsizetype i = 0; i < qMin<qsizetype>(a.size(), 2); ++i) {
            Path p = path;
            p.append(i);
            mutations(root, a.at(i), p, depth + 1, out);
        }
    }
}

bool isStripRule(const QString &rule)
{
    return rule == QLatin1String("schema.unknown-field")
        || rule == QLatin1String("schema.unknown-variant")
        || rule == QLatin1String("schema.null-stripped");
}

QString parentPointer(const QString &p)
{
    return p.left(p.lastIndexOf(QLatin1Char('/')));
}

} // namespace

class TestSchemaVsClient : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void verdictsAgree()
    {
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        const QString modules = QStringLiteral(AGUI_NODE_MODULES);
        if (node.isEmpty() || !QFile::exists(modules + QStringLiteral("/@ag-ui/client")))
            QSKIP("node or the pinned npm packages (tests/interop: npm ci) are not available");

        QList<QJsonObject> cases;
        for (const char *file : {"minimal-events.json", "full-events.json", "legacy-events.json"})
            for (const QJsonValue &v : loadArray(file)) {
                cases.append(v.toObject());
                mutations(v.toObject(), v, {}, 0, cases);
            }
        QVERIFY(cases.size() > 2000);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile in(dir.filePath(QStringLiteral("cases.jsonl")));
        QVERIFY(in.open(QIODevice::WriteOnly));
        for (const QJsonObject &c : cases)
            in.write(QJsonDocument(c).toJson(QJsonDocument::Compact) + '\n');
        in.close();

        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("NODE_PATH"), modules);
        env.remove(QStringLiteral("SUPPRESS_TRANSFORMATION_WARNINGS")); // we read the warnings
        p.setProcessEnvironment(env);
        p.start(node,
                {QStringLiteral(AGUI_TEST_DATA_DIR "/protocol/client-oracle.cjs"), in.fileName()});
        QVERIFY(p.waitForFinished(300000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), cases.size());

        int disagreements = 0;
        for (qsizetype i = 0; i < cases.size(); ++i) {
            const QByteArray json = QJsonDocument(cases[i]).toJson(QJsonDocument::Compact);
            const Event e = decodePayload(json, Framing::JsonLine);
            const QJsonObject verdict = QJsonDocument::fromJson(lines[i]).object();
            const bool clientErr = verdict.value(QStringLiteral("err")).toBool();
            const bool clientCompat = verdict.value(QStringLiteral("compat")).toBool();
            QStringList removed;
            for (const QJsonValue &r : verdict.value(QStringLiteral("removed")).toArray())
                removed << r.toString();

            bool ourErr = false, ourCompat = false;
            QStringList ourStrips;
            for (const Diagnostic &d : e.diagnostics) {
                ourErr = ourErr || d.severity == Severity::Error;
                ourCompat = ourCompat || d.ruleId == QLatin1String("schema.deprecated");
                if (isStripRule(d.ruleId))
                    ourStrips << d.path;
            }
            QString problem;
            if (clientErr != ourErr)
                problem = QStringLiteral("client %1, we %2")
                              .arg(clientErr ? QStringLiteral("throws") : QStringLiteral("accepts"),
                                   ourErr ? QStringLiteral("report an error")
                                          : QStringLiteral("report no error"));
            else if (!clientErr && clientCompat != ourCompat)
                problem = QStringLiteral("compat conversion %1 vs our deprecated %2")
                              .arg(clientCompat)
                              .arg(ourCompat);
            else if (!clientErr) {
                for (const QString &r : removed)
                    if (!ourStrips.contains(r)
                        && std::none_of(ourStrips.cbegin(), ourStrips.cend(),
                                        [&r](const QString &s) { return parentPointer(s) == r; }))
                        problem = QStringLiteral("client removes %1, we do not flag it").arg(r);
                for (const QString &s : ourStrips)
                    if (!removed.contains(s) && !removed.contains(parentPointer(s)))
                        problem = QStringLiteral("we flag %1, the client keeps it").arg(s);
            }
            if (!problem.isEmpty() && ++disagreements <= 20)
                qWarning("%s\n  %s\n  ours: %s", json.left(300).constData(), qPrintable(problem),
                         qPrintable(e.diagnostics.isEmpty() ? QStringLiteral("-")
                                                            : e.diagnostics[0].ruleId
                                            + QLatin1Char(' ') + e.diagnostics[0].path));
        }
        QCOMPARE(disagreements, 0);
        qInfo("%lld events: verdicts agree with @ag-ui/client", qint64(cases.size()));
    }
};

QTEST_GUILESS_MAIN(TestSchemaVsClient)
#include "test_schema_vs_client.moc"
