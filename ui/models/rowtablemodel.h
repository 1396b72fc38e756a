#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QStringList>

#include <utility>

namespace agui::ui {

// A read-only table over rows held by value, replaced as a whole: the count, the rows, the
// column titles and the reset every such table needs. A subclass says what its cells show.
template<typename Row> class RowTableModel : public QAbstractTableModel
{
public:
    // One title per column, in column order.
    explicit RowTableModel(QStringList columnTitles, QObject *parent = nullptr)
        : QAbstractTableModel(parent)
        , m_titles(std::move(columnTitles))
    { }

    void setRows(QList<Row> rows)
    {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    }
    const QList<Row> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_rows.size());
    }
    int columnCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_titles.size());
    }
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
            return {};
        return m_titles.value(section);
    }

protected:
    // The row an index of this model shows; nullptr for an invalid index.
    const Row *rowAt(const QModelIndex &index) const
    {
        return index.isValid() && index.row() < m_rows.size() ? &m_rows.at(index.row()) : nullptr;
    }

    QList<Row> m_rows;

private:
    QStringList m_titles;
};

} // namespace agui::ui
