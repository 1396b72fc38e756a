#include "ui/models/jsontreemodel.h"

#include "core/json/jsonpointer.h"
#include "core/json/jsontext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace agui::ui {

struct JsonTreeModel::Node
{
    QString key; // object member name, or the array index as text
    QJsonValue value;
    Node *parent = nullptr;
    int row = 0;
    QString pointer;
    std::vector<std::unique_ptr<Node>> children;
};

JsonTreeModel::JsonTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{ }

JsonTreeModel::~JsonTreeModel() = default;

void JsonTreeModel::build(Node *node)
{
    auto addChild = [node](const QString &key, const QJsonValue &value, const QString &token) {
        auto child = std::make_unique<Node>();
        child->key = key;
        child->value = value;
        child->parent = node;
        child->row = int(node->children.size());
        child->pointer = node->pointer + QLatin1Char('/') + json::Pointer::escapeToken(token);
        build(child.get());
        node->children.push_back(std::move(child));
    };
    if (node->value.isObject()) {
        const QJsonObject object = node->value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            addChild(it.key(), it.value(), it.key());
    } else if (node->value.isArray()) {
        const QJsonArray array = node->value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            addChild(QString::number(i), array.at(i), QString::number(i));
    }
}

void JsonTreeModel::setJson(const QJsonValue &root)
{
    beginResetModel();
    m_root = std::make_unique<Node>();
    m_root->value = root;
    build(m_root.get());
    endResetModel();
}

void JsonTreeModel::clear()
{
    beginResetModel();
    m_root.reset();
    endResetModel();
}

QJsonValue JsonTreeModel::json() const
{
    return m_root ? m_root->value : QJsonValue(QJsonValue::Undefined);
}

JsonTreeModel::Node *JsonTreeModel::nodeFor(const QModelIndex &index) const
{
    if (!index.isValid())
        return m_root.get();
    auto *parentNode = static_cast<Node *>(index.internalPointer());
    return parentNode->children[size_t(index.row())].get();
}

QModelIndex JsonTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!m_root || row < 0 || column < 0 || column >= ColumnCount)
        return {};
    Node *parentNode = nodeFor(parent);
    if (!parentNode || row >= int(parentNode->children.size()))
        return {};
    // Like hotspot's TreeModel: the index carries its *parent* node, the row picks the child.
    return createIndex(row, column, parentNode);
}

QModelIndex JsonTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    auto *parentNode = static_cast<Node *>(child.internalPointer());
    if (!parentNode || parentNode == m_root.get())
        return {};
    return createIndex(parentNode->row, 0, parentNode->parent);
}

int JsonTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!m_root || (parent.isValid() && parent.column() != 0))
        return 0;
    Node *node = nodeFor(parent);
    return node ? int(node->children.size()) : 0;
}

int JsonTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

bool JsonTreeModel::hasChildren(const QModelIndex &parent) const
{
    return rowCount(parent) > 0;
}

QString JsonTreeModel::valuePreview(const QJsonValue &value)
{
    if (value.isObject()) {
        const qsizetype n = value.toObject().size();
        return n == 1 ? QStringLiteral("{1 member}") : QStringLiteral("{%1 members}").arg(n);
    }
    if (value.isArray()) {
        const qsizetype n = value.toArray().size();
        return n == 1 ? QStringLiteral("[1 item]") : QStringLiteral("[%1 items]").arg(n);
    }
    QString text = json::toCompactJson(value);
    // One line in the tree; the full text is in the tooltip and "Copy value".
    if (text.size() > 500)
        text = text.left(500) + QStringLiteral("…");
    return text;
}

QVariant JsonTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_root)
        return {};
    const Node *node = nodeFor(index);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn:
            return node->key;
        case ValueColumn:
            return valuePreview(node->value);
        case TypeColumn:
            return json::typeName(node->value.type());
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == ValueColumn && node->value.isString())
            return node->value.toString().left(4000);
        return node->pointer;
    case PointerRole:
        return node->pointer;
    case JsonValueRole:
        return QVariant::fromValue(node->value);
    case CompactJsonRole:
        return json::toCompactJson(node->value);
    }
    return {};
}

QVariant JsonTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case ValueColumn:
        return tr("Value");
    case TypeColumn:
        return tr("Type");
    }
    return {};
}

Qt::ItemFlags JsonTreeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (nodeFor(index)->children.empty())
        f |= Qt::ItemNeverHasChildren;
    return f;
}

QModelIndex JsonTreeModel::indexForPointer(const QString &pointer) const
{
    if (!m_root || (!pointer.isEmpty() && !pointer.startsWith(QLatin1Char('/'))))
        return {};
    QModelIndex current;
    const Node *node = m_root.get();
    // Nodes store their pointer, so matching the child's pointer avoids unescaping here.
    QString prefix;
    const QStringList tokens = pointer.mid(1).split(QLatin1Char('/'));
    for (qsizetype i = 0; !pointer.isEmpty() && i < tokens.size(); ++i) {
        prefix += QLatin1Char('/') + tokens.at(i);
        const Node *next = nullptr;
        for (const auto &child : node->children) {
            if (child->pointer == prefix) {
                next = child.get();
                break;
            }
        }
        if (!next)
            return {};
        current = index(next->row, 0, current);
        node = next;
    }
    return current;
}

} // namespace agui::ui
