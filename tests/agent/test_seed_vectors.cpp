// Runs every seed vector (tests/data/agent/seed-vectors.json) against the C++ ports. JSON is
// compared semantically (QJsonValue equality: key order irrelevant). Diff vectors assert the
// apply property and the op set (op order is free per the port contract).

#include "core/agent/a2uiagui.h"
#include "core/agent/renderer.h"
#include "core/json/jsondiff.h"
#include "core/json/jsonpatch.h"

#include <QFile>
#include <QJsonDocument>
#include <QtTest>

using namespace agui;

namespace {

QByteArray compact(const QJsonValue &v)
{
    return QJsonDocument(QJsonArray {v}).toJson(QJsonDocument::Compact);
}

QJsonArray toArray(const QList<QJsonObject> &events)
{
    QJsonArray a;
    for (const QJsonObject &e : events)
        a.append(e);
    return a;
}

// Ops as a sorted list of compact texts: the multiset of ops, order ignored.
QList<QByteArray> opSet(const QJsonArray &ops)
{
    QList<QByteArray> set;
    for (const QJsonValue &op : ops)
        set.append(compact(op));
    std::sort(set.begin(), set.end());
    return set;
}

QString prefixed(const QString &ancestor, const QString &path)
{
    return ancestor + path;
}

} // namespace

class TestSeedVectors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void vectors_data();
    void vectors();
    void allVectorsPresent();

private:
    static QJsonArray load();
};

