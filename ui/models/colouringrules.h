#pragma once

#include "core/session/eventfilter.h"

#include <QByteArray>
#include <QColor>
#include <QList>
#include <QString>

namespace agui::ui {

// One colouring rule of the event list (Wireshark's "Coloring Rules"): events the filter
// matches get the background colour. The filter is the filter bar's language
// (core/session/eventfilter.h), so a rule is tried in the filter bar first.
struct ColouringRule
{
    QString name;
    QString filter;
    QColor background;
    bool enabled = true;

    bool operator==(const ColouringRule &other) const = default;
};

// The user's rules, in order: the first enabled rule whose filter matches paints the row.
// Kept in the settings as JSON ("view/colouringRules"); the built-in ones apply until the
// user saves their own.
class ColouringRules
{
public:
    static QList<ColouringRule> defaults();
    // The JSON kept in the settings: [{"name","filter","background":"#rrggbb","enabled"}].
    static QByteArray toJson(const QList<ColouringRule> &rules);
    // Rules without a name, a valid colour or a filter that parses are reported by index in
    // *error and left out; the others are kept.
    static QList<ColouringRule> fromJson(const QByteArray &json, QString *error = nullptr);
    // What keeps rule `index` (0-based) from being used, as the dialog and the settings reader
    // both say it ("Rule 3 (Text) needs a filter."); empty when the rule is fine.
    static QString problemOf(const ColouringRule &rule, int index);
    // From the settings (the defaults when nothing is saved); save() writes them there.
    static QList<ColouringRule> load();
    static void save(const QList<ColouringRule> &rules);

    static constexpr int kMaxRules = 1000; // beyond it, load() and the model ignore the rest
    ColouringRules() = default;
    explicit ColouringRules(const QList<ColouringRule> &rules);
    const QList<ColouringRule> &rules() const { return m_rules; }
    bool isEmpty() const { return m_compiled.isEmpty(); }
    // The index in rules() of the first enabled rule that matches event seq; -1 when none.
    int match(const EventStore &store, qint64 seq) const;
    QColor background(int rule) const { return m_rules.at(rule).background; }
    // The colour as a row shows it: as chosen on a light palette; on a dark one a light tint is
    // mixed into the dark base, so a pale rule stays a tint instead of a glaring band (the
    // user's colour still decides the hue).
    static QColor shownOn(const QColor &background, bool darkPalette);
    // Black or white, whichever reads on the background.
    static QColor textOn(const QColor &background);

private:
    QList<ColouringRule> m_rules;
    QList<QPair<int, EventFilter>> m_compiled; // enabled rules with a valid filter, parsed once
};

} // namespace agui::ui
