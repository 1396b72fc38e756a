#pragma once

#include "core/analysis/sessiondiff.h"

#include <QAbstractTableModel>

namespace agui::ui {

// The differences of a session diff as a table: section, change (added / missing / reordered /
// changed), what, and the event on each side. Plain text only (keys hold agent-chosen ids).
class DiffModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Section, Change, What, EventA, EventB, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setDiff(analysis::SessionDiff diff);
    const analysis::SessionDiff &diff() const { return m_diff; }
    const analysis::DiffItem *item(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    analysis::SessionDiff m_diff;
};

} // namespace agui::ui