QJsonArray TestSeedVectors::load()
{
    QFile file(QStringLiteral(AGUI_TEST_DATA_DIR "/agent/seed-vectors.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll())
        .object()
        .value(QStringLiteral("vectors"))
        .toArray();
}

void TestSeedVectors::allVectorsPresent()
{
    QCOMPARE(load().size(), 61);
}

void TestSeedVectors::vectors_data()
{
    QTest::addColumn<QJsonObject>("vector");
    const QJsonArray all = load();
    QVERIFY(!all.isEmpty());
    for (const QJsonValue &v : all) {
        const QJsonObject o = v.toObject();
        const QByteArray name = QByteArray::number(o.value(QStringLiteral("index")).toInt()) + ' '
            + o.value(QStringLiteral("kind")).toString().toUtf8() + ' '
            + o.value(QStringLiteral("function")).toString().toUtf8();
        QTest::newRow(name.constData()) << o;
    }
}

void TestSeedVectors::vectors()
{
    QFETCH(QJsonObject, vector);
    const QString kind = vector.value(QStringLiteral("kind")).toString();
    const QJsonValue input = vector.value(QStringLiteral("input"));
    // What the port must return: the reference value, unless the port documents a difference.
    const QJsonValue expected = vector.contains(QStringLiteral("expected_port"))
        ? vector.value(QStringLiteral("expected_port"))
        : vector.value(QStringLiteral("expected"));
    const QJsonObject in = input.toObject();
    const QJsonArray args = input.toArray();

    if (kind == QStringLiteral("diff")) {
        const QJsonValue from = in.value(QStringLiteral("source"));
        const QJsonValue to = in.value(QStringLiteral("destination"));
        const QString ancestor = in.value(QStringLiteral("opts"))
                                     .toObject()
                                     .value(QStringLiteral("ancestor_path"))
                                     .toString();
        const QJsonArray ops = json::diff(from, to);
        const json::PatchResult applied = json::applyPatch(from, ops);
        QVERIFY2(applied.ok, qPrintable(applied.error.message));
        QVERIFY2(json::jsonEquals(applied.document, to), compact(applied.document).constData());
        // The seed's ancestor_path option only prefixes every path; our diff is always rooted.
        QJsonArray rooted;
        for (const QJsonValue &op : ops) {
            QJsonObject o = op.toObject();
            o.insert(QStringLiteral("path"),
                     prefixed(ancestor, o.value(QStringLiteral("path")).toString()));
            rooted.append(o);
        }
        QCOMPARE(opSet(rooted), opSet(expected.toArray()));
    } else if (kind == QStringLiteral("encode")) {
        const QByteArray sse = a2uiagui::encode(in);
        QVERIFY(sse.startsWith("data: "));
        QVERIFY(sse.endsWith("\n\n"));
        QCOMPARE(sse.count('\n'), 2); // one data line, then the blank line
        const QByteArray expectedText = expected.toString().toUtf8();
        QJsonParseError err {};
        const QJsonDocument ours = QJsonDocument::fromJson(sse.mid(6, sse.size() - 8), &err);
        QCOMPARE(err.error, QJsonParseError::NoError);
        const QJsonDocument theirs
            = QJsonDocument::fromJson(expectedText.mid(6, expectedText.size() - 8));
        QCOMPARE(ours.object(), theirs.object());
        const QByteArray json = sse.mid(6, sse.size() - 8);
        QVERIFY(!json.contains(": ") && !json.contains(", ")); // compact JSON
    } else if (kind == QStringLiteral("middleware_activity")) {
        const auto result
            = a2uiagui::snapshots({}, in.value(QStringLiteral("operations")).toArray());
        QCOMPARE(toArray(result.events), expected.toArray());
    } else if (kind == QStringLiteral("surface_ids")) {
        const QStringList ids = a2uiagui::surfaceIds(input.toArray());
        QStringList want;
        for (const QJsonValue &id : expected.toArray())
            want << id.toString();
        QCOMPARE(ids, want);
    } else if (kind == QStringLiteral("describe_user_action")) {
        QCOMPARE(a2uiagui::describeUserAction(in), expected.toString());
    } else if (kind == QStringLiteral("run_started")) {
        QCOMPARE(a2uiagui::runStarted(args.at(0).toString(), args.at(1).toString()),
                 expected.toObject());
    } else if (kind == QStringLiteral("run_finished")) {
        QCOMPARE(a2uiagui::runFinished(args.at(0).toString(), args.at(1).toString()),
                 expected.toObject());
    } else if (kind == QStringLiteral("run_error")) {
        const std::optional<QString> code
            = args.size() > 1 ? std::optional<QString>(args.at(1).toString()) : std::nullopt;
        QCOMPARE(a2uiagui::runError(args.at(0).toString(), code), expected.toObject());
    } else if (kind == QStringLiteral("text_message")) {
        QCOMPARE(toArray(a2uiagui::textMessage(args.at(0).toString(), args.at(1).toString())),
                 expected.toArray());
    } else if (kind == QStringLiteral("user_action_wrapper")) {
        const QJsonObject runInput {
            {QStringLiteral("forwardedProps"), QJsonObject {{QStringLiteral("a2uiAction"), in}}}};
        const auto action = a2uiagui::userAction(runInput,
                                                 vector.value(QStringLiteral("expected"))
                                                     .toObject()
                                                     .value(QStringLiteral("ok"))
                                                     .toObject()
                                                     .value(QStringLiteral("version"))
                                                     .toString());
        QVERIFY(action.has_value());
        QCOMPARE(*action, expected.toObject());
    } else if (kind == QStringLiteral("snapshots")) {
        a2uiagui::Surfaces kept;
        const QJsonObject keptIn = in.value(QStringLiteral("kept")).toObject();
        for (auto it = keptIn.begin(); it != keptIn.end(); ++it)
            kept.insert(it.key(), it.value().toArray());
        const auto result
            = a2uiagui::snapshots(kept, in.value(QStringLiteral("messages")).toArray());
        QCOMPARE(toArray(result.events),
                 expected.toObject().value(QStringLiteral("events")).toArray());
        QJsonObject keptOut;
        for (auto it = result.surfaces.begin(); it != result.surfaces.end(); ++it)
            keptOut.insert(it.key(), it.value());
        QCOMPARE(keptOut, expected.toObject().value(QStringLiteral("kept")).toObject());
    } else if (kind == QStringLiteral("user_action")) {
        const auto action = a2uiagui::userAction(args.at(0).toObject(), args.at(1).toString());
        if (expected.isNull()) {
            QVERIFY(!action.has_value());
        } else {
            QVERIFY(action.has_value());
            QCOMPARE(*action, expected.toObject());
        }
    } else if (kind == QStringLiteral("state_snapshot")) {
        Renderer::Options options;
        options.projection = in.value(QStringLiteral("projection")).toObject();
        Renderer renderer(options);
        QCOMPARE(renderer.snapshot(), expected.toObject());
    } else if (kind == QStringLiteral("render")) {
        Renderer::Options options;
        if (in.contains(QStringLiteral("projection")))
            options.projection = in.value(QStringLiteral("projection")).toObject();
        Renderer renderer(options);
        const Renderer::Result result
            = renderer.render(in.value(QStringLiteral("event")).toObject());
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        const QJsonArray want = expected.toArray();
        QCOMPARE(result.events.size(), want.size());
        for (qsizetype i = 0; i < want.size(); ++i) {
            QJsonObject w = want.at(i).toObject();
            QJsonObject got = result.events.at(i);
            // "<any>": the vector fixes that the field is present, not its text.
            for (auto it = w.begin(); it != w.end(); ++it) {
                if (it.value() == QJsonValue(QStringLiteral("<any>"))) {
                    QVERIFY(got.value(it.key()).isString());
                    QVERIFY(!got.value(it.key()).toString().isEmpty());
                    got.insert(it.key(), it.value());
                }
            }
            if (w.value(QStringLiteral("type")) == QJsonValue(QStringLiteral("STATE_DELTA"))) {
                QCOMPARE(opSet(got.value(QStringLiteral("delta")).toArray()),
                         opSet(w.value(QStringLiteral("delta")).toArray()));
                // Applying the delta to what was sent before gives the new projection.
                Renderer::Options again = options;
                const json::PatchResult applied = json::applyPatch(
                    Renderer(again).projection(), got.value(QStringLiteral("delta")));
                QVERIFY(applied.ok);
                QCOMPARE(applied.document.toObject(), renderer.projection());
            } else {
                QCOMPARE(got, w);
            }
        }
    } else if (kind == QStringLiteral("coalesce")) {
        QList<QJsonObject> events;
        for (const QJsonValue &e : input.toArray())
            events.append(e.toObject());
        QCOMPARE(toArray(Renderer::coalesce(events)), expected.toArray());
    } else if (kind == QStringLiteral("activity_snapshot")) {
        QCOMPARE(a2uiagui::activitySnapshot(args.at(0).toString(), args.at(1).toArray()),
                 expected.toObject());
    } else if (kind == QStringLiteral("activity_type")) {
        QCOMPARE(a2uiagui::activityType(), expected.toString());
    } else {
        QFAIL(qPrintable(QStringLiteral("unknown vector kind ") + kind));
    }
}

QTEST_GUILESS_MAIN(TestSeedVectors)
#include "test_seed_vectors.moc"
