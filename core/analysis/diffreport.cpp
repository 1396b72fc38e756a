// The session diff as JSON and as JUnit XML.

#include "core/analysis/sessiondiff.h"
#include "core/json/jsontext.h"

#include <QJsonDocument>
#include <QXmlStreamWriter>

namespace agui::analysis {

namespace {

const QStringList &sections()
{
    static const QStringList list {QStringLiteral("events"),   QStringLiteral("runs"),
                                   QStringLiteral("messages"), QStringLiteral("toolCalls"),
                                   QStringLiteral("state"),    QStringLiteral("surfaces"),
                                   QStringLiteral("timing")};
    return list;
}

QJsonValue seqValue(qint64 seq)
{
    return seq >= 0 ? QJsonValue(double(seq)) : QJsonValue();
}

QJsonValue definedOrNull(const QJsonValue &v)
{
    return v.isUndefined() ? QJsonValue() : v;
}

} // namespace

QString describeDiffItem(const DiffItem &item)
{
    QString line = diffKindName(item.kind) + QLatin1Char(' ') + item.key;
    if (item.seqA >= 0 || item.seqB >= 0)
        line += QStringLiteral(" (event %1 / %2)")
                    .arg(item.seqA >= 0 ? QString::number(item.seqA) : QStringLiteral("-"),
                         item.seqB >= 0 ? QString::number(item.seqB) : QStringLiteral("-"));
    if (item.kind == DiffKind::Changed && !item.patch.isEmpty())
        line += QStringLiteral(": ") + json::toCompactJson(item.patch);
    return line;
}

QJsonObject diffToJson(const SessionDiff &diff, const DiffSide &a, const DiffSide &b,
                       const DiffOptions &options)
{
    QJsonObject o;
    o.insert(QLatin1String("same"), diff.same());
    o.insert(QLatin1String("sides"),
             QJsonObject {{QLatin1String("a"), a.name}, {QLatin1String("b"), b.name}});
    o.insert(QLatin1String("options"),
             QJsonObject {{QLatin1String("ignoreIds"), options.ignoreIds},
                          {QLatin1String("ignoreTimestamps"), options.ignoreTimestamps},
                          {QLatin1String("ignoreText"), options.ignoreText},
                          {QLatin1String("ignoreTiming"), options.ignoreTiming}});
    QJsonObject counts;
    for (const DiffKind k :
         {DiffKind::Added, DiffKind::Missing, DiffKind::Reordered, DiffKind::Changed})
        counts.insert(diffKindName(k), double(diff.count(k)));
    o.insert(QLatin1String("counts"), counts);
    o.insert(QLatin1String("events"),
             QJsonObject {{QLatin1String("a"), double(diff.eventsA)},
                          {QLatin1String("b"), double(diff.eventsB)},
                          {QLatin1String("matched"), double(diff.eventsMatched)}});
    QJsonArray list;
    for (const DiffItem &item : diff.items) {
        QJsonObject d {{QLatin1String("section"), item.section},
                       {QLatin1String("kind"), diffKindName(item.kind)},
                       {QLatin1String("key"), item.key},
                       {QLatin1String("seqA"), seqValue(item.seqA)},
                       {QLatin1String("seqB"), seqValue(item.seqB)}};
        if (!item.a.isUndefined())
            d.insert(QLatin1String("a"), definedOrNull(item.a));
        if (!item.b.isUndefined())
            d.insert(QLatin1String("b"), definedOrNull(item.b));
        if (item.kind == DiffKind::Changed)
            d.insert(QLatin1String("patch"), item.patch);
        list.append(d);
    }
    o.insert(QLatin1String("differences"), list);
    return o;
}

QByteArray diffToJUnit(const SessionDiff &diff, const DiffSide &a, const DiffSide &b)
{
    QByteArray out;
    QXmlStreamWriter xml(&out);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    const QString suite = QStringLiteral("diff %1 %2").arg(a.name, b.name);
    qsizetype failures = 0;
    for (const QString &section : sections()) {
        failures += std::any_of(diff.items.cbegin(), diff.items.cend(),
                                [&](const DiffItem &i) { return i.section == section; });
    }
    xml.writeStartElement(QStringLiteral("testsuites"));
    xml.writeAttribute(QStringLiteral("name"), QStringLiteral("agui-inspect diff"));
    xml.writeAttribute(QStringLiteral("tests"), QString::number(sections().size()));
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QStringLiteral("0"));
    xml.writeStartElement(QStringLiteral("testsuite"));
    xml.writeAttribute(QStringLiteral("name"), suite);
    xml.writeAttribute(QStringLiteral("tests"), QString::number(sections().size()));
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QStringLiteral("0"));
    xml.writeAttribute(QStringLiteral("skipped"), QStringLiteral("0"));
    for (const QString &section : sections()) {
        QStringList lines;
        for (const DiffItem &item : diff.items) {
            if (item.section == section)
                lines.append(describeDiffItem(item));
        }
        xml.writeStartElement(QStringLiteral("testcase"));
        xml.writeAttribute(QStringLiteral("classname"), suite);
        xml.writeAttribute(QStringLiteral("name"), section);
        if (!lines.isEmpty()) {
            xml.writeStartElement(QStringLiteral("failure"));
            xml.writeAttribute(QStringLiteral("type"), QStringLiteral("difference"));
            xml.writeAttribute(
                QStringLiteral("message"),
                QStringLiteral("%1 difference(s) in %2").arg(lines.size()).arg(section));
            xml.writeCharacters(lines.join(QLatin1Char('\n')));
            xml.writeEndElement();
        }
        xml.writeEndElement();
    }
    xml.writeEndElement();
    xml.writeEndElement();
    xml.writeEndDocument();
    return out;
}

} // namespace agui::analysis
