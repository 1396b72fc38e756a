#pragma once

#include <QAbstractItemModel>
#include <QJsonValue>

#include <memory>
#include <vector>

namespace agui::ui {

// A read-only tree over one JSON value (the selected event): key, value preview, JSON type.
// Nodes are built once per setJson() (an event is small); the node pointer of a row lives in
// the index's internalPointer, so index()/parent() are O(1).
class JsonTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { KeyColumn, ValueColumn, TypeColumn, ColumnCount };
    enum Role {
        PointerRole = Qt::UserRole + 1, // QString: JSON Pointer (RFC 6901) of the node
        JsonValueRole, // QJsonValue of the node
        CompactJsonRole, // QString: the node's value as compact JSON text
    };

    explicit JsonTreeModel(QObject *parent = nullptr);
    ~JsonTreeModel() override;

    void setJson(const QJsonValue &root);
    void clear();
    QJsonValue json() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;

    // The index whose node has this JSON Pointer, or an invalid index.
    QModelIndex indexForPointer(const QString &pointer) const;

    static QString valuePreview(const QJsonValue &value);

private:
    struct Node;
    Node *nodeFor(const QModelIndex &index) const;
    static void build(Node *node);

    std::unique_ptr<Node> m_root;
};

} // namespace agui::ui
