#include "ui/diff/runnumbermodel.h"

namespace agui::ui {

void RunNumberModel::setCount(int count)
{
    if (count == m_count)
        return;
    if (count < m_count) {
        beginResetModel();
        m_count = count;
        endResetModel();
        return;
    }
    beginInsertRows({}, m_count, count - 1);
    m_count = count;
    endInsertRows();
}

int RunNumberModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_count;
}

QVariant RunNumberModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_count
        || (role != Qt::DisplayRole && role != Qt::EditRole))
        return {};
    return QString::number(index.row() + 1); // counted from 1, as the event list counts runs
}

} // namespace agui::ui
