#include "core/analysis/lintreport.h"

#include "core/finding/rulecategory.h"
#include "core/session/lintrules.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QUrl>
#include <QXmlStreamWriter>

#include <algorithm>

namespace agui::analysis {

namespace {

// The sections of docs/lint-rules.md that document the ids of a whole family.
QString familyHeading(const QString &ruleId)
{
    const QString family = ruleId.section(QLatin1Char('.'), 0, 0);
    if (family == QLatin1String("session"))
        return QStringLiteral("Session model findings (`session.*`)");
    if (family == QLatin1String("capture"))
        return QStringLiteral("Capture file findings (`capture.*`)");
    if (family == QLatin1String("a2ui"))
        return QStringLiteral("A2UI findings (`a2ui.*`)");
    return QStringLiteral("Layers"); // schema.*, wire.*, chunk.*, input.*: the layer table
}

QString sarifLevel(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return QStringLiteral("error");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Info:
        break;
    }
    return QStringLiteral("note");
}

// A relative path stays a relative URI reference; an absolute one becomes a file: URI.
QString artifactUri(const QString &name)
{
    if (name == QLatin1String("-") || name == QLatin1String("<stdin>"))
        return QStringLiteral("stdin");
    if (name.startsWith(QLatin1Char('/')))
        return QUrl::fromLocalFile(name).toString(QUrl::FullyEncoded);
    return QString::fromUtf8(QUrl::toPercentEncoding(name, "/"));
}

struct RuleEntry
{
    QString id;
    QString title;
    QString meaning;
    Severity severity = Severity::Error;
    QString layer;
    RuleStatus status = RuleStatus::Published;
};

// Every rule of the linter's table, then the other ids the findings name, in id order.
QList<RuleEntry> rulesFor(const QList<LintedFile> &files)
{
    QList<RuleEntry> rules;
    for (const LintRule &r : lintRules())
        rules.append({QString(r.id), QString(r.title), QString(r.meaning), r.severity,
                      QString(r.layer), r.status});
    QMap<QString, RuleEntry> others;
    for (const LintedFile &file : files) {
        for (const FileFinding &f : file.findings) {
            if (!findLintRule(f.ruleId) && !others.contains(f.ruleId))
                others.insert(f.ruleId, {f.ruleId, f.ruleId, {}, f.severity, f.layer});
        }
    }
    rules.append(others.values());
    return rules;
}

QJsonObject sarifRule(const RuleEntry &rule, const SarifOptions &options)
{
    const QString reference = ruleDocReference(rule.id);
    QJsonObject o;
    o.insert(QLatin1String("id"), rule.id);
    o.insert(QLatin1String("shortDescription"), QJsonObject {{QLatin1String("text"), rule.title}});
    if (!rule.meaning.isEmpty())
        o.insert(QLatin1String("fullDescription"),
                 QJsonObject {{QLatin1String("text"), rule.meaning}});
    o.insert(QLatin1String("defaultConfiguration"),
             QJsonObject {{QLatin1String("level"), sarifLevel(rule.severity)}});
    o.insert(
        QLatin1String("help"),
        QJsonObject {{QLatin1String("text"), QStringLiteral("See %1").arg(reference)},
                     {QLatin1String("markdown"), QStringLiteral("See [%1](%1)").arg(reference)}});
    if (!options.docsBaseUri.isEmpty())
        o.insert(QLatin1String("helpUri"), QString(options.docsBaseUri + reference));
    // tags: the rule's category (as ag-ui-validate 0.4.0 tags its rules), and "draft" for a rule
    // of the draft specification.
    QJsonArray tags {QString(ruleCategory(rule.id))};
    if (rule.status == RuleStatus::Draft)
        tags.append(QString(ruleStatusName(rule.status)));
    o.insert(QLatin1String("properties"),
             QJsonObject {{QLatin1String("layer"), rule.layer},
                          {QLatin1String("category"), QString(ruleCategory(rule.id))},
                          {QLatin1String("status"), QString(ruleStatusName(rule.status))},
                          {QLatin1String("tags"), tags},
                          {QLatin1String("documentation"), reference}});
    return o;
}

QJsonObject sarifLocation(const FileFinding &f, int artifactIndex, const QString &uri)
{
    QJsonObject physical;
    physical.insert(
        QLatin1String("artifactLocation"),
        QJsonObject {{QLatin1String("uri"), uri}, {QLatin1String("index"), artifactIndex}});
    QJsonObject region;
    if (f.line > 0) {
        region.insert(QLatin1String("startLine"), double(f.line));
        if (f.column > 0)
            region.insert(QLatin1String("startColumn"), double(f.column));
    }
    if (f.byteOffset >= 0)
        region.insert(QLatin1String("byteOffset"), double(f.byteOffset));
    if (!region.isEmpty())
        physical.insert(QLatin1String("region"), region);
    QJsonObject location {{QLatin1String("physicalLocation"), physical}};
    if (f.eventIndex >= 0) {
        const QString event = QStringLiteral("event %1").arg(f.eventIndex);
        location.insert(
            QLatin1String("logicalLocations"),
            QJsonArray {QJsonObject {{QLatin1String("name"), event},
                                     {QLatin1String("fullyQualifiedName"), QString(event + f.path)},
                                     {QLatin1String("kind"), QStringLiteral("object")}}});
    }
    return location;
}

QJsonObject sarifResult(const FileFinding &f, int ruleIndex, int artifactIndex, const QString &uri)
{
    QJsonObject result;
    result.insert(QLatin1String("ruleId"), f.ruleId);
    result.insert(QLatin1String("ruleIndex"), ruleIndex);
    result.insert(QLatin1String("level"), sarifLevel(f.severity));
    result.insert(QLatin1String("message"), QJsonObject {{QLatin1String("text"), f.message}});
    result.insert(QLatin1String("locations"), QJsonArray {sarifLocation(f, artifactIndex, uri)});
    QJsonObject properties {{QLatin1String("layer"), f.layer},
                            {QLatin1String("category"), QString(ruleCategory(f.ruleId))},
                            {QLatin1String("jsonPointer"), f.path}};
    properties.insert(QLatin1String("eventIndex"),
                      f.eventIndex >= 0 ? QJsonValue(double(f.eventIndex)) : QJsonValue());
    result.insert(QLatin1String("properties"), properties);
    return result;
}

QString findingPlace(const FileFinding &f)
{
    QString place = f.eventIndex >= 0 ? QStringLiteral("event %1").arg(f.eventIndex)
                                      : QStringLiteral("end of stream");
    if (f.byteOffset >= 0)
        place += QStringLiteral(" (byte %1)").arg(f.byteOffset);
    if (!f.path.isEmpty())
        place += QLatin1Char(' ') + f.path;
    return place;
}

void junitSuite(QXmlStreamWriter &xml, const LintedFile &file, Severity failOn)
{
    const qsizetype failures
        = std::count_if(file.findings.cbegin(), file.findings.cend(),
                        [failOn](const FileFinding &f) { return f.severity >= failOn; });
    const QString name = file.name == QLatin1String("-") ? QStringLiteral("<stdin>") : file.name;
    xml.writeStartElement(QStringLiteral("testsuite"));
    xml.writeAttribute(QStringLiteral("name"), name);
    xml.writeAttribute(QStringLiteral("tests"),
                       QString::number(std::max<qsizetype>(1, file.findings.size())));
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QStringLiteral("0"));
    xml.writeAttribute(QStringLiteral("skipped"), QStringLiteral("0"));
    if (file.findings.isEmpty()) {
        xml.writeEmptyElement(QStringLiteral("testcase"));
        xml.writeAttribute(QStringLiteral("classname"), name);
        xml.writeAttribute(QStringLiteral("name"), QStringLiteral("no findings"));
    }
    for (const FileFinding &f : file.findings) {
        xml.writeStartElement(QStringLiteral("testcase"));
        xml.writeAttribute(QStringLiteral("classname"), name);
        xml.writeAttribute(QStringLiteral("name"),
                           f.ruleId + QStringLiteral(" at ") + findingPlace(f));
        // The rule's layer and category as testcase properties (the form CI dashboards that read
        // JUnit group and filter by).
        xml.writeStartElement(QStringLiteral("properties"));
        for (const auto &[key, value] :
             {std::pair(QStringLiteral("layer"), f.layer),
              std::pair(QStringLiteral("category"), QString(ruleCategory(f.ruleId)))}) {
            xml.writeEmptyElement(QStringLiteral("property"));
            xml.writeAttribute(QStringLiteral("name"), key);
            xml.writeAttribute(QStringLiteral("value"), value);
        }
        xml.writeEndElement();
        const QString detail
            = QStringLiteral("%1 %2 (%3, %4): %5\nSee %6")
                  .arg(severityName(f.severity), f.ruleId, f.layer, ruleCategory(f.ruleId),
                       f.message, ruleDocReference(f.ruleId));
        if (f.severity >= failOn) {
            xml.writeStartElement(QStringLiteral("failure"));
            xml.writeAttribute(QStringLiteral("type"), f.ruleId);
            xml.writeAttribute(QStringLiteral("message"), f.message);
            xml.writeCharacters(detail);
            xml.writeEndElement();
        } else {
            xml.writeTextElement(QStringLiteral("system-out"), detail);
        }
        xml.writeEndElement();
    }
    xml.writeEndElement();
}

} // namespace

