#include "ui/diff/diffmodel.h"

#include <QColor>

namespace agui::ui {

void DiffModel::setDiff(analysis::SessionDiff diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    endResetModel();
}

const analysis::DiffItem *DiffModel::item(int row) const
{
    return row >= 0 && row < m_diff.items.size() ? &m_diff.items[row] : nullptr;
}

int DiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diff.items.size());
}

int DiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiffModel::data(const QModelIndex &index, int role) const
{
    const analysis::DiffItem *i = item(index.row());
    if (!i)
        return {};
    if (role == Qt::ForegroundRole && index.column() == Change) {
        switch (i->kind) {
        case analysis::DiffKind::Added:
            return QColor(0x18, 0x7a, 0x3a);
        case analysis::DiffKind::Missing:
            return QColor(0xb0, 0x20, 0x20);
        case analysis::DiffKind::Reordered:
            return QColor(0x6b, 0x3f, 0xa0);
        case analysis::DiffKind::Changed:
            return QColor(0xb3, 0x5c, 0x00);
        }
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const auto seq = [](qint64 s) { return s >= 0 ? QVariant(s) : QVariant(QStringLiteral("–")); };
    switch (index.column()) {
    case Section:
        return i->section;
    case Change:
        return analysis::diffKindName(i->kind);
    case What:
        return role == Qt::ToolTipRole ? analysis::describeDiffItem(*i) : i->key;
    case EventA:
        return seq(i->seqA);
    case EventB:
        return seq(i->seqB);
    default:
        return {};
    }
}

QVariant DiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Section:
        return tr("Section");
    case Change:
        return tr("Change");
    case What:
        return tr("What");
    case EventA:
        return tr("Event (A)");
    case EventB:
        return tr("Event (B)");
    default:
        return {};
    }
}

} // namespace agui::ui
