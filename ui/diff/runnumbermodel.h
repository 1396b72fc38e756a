#pragma once

#include <QAbstractListModel>

namespace agui::ui {

// The run pickers' items: "1" .. "count" (row r is run index r, shown as the event list numbers
// it), made on demand. A session of ten thousand runs
// held one QStandardItem per run and per picker (7.5 MB for the bench's 17,681 runs) in a tab
// that is not even shown; this holds one int.
class RunNumberModel : public QAbstractListModel
{
    Q_OBJECT

public:
    using QAbstractListModel::QAbstractListModel;

    // Appends the new numbers (a live run only adds runs); a smaller count resets.
    void setCount(int count);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    int m_count = 0;
};

} // namespace agui::ui