QString headingSlug(const QString &heading)
{
    QString slug;
    for (const QChar c : heading.toLower()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            slug.append(c);
        else if (c == QLatin1Char(' '))
            slug.append(QLatin1Char('-'));
    }
    return slug;
}

QString ruleDocAnchor(const QString &ruleId)
{
    if (findLintRule(ruleId))
        return headingSlug(QLatin1Char('`') + ruleId + QLatin1Char('`'));
    return headingSlug(familyHeading(ruleId));
}

QString ruleDocReference(const QString &ruleId)
{
    return QStringLiteral("docs/lint-rules.md#") + ruleDocAnchor(ruleId);
}

QByteArray sarifLog(const QList<LintedFile> &files, const SarifOptions &options)
{
    const QList<RuleEntry> rules = rulesFor(files);
    QHash<QString, int> ruleIndex;
    QJsonArray ruleArray;
    for (const RuleEntry &r : rules) {
        ruleIndex.insert(r.id, int(ruleArray.size()));
        ruleArray.append(sarifRule(r, options));
    }
    QJsonArray artifacts;
    QJsonArray results;
    for (const LintedFile &file : files) {
        const int artifactIndex = int(artifacts.size());
        const QString uri = artifactUri(file.name);
        artifacts.append(
            QJsonObject {{QLatin1String("location"), QJsonObject {{QLatin1String("uri"), uri}}}});
        for (const FileFinding &f : file.findings)
            results.append(sarifResult(f, ruleIndex.value(f.ruleId), artifactIndex, uri));
    }
    QJsonObject driver {{QLatin1String("name"), QStringLiteral("agui-inspect")},
                        {QLatin1String("rules"), ruleArray}};
    if (!options.toolVersion.isEmpty())
        driver.insert(QLatin1String("version"), options.toolVersion);
    const QJsonObject run {{QLatin1String("tool"), QJsonObject {{QLatin1String("driver"), driver}}},
                           {QLatin1String("artifacts"), artifacts},
                           {QLatin1String("columnKind"), QStringLiteral("unicodeCodePoints")},
                           {QLatin1String("results"), results}};
    const QJsonObject log {
        {QLatin1String("$schema"), QStringLiteral("https://json.schemastore.org/sarif-2.1.0.json")},
        {QLatin1String("version"), QStringLiteral("2.1.0")},
        {QLatin1String("runs"), QJsonArray {run}}};
    return QJsonDocument(log).toJson(QJsonDocument::Indented);
}

