#include "ui/models/colouringrules.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

namespace agui::ui {

namespace {

const QString kSettingsKey = QStringLiteral("view/colouringRules");

} // namespace

QList<ColouringRule> ColouringRules::defaults()
{
    // Light tints, so the family colours of the Type column still read where no rule applies,
    // and the rows a developer hunts for first stand out: errors, then warnings.
    return {
        {QObject::tr("Errors"), QStringLiteral("has:error"), QColor(0xff, 0xd6, 0xd6), true},
        {QObject::tr("Warnings"), QStringLiteral("has:warning"), QColor(0xff, 0xf1, 0xc2), true},
        // Before the run boundaries: a run that failed must not look like one that finished.
        {QObject::tr("Failed runs"), QStringLiteral("type:RUN_ERROR"), QColor(0xf4, 0xb8, 0xb8),
         true},
        {QObject::tr("Run boundaries"), QStringLiteral("type:RUN_*"), QColor(0xdd, 0xe8, 0xfa),
         true},
    };
}

QByteArray ColouringRules::toJson(const QList<ColouringRule> &rules)
{
    QJsonArray array;
    for (const ColouringRule &rule : rules) {
        array.append(QJsonObject {{QStringLiteral("name"), rule.name},
                                  {QStringLiteral("filter"), rule.filter},
                                  {QStringLiteral("background"), rule.background.name()},
                                  {QStringLiteral("enabled"), rule.enabled}});
    }
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

QList<ColouringRule> ColouringRules::fromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isArray()) {
        if (error)
            *error = QObject::tr("colouring rules: not a JSON array (%1)")
                         .arg(parseError.errorString());
        return {};
    }
    QList<ColouringRule> rules;
    QStringList problems;
    const QJsonArray array = doc.array();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject o = array.at(i).toObject();
        ColouringRule rule {o.value(QStringLiteral("name")).toString(),
                            o.value(QStringLiteral("filter")).toString(),
                            QColor(o.value(QStringLiteral("background")).toString()),
                            o.value(QStringLiteral("enabled")).toBool(true)};
        if (const QString problem = problemOf(rule, int(i)); !problem.isEmpty()) {
            problems << problem;
            continue;
        }
        rules << rule;
    }
    if (error)
        *error = problems.join(QStringLiteral("; "));
    return rules;
}

QString ColouringRules::problemOf(const ColouringRule &rule, int index)
{
    if (rule.name.isEmpty())
        return QObject::tr("Rule %1 needs a name.").arg(index + 1);
    if (!rule.background.isValid())
        return QObject::tr("Rule %1 (%2) has no valid background colour.")
            .arg(index + 1)
            .arg(rule.name);
    // Validity first: a filter that does not parse has no terms either.
    const EventFilter filter = EventFilter::parse(rule.filter);
    if (!filter.isValid())
        return QObject::tr("Rule %1 (%2): %3").arg(index + 1).arg(rule.name, filter.errorMessage());
    if (filter.isEmpty())
        return QObject::tr("Rule %1 (%2) needs a filter.").arg(index + 1).arg(rule.name);
    return {};
}

QList<ColouringRule> ColouringRules::load()
{
    const QSettings settings;
    if (!settings.contains(kSettingsKey))
        return defaults();
    return fromJson(settings.value(kSettingsKey).toByteArray());
}

void ColouringRules::save(const QList<ColouringRule> &rules)
{
    QSettings().setValue(kSettingsKey, toJson(rules));
}

ColouringRules::ColouringRules(const QList<ColouringRule> &rules)
    : m_rules(rules)
{
    for (int i = 0; i < qMin(int(m_rules.size()), kMaxRules); ++i) {
        if (!m_rules.at(i).enabled)
            continue;
        EventFilter filter = EventFilter::parse(m_rules.at(i).filter);
        if (filter.isValid() && !filter.isEmpty())
            m_compiled.append({i, std::move(filter)});
    }
}

int ColouringRules::match(const EventStore &store, qint64 seq) const
{
    for (const auto &[index, filter] : m_compiled) {
        if (filter.matches(store, seq))
            return index;
    }
    return -1;
}

QColor ColouringRules::shownOn(const QColor &background, bool darkPalette)
{
    if (!darkPalette || background.lightness() < 128)
        return background;
    const QColor base(0x26, 0x26, 0x26); // about the dark theme's list base
    constexpr double kTint = 0.25;
    return QColor::fromRgbF(float(base.redF() + (background.redF() - base.redF()) * kTint),
                            float(base.greenF() + (background.greenF() - base.greenF()) * kTint),
                            float(base.blueF() + (background.blueF() - base.blueF()) * kTint));
}

QColor ColouringRules::textOn(const QColor &background)
{
    // Relative luminance (WCAG's weights, without the gamma curve: enough to pick a side).
    const double luminance
        = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.5 ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace agui::ui
