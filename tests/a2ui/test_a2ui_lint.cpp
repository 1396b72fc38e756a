// Each A2UI lint rule: a surface that breaks it (rule id, component id and JSON Pointer asserted)
// and a close variant that does not.

#include "a2uitestutil.h"
#include "core/a2ui/a2uilint.h"
#include "core/a2ui/surfacemodel.h"

#include <QtTest>

using namespace agui::a2ui;
using a2uitest::arr;
using a2uitest::fixture;

namespace {

// createSurface + updateComponents(components) + updateDataModel(data) on surface "s".
QJsonArray v09(const QString &components, const QString &data = QStringLiteral("{}"),
               const QString &catalog = QStringLiteral("basic"))
{
    const QString text
        = QStringLiteral(
              R"([{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"%1"}},
                {"version":"v0.9","updateComponents":{"surfaceId":"s","components":%2}},
                {"version":"v0.9","updateDataModel":{"surfaceId":"s","value":%3}}])")
              .arg(catalog, components, data);
    return arr(text.toUtf8().constData());
}

QJsonArray cat(QJsonArray a, const QJsonArray &b)
{
    for (const QJsonValue &v : b)
        a.append(v);
    return a;
}

Issues lintOf(const QJsonArray &messages)
{
    SurfaceSet set;
    set.applySource(QStringLiteral("src"), messages);
    return lintSurfaceSet(set);
}

QString describe(const Issues &issues)
{
    QStringList out;
    for (const Issue &i : issues)
        out.append(QStringLiteral("%1 [%2 %3] %4").arg(i.ruleId, i.componentId, i.path, i.message));
    return out.join(QLatin1Char('\n'));
}

} // namespace

class TestA2uiLint : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rules_data();
    void rules();

    void surfaceReplacedAcrossSources();

    void workedExamplesAreClean();

    void everyRuleIsDocumented();
    // Hostile shapes: nesting 10,000 deep, a cycle through 10,000 components, 100,000 siblings.
    void deepLongAndWideSurfacesLintWithoutExhaustingTheStack();
};