QByteArray junitLintReport(const QList<LintedFile> &files, Severity failOn)
{
    QByteArray out;
    QXmlStreamWriter xml(&out);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    qint64 tests = 0;
    qint64 failures = 0;
    for (const LintedFile &file : files) {
        tests += std::max<qsizetype>(1, file.findings.size());
        for (const FileFinding &f : file.findings)
            failures += f.severity >= failOn;
    }
    xml.writeStartElement(QStringLiteral("testsuites"));
    xml.writeAttribute(QStringLiteral("name"), QStringLiteral("agui-inspect lint"));
    xml.writeAttribute(QStringLiteral("tests"), QString::number(tests));
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QStringLiteral("0"));
    for (const LintedFile &file : files)
        junitSuite(xml, file, failOn);
    xml.writeEndElement();
    xml.writeEndDocument();
    return out;
}

LineIndex::LineIndex(const QByteArray &text)
    : m_text(text)
{
    m_lineStarts.append(0);
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == '\n')
            m_lineStarts.append(i + 1);
    }
}

bool LineIndex::locate(qint64 byteOffset, qint64 *line, qint64 *column) const
{
    if (byteOffset < 0 || byteOffset > m_text.size())
        return false;
    const auto it = std::upper_bound(m_lineStarts.cbegin(), m_lineStarts.cend(), byteOffset);
    const qint64 start = *(it - 1);
    *line = it - m_lineStarts.cbegin();
    // Columns count characters (SARIF columnKind unicodeCodePoints), not bytes.
    *column = QString::fromUtf8(m_text.constData() + start, byteOffset - start).toUcs4().size() + 1;
    return true;
}

} // namespace agui::analysis
