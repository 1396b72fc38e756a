#include "ui/dialogs/colouringrulesdialog.h"

#include <QColorDialog>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

// The rule's colour is the name cell's background, as the list will show it.
constexpr int kColourRole = Qt::UserRole + 1;

} // namespace

ColouringRulesDialog::ColouringRulesDialog(const QList<ColouringRule> &rules, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Colouring Rules"));
    m_table = new QTableWidget(0, 2, this);
    m_table->setObjectName(QStringLiteral("colouringRulesTable"));
    m_table->setHorizontalHeaderLabels({tr("Name"), tr("Filter")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    connect(m_table, &QTableWidget::itemChanged, this, &ColouringRulesDialog::validate);

    auto *side = new QVBoxLayout;
    const auto addButton = [this, side](const QString &text, auto slot) {
        auto *button = new QPushButton(text, this);
        connect(button, &QPushButton::clicked, this, slot);
        side->addWidget(button);
    };
    addButton(tr("&Add"), [this] {
        addRule({tr("New rule"), QStringLiteral("type:CUSTOM"), QColor(0xe8, 0xf5, 0xe9), true});
        m_table->editItem(m_table->item(m_table->rowCount() - 1, FilterColumn));
    });
    addButton(tr("&Remove"), [this] { removeCurrentRule(); });
    addButton(tr("&Up"), [this] { moveCurrentRule(-1); });
    addButton(tr("Do&wn"), [this] { moveCurrentRule(1); });
    addButton(tr("&Colour…"), [this] { chooseColour(); });
    addButton(tr("Restore &Defaults"), [this] { setRules(ColouringRules::defaults()); });
    side->addStretch();

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("colouringRulesProblem"));
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setWordWrap(true);
    auto *hint = new QLabel(tr("The first enabled rule whose filter matches an event colours its "
                               "row. Filters use the filter bar's language."),
                            this);
    hint->setWordWrap(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *row = new QHBoxLayout;
    row->addWidget(m_table, 1);
    row->addLayout(side);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(hint);
    layout->addLayout(row, 1);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    resize(640, 360);
    setRules(rules);
}

void ColouringRulesDialog::setRules(const QList<ColouringRule> &rules)
{
    m_table->setRowCount(0);
    for (const ColouringRule &rule : rules)
        addRule(rule);
    m_table->resizeColumnToContents(NameColumn);
    // Rows show their own colours until the user picks one (a selected row shows the
    // selection colour instead); the current row stays, for the buttons.
    m_table->clearSelection();
}

void ColouringRulesDialog::addRule(const ColouringRule &rule)
{
    const QSignalBlocker blocker(m_table); // one validation once the row is whole
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto *name = new QTableWidgetItem(rule.name);
    name->setFlags(name->flags() | Qt::ItemIsUserCheckable);
    name->setCheckState(rule.enabled ? Qt::Checked : Qt::Unchecked);
    m_table->setItem(row, NameColumn, name);
    m_table->setItem(row, FilterColumn, new QTableWidgetItem(rule.filter));
    m_table->setCurrentCell(row, NameColumn);
    setCurrentColour(rule.background);
    validate();
}

void ColouringRulesDialog::setCurrentColour(const QColor &colour)
{
    const int row = m_table->currentRow();
    if (row < 0 || !colour.isValid())
        return;
    const QSignalBlocker blocker(m_table);
    for (int column : {NameColumn, FilterColumn}) {
        QTableWidgetItem *item = m_table->item(row, column);
        item->setData(kColourRole, colour);
        item->setBackground(colour);
        item->setForeground(ColouringRules::textOn(colour));
    }
}

void ColouringRulesDialog::chooseColour()
{
    const int row = m_table->currentRow();
    if (row < 0)
        return;
    const QColor current = m_table->item(row, NameColumn)->data(kColourRole).value<QColor>();
    setCurrentColour(QColorDialog::getColor(current, this, tr("Row Colour")));
}

void ColouringRulesDialog::removeCurrentRule()
{
    if (m_table->currentRow() >= 0)
        m_table->removeRow(m_table->currentRow());
    validate();
}

void ColouringRulesDialog::moveCurrentRule(int by)
{
    const int from = m_table->currentRow();
    const int to = from + by;
    if (from < 0 || to < 0 || to >= m_table->rowCount())
        return;
    QList<ColouringRule> all = rules();
    all.move(from, to);
    setRules(all);
    m_table->setCurrentCell(to, NameColumn);
}

QList<ColouringRule> ColouringRulesDialog::rules() const
{
    QList<ColouringRule> out;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QTableWidgetItem *name = m_table->item(row, NameColumn);
        const QTableWidgetItem *filter = m_table->item(row, FilterColumn);
        out << ColouringRule {name->text().trimmed(), filter->text().trimmed(),
                              name->data(kColourRole).value<QColor>(),
                              name->checkState() == Qt::Checked};
    }
    return out;
}

QString ColouringRulesDialog::problem() const
{
    const QList<ColouringRule> all = rules();
    for (int i = 0; i < all.size(); ++i) {
        if (const QString problem = ColouringRules::problemOf(all.at(i), i); !problem.isEmpty())
            return problem;
    }
    return {};
}

void ColouringRulesDialog::validate()
{
    const QString text = problem();
    m_problem->setText(text);
    m_problem->setVisible(!text.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(text.isEmpty());
}

} // namespace agui::ui