// Bodies outside the class: moc mis-reads raw JSON strings (URLs, quotes).
#ifndef Q_MOC_RUN
void TestA2uiLint::rules_data()
{
    QTest::addColumn<QJsonArray>("failing");
    QTest::addColumn<QJsonArray>("passing");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("componentId");
    QTest::addColumn<QString>("path");

    const QString text = QStringLiteral(R"({"id":"root","component":"Text","text":"hi"})");
    QTest::newRow("missing-root v0.9")
        << v09(QStringLiteral(R"([{"id":"main","component":"Text","text":"hi"}])"))
        << v09(QStringLiteral("[%1]").arg(text)) << "a2ui.missing-root"
        << ""
        << "";
    QTest::newRow("missing-root v0.8 root not a component")
        << arr(R"([{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"Text":{"text":{"literalString":"x"}}}}]}},
                       {"beginRendering":{"surfaceId":"s","root":"main"}}])")
        << arr(R"([{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"Text":{"text":{"literalString":"x"}}}}]}},
                       {"beginRendering":{"surfaceId":"s","root":"a"}}])")
        << "a2ui.missing-root"
        << "main"
        << "/beginRendering/root";
    QTest::newRow("dangling-child")
        << v09(QStringLiteral(
               R"([{"id":"root","component":"Column","children":["a","ghost"]},{"id":"a","component":"Text","text":"x"}])"))
        << v09(QStringLiteral(
               R"([{"id":"root","component":"Column","children":["a"]},{"id":"a","component":"Text","text":"x"}])"))
        << "a2ui.dangling-child"
        << "root"
        << "/children/1";
    QTest::newRow("cycle")
        << v09(QStringLiteral(
               R"([{"id":"root","component":"Card","child":"a"},{"id":"a","component":"Column","children":["b"]},{"id":"b","component":"Card","child":"a"}])"))
        << v09(QStringLiteral(
               R"([{"id":"root","component":"Card","child":"a"},{"id":"a","component":"Column","children":["b"]},{"id":"b","component":"Text","text":"x"}])"))
        << "a2ui.cycle"
        << "b"
        << "/child";
    QTest::newRow("duplicate-id")
        << v09(QStringLiteral(R"([%1,{"id":"root","component":"Text","text":"again"}])").arg(text))
        << v09(QStringLiteral(R"([%1,{"id":"other","component":"Text","text":"again"}])").arg(text))
        << "a2ui.duplicate-id"
        << "root"
        << "/updateComponents/components/1/id";
    QTest::newRow("unknown-component")
        << v09(QStringLiteral(R"([{"id":"root","component":"Carousel","items":[]}])"))
        << v09(QStringLiteral(R"([{"id":"root","component":"Carousel","items":[]}])"),
               QStringLiteral("{}"), QStringLiteral("https:\\/\\/example.org\\/custom.json"))
        // a custom catalog: its components are not checked
        << "a2ui.unknown-component"
        << "root"
        << "/component";
    QTest::newRow("version-mixed-prop v0.8 name in v0.9")
        << v09(QStringLiteral(R"([{"id":"root","component":"Text","text":"hi","usageHint":"h1"}])"))
        << v09(QStringLiteral(R"([{"id":"root","component":"Text","text":"hi","variant":"h1"}])"))
        << "a2ui.version-mixed-prop"
        << "root"
        << "/usageHint";
    QTest::newRow("version-mixed-prop v0.9 name in v0.8")
        << arr(R"([{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"root","component":{"Text":{"text":{"literalString":"x"},"variant":"h1"}}}]}},{"beginRendering":{"surfaceId":"s","root":"root"}}])")
        << arr(R"([{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"root","component":{"Text":{"text":{"literalString":"x"},"usageHint":"h1"}}}]}},{"beginRendering":{"surfaceId":"s","root":"root"}}])")
        << "a2ui.version-mixed-prop"
        << "root"
        << "/component/Text/variant";
    QTest::newRow("version-mixed-prop v0.8 BoundValue in v0.9")
        << v09(QStringLiteral(
               R"([{"id":"root","component":"Text","text":{"literalString":"hi"}}])"))
        << v09(QStringLiteral(R"([{"id":"root","component":"Text","text":"hi"}])"))
        << "a2ui.version-mixed-prop"
        << "root"
        << "/text";
    QTest::newRow("unresolved-path")
        << v09(QStringLiteral(R"([{"id":"root","component":"Text","text":{"path":"/user/name"}}])"),
               QStringLiteral(R"({"user":{}})"))
        << v09(QStringLiteral(R"([{"id":"root","component":"Text","text":{"path":"/user/name"}}])"),
               QStringLiteral(R"({"user":{"name":"Ada"}})"))
        << "a2ui.unresolved-path"
        << "root"
        << "/text/path";
    QTest::newRow("unresolved-path v0.8 (template items resolve against the item)")
        << arr(R"([{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"root","component":{"Text":{"text":{"path":"/name"}}}}]}},
                   {"beginRendering":{"surfaceId":"s","root":"root"}}])")
        << arr(R"([{"surfaceUpdate":{"surfaceId":"s","components":[
                     {"id":"root","component":{"List":{"children":{"template":{"componentId":"row","dataBinding":"/people"}}}}},
                     {"id":"row","component":{"Text":{"text":{"path":"/name"}}}}]}},
                   {"dataModelUpdate":{"surfaceId":"s","path":"/people","contents":[{"key":"a","valueMap":[{"key":"name","valueString":"Ann"}]}]}},
                   {"beginRendering":{"surfaceId":"s","root":"root"}}])")
        << "a2ui.unresolved-path"
        << "root"
        << "/text/path";
    QTest::newRow("unknown-catalog")
        << v09(QStringLiteral("[%1]").arg(text), QStringLiteral("{}"),
               QStringLiteral("https:\\/\\/example.org\\/mine.json"))
        << v09(QStringLiteral("[%1]").arg(text), QStringLiteral("{}"),
               QStringLiteral("https:\\/\\/a2ui.org\\/specification\\/v0_9\\/basic_catalog.json"))
        << "a2ui.unknown-catalog"
        << ""
        << "/catalogId";
    QTest::newRow("missing-required")
        << v09(QStringLiteral(R"([{"id":"root","component":"Slider","value":3}])"))
        << v09(QStringLiteral(R"([{"id":"root","component":"Slider","value":3,"max":10}])"))
        << "a2ui.missing-required"
        << "root"
        << "/max";
    QTest::newRow("unreachable")
        << v09(QStringLiteral(R"([%1,{"id":"lost","component":"Text","text":"x"}])").arg(text))
        << v09(QStringLiteral(
               R"([{"id":"root","component":"Card","child":"lost"},{"id":"lost","component":"Text","text":"x"}])"))
        << "a2ui.unreachable"
        << "lost"
        << "";
    QTest::newRow("template-truncated")
        << v09(QStringLiteral(
                   R"([{"id":"root","component":"List","children":{"componentId":"t","path":"/n"}},{"id":"t","component":"Text","text":{"path":"."}}])"),
               QStringLiteral("{\"n\":[%1]}")
                   .arg(QStringLiteral("0,").repeated(600) + QStringLiteral("0")))
        << v09(QStringLiteral(
                   R"([{"id":"root","component":"List","children":{"componentId":"t","path":"/n"}},{"id":"t","component":"Text","text":{"path":"."}}])"),
               QStringLiteral(R"({"n":[1,2,3]})"))
        << "a2ui.template-truncated"
        << "root"
        << "/children";
    QTest::newRow("unknown-message")
        << arr(R"([{"version":"v0.9","paintSurface":{"surfaceId":"s"}}])")
        << v09(QStringLiteral("[%1]").arg(text)) << "a2ui.unknown-message"
        << ""
        << "";
    QTest::newRow("unknown-version") << arr(
        R"([{"version":"v3","createSurface":{"surfaceId":"s","catalogId":"basic"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hi"}]}}])")
                                     << v09(QStringLiteral("[%1]").arg(text))
                                     << "a2ui.unknown-version"
                                     << ""
                                     << "/version";
    QTest::newRow("bad-message") << arr(
        R"([{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[]}}])")
                                 << v09(QStringLiteral("[%1]").arg(text)) << "a2ui.bad-message"
                                 << ""
                                 << "/updateComponents/components";
    QTest::newRow("missing-surface")
        << arr(R"([{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{}}}])")
        << arr(R"([{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hi"}]}},{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{}}}])")
        << "a2ui.missing-surface"
        << ""
        << "/updateDataModel/surfaceId";
    QTest::newRow("create-existing") << arr(
        R"([{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hi"}]}}])")
                                     << v09(QStringLiteral("[%1]").arg(text))
                                     << "a2ui.create-existing"
                                     << ""
                                     << "/createSurface/surfaceId";
    QTest::newRow("data-write-failed")
        << cat(v09(QStringLiteral("[%1]").arg(text)),
               arr(R"([{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/a/b","value":1}},{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/a/b/c","value":1}}])"))
        << cat(v09(QStringLiteral("[%1]").arg(text)),
               arr(R"([{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/a/b","value":1}},{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/a/c","value":1}}])"))
        << "a2ui.data-write-failed"
        << ""
        << "/updateDataModel/path";
    QTest::newRow("index-outside-template")
        << arr(R"([{"version":"v1.0","createSurface":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"@call":"@index"}}]}}])")
        << arr(R"([{"version":"v1.0","createSurface":{"surfaceId":"s","dataModel":{"xs":[1]},"components":[{"id":"root","component":"List","children":{"componentId":"row","path":"/xs"}},{"id":"row","component":"Row","children":["n"]},{"id":"n","component":"Text","text":{"@call":"@index"}}]}}])")
        << "a2ui.index-outside-template"
        << "root"
        << "/text";
    QTest::newRow("nesting-limit")
        << arr(R"([{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"call":"a","args":{"v":{"call":"b","args":{"v":{"call":"c","args":{"v":{"call":"d","args":{"v":{"call":"e","args":{"v":{"call":"f"}}}}}}}}}}}}]}}])")
        << arr(R"([{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"call":"a","args":{"v":{"call":"b","args":{"v":{"call":"c","args":{"v":{"call":"d","args":{"v":{"call":"e"}}}}}}}}}}]}}])")
        << "a2ui.nesting-limit"
        << "root"
        << "/text/args/v/args/v/args/v/args/v/args/v";
    QTest::newRow("reserved-key")
        << arr(R"([{"version":"v1.0","createSurface":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"@if":true}}]}}])")
        << arr(R"([{"version":"v1.0","createSurface":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"@@if":true}}]}}])")
        << "a2ui.reserved-key"
        << "root"
        << "/text/@if";
    QTest::newRow("unsupported-message") << cat(
        v09(QStringLiteral("[%1]").arg(text)),
        arr(R"([{"version":"v1.0","callRendererFunction":{"functionCallId":"f1","callFunction":{"call":"openUrl"}}}])"))
                                         << v09(QStringLiteral("[%1]").arg(text))
                                         << "a2ui.unsupported-message"
                                         << ""
                                         << "/callRendererFunction";
}

