#pragma once

#include "ui/models/colouringrules.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QTableWidget;

namespace agui::ui {

// View > Colouring Rules…: the list's colouring rules as a table (on/off and name, filter,
// colour), with Add, Remove, Up, Down, Colour… and Restore Defaults. A filter is checked as it
// is typed; OK stays disabled while one does not parse, and the problem is named.
class ColouringRulesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ColouringRulesDialog(const QList<ColouringRule> &rules, QWidget *parent = nullptr);

    QList<ColouringRule> rules() const;
    QTableWidget *table() const { return m_table; }
    // The first problem, or "" when every rule is usable.
    QString problem() const;

    enum Column { NameColumn, FilterColumn };

    void addRule(const ColouringRule &rule);
    void removeCurrentRule();
    void moveCurrentRule(int by);
    void setRules(const QList<ColouringRule> &rules);
    void setCurrentColour(const QColor &colour);

private:
    void chooseColour();
    void validate();

    QTableWidget *m_table = nullptr;
    QLabel *m_problem = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace agui::ui