void TestA2uiLint::rules()
{
    QFETCH(QJsonArray, failing);
    QFETCH(QJsonArray, passing);
    QFETCH(QString, rule);
    QFETCH(QString, componentId);
    QFETCH(QString, path);
    const Issues bad = lintOf(failing);
    bool found = false;
    for (const Issue &i : bad) {
        if (i.ruleId == rule && i.componentId == componentId && i.path == path) {
            found = true;
            QVERIFY(!i.message.isEmpty());
            QVERIFY(i.surfaceId == QStringLiteral("s") || i.surfaceId.isEmpty());
        }
    }
    QVERIFY2(found,
             qPrintable(QStringLiteral("expected %1 [%2 %3] in:\n%4")
                            .arg(rule, componentId, path, describe(bad))));
    const Issues good = lintOf(passing);
    for (const Issue &i : good)
        QVERIFY2(i.ruleId != rule, qPrintable(describe(good)));
    // Every rule that fires is in the rule table.
    for (const Issue &i : bad) {
        bool listed = false;
        for (const LintRule &r : lintRules())
            listed = listed || r.id == i.ruleId;
        QVERIFY2(listed, qPrintable(i.ruleId));
    }
}

void TestA2uiLint::surfaceReplacedAcrossSources()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("a"), fixture("feedback_v09.json"));
    set.applySource(QStringLiteral("b"), fixture("feedback_v09.json"));
    bool found = false;
    for (const Issue &i : lintSurfaceSet(set))
        found = found
            || (i.ruleId == QStringLiteral("a2ui.surface-replaced")
                && i.sourceId == QStringLiteral("b"));
    QVERIFY(found);
    // The same source re-sending its snapshot is not a replacement.
    SurfaceSet same;
    same.applySource(QStringLiteral("a"), fixture("feedback_v09.json"));
    same.applySource(QStringLiteral("a"), fixture("feedback_v09.json"));
    QVERIFY2(lintSurfaceSet(same).isEmpty(), qPrintable(describe(lintSurfaceSet(same))));
}

void TestA2uiLint::workedExamplesAreClean()
{
    for (const char *name : {"feedback_v09.json", "feedback_v10.json", "feedback_v08.json"}) {
        const Issues issues = lintOf(fixture(name));
        QVERIFY2(issues.isEmpty(),
                 qPrintable(QLatin1String(name) + QLatin1Char('\n') + describe(issues)));
    }
}

void TestA2uiLint::everyRuleIsDocumented()
{
    QFile doc(QStringLiteral(AGUI_SOURCE_DIR "/docs/a2ui.md"));
    QVERIFY(doc.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(doc.readAll());
    for (const LintRule &r : lintRules())
        QVERIFY2(text.contains(QLatin1Char('`') + r.id + QLatin1Char('`')), qPrintable(r.id));
}

#endif

void TestA2uiLint::deepLongAndWideSurfacesLintWithoutExhaustingTheStack()
{
    constexpr int kDepth = 10000;
    const auto chain = [](bool closed) -> QString {
        QStringList components {QStringLiteral(R"({"id":"root","component":"Card","child":"c0"})")};
        for (int i = 0; i < kDepth; ++i) {
            const QString next
                = i + 1 < kDepth ? QStringLiteral("c%1").arg(i + 1) : QStringLiteral("c0");
            components.append(
                i + 1 < kDepth || closed
                    ? QStringLiteral(R"({"id":"c%1","component":"Card","child":"%2"})")
                          .arg(i)
                          .arg(next)
                    : QStringLiteral(R"({"id":"c%1","component":"Text","text":"end"})").arg(i));
        }
        return QLatin1Char('[') + components.join(QLatin1Char(',')) + QLatin1Char(']');
    };
    const Issues deep = lintOf(v09(chain(false)));
    QVERIFY2(deep.isEmpty(), qPrintable(describe(deep).left(2000)));

    const Issues cyclic = lintOf(v09(chain(true)));
    QCOMPARE(cyclic.size(), 1);
    QCOMPARE(cyclic.first().ruleId, QStringLiteral("a2ui.cycle"));
    QCOMPARE(cyclic.first().componentId, QStringLiteral("c%1").arg(kDepth - 1));
    QVERIFY2(cyclic.first().message.contains(QStringLiteral("(%1 components)").arg(kDepth)),
             qPrintable(cyclic.first().message));
    QVERIFY(cyclic.first().message.size() < 300);

    QStringList ids;
    QStringList texts;
    for (int i = 0; i < 100000; ++i) {
        ids.append(QStringLiteral("\"t%1\"").arg(i));
        texts.append(QStringLiteral(R"({"id":"t%1","component":"Text","text":"x"})").arg(i));
    }
    const QString wide
        = QStringLiteral(R"([{"id":"root","component":"Column","children":[%1]},%2])")
              .arg(ids.join(QLatin1Char(',')), texts.join(QLatin1Char(',')));
    const Issues flat = lintOf(v09(wide));
    QVERIFY2(flat.isEmpty(), qPrintable(describe(flat).left(2000)));
}

QTEST_GUILESS_MAIN(TestA2uiLint)
#include "test_a2ui_lint.moc"
