#include "core/json/jsondiff.h"

#include "core/json/jsonpatch.h"
#include "core/json/jsonpointer.h"

#include <QJsonObject>

#include <algorithm>
#include <vector>

namespace agui::json {

namespace {

// jsonpatch 2.3.1 walks both values recursively and prepends every op it finds to one list,
// which it returns without reversing. We reproduce that order by emitting ops in the walk order
// into `ops` and reversing once at the end. Walk order:
//   object: keys of `to` in ascending order (add when new, recurse when present in both), then
//           keys only in `from` in ascending order (remove);
//   array:  common indexes ascending (recurse), then the extra new items from the highest index
//           down (add) or the extra old items from the lowest index up (remove).
// Reversed, this gives removals before additions in objects, appends in ascending order and
// trailing removals from the highest index down - which is also what keeps every op valid
// when the patch is applied in order.
class DiffWalker
{
public:
    std::vector<QJsonObject> ops;

    void value(const QJsonValue &from, const QJsonValue &to, const QString &path)
    {
        if (from.isObject() && to.isObject())
            object(from.toObject(), to.toObject(), path);
        else if (from.isArray() && to.isArray())
            array(from.toArray(), to.toArray(), path);
        else if (!jsonEquals(from, to))
            push(QStringLiteral("replace"), path, to);
    }

private:
    void push(const QString &op, const QString &path, const QJsonValue &value)
    {
        QJsonObject entry {{QStringLiteral("op"), op}, {QStringLiteral("path"), path}};
        if (!value.isUndefined())
            entry.insert(QStringLiteral("value"), value);
        ops.push_back(entry);
    }

    // Elixir maps of up to 32 keys iterate in binary (UTF-8 byte) order, which is code point
    // order. QString compares UTF-16 units, which differs from it only when a surrogate (a
    // character beyond U+FFFF) meets a unit in U+E000..U+FFFF; lifting surrogates above that
    // range while comparing gives code point order without converting any key.
    static char16_t codePointOrder(char16_t unit)
    {
        if (unit < 0xD800)
            return unit;
        return unit >= 0xE000 ? char16_t(unit - 0x800) : char16_t(unit + 0x2000);
    }

    static bool keyLess(const QString &a, const QString &b)
    {
        const qsizetype common = std::min(a.size(), b.size());
        for (qsizetype i = 0; i < common; ++i) {
            const char16_t x = a.at(i).unicode();
            const char16_t y = b.at(i).unicode();
            if (x != y)
                return codePointOrder(x) < codePointOrder(y);
        }
        return a.size() < b.size();
    }

    static QStringList sortedKeys(const QJsonObject &object)
    {
        QStringList keys = object.keys();
        if (!std::is_sorted(keys.cbegin(), keys.cend(), keyLess))
            std::sort(keys.begin(), keys.end(), keyLess);
        return keys;
    }

    void object(const QJsonObject &from, const QJsonObject &to, const QString &path)
    {
        for (const QString &key : sortedKeys(to)) {
            const QString childPath = path + QLatin1Char('/') + Pointer::escapeToken(key);
            const auto old = from.constFind(key);
            if (old == from.constEnd())
                push(QStringLiteral("add"), childPath, to.value(key));
            else
                value(old.value(), to.value(key), childPath);
        }
        for (const QString &key : sortedKeys(from)) {
            if (!to.contains(key))
                push(QStringLiteral("remove"), path + QLatin1Char('/') + Pointer::escapeToken(key),
                     QJsonValue(QJsonValue::Undefined));
        }
    }

    void array(const QJsonArray &from, const QJsonArray &to, const QString &path)
    {
        const qsizetype common = std::min(from.size(), to.size());
        for (qsizetype i = 0; i < common; ++i)
            value(from.at(i), to.at(i), path + QLatin1Char('/') + QString::number(i));
        for (qsizetype i = to.size() - 1; i >= common; --i)
            push(QStringLiteral("add"), path + QLatin1Char('/') + QString::number(i), to.at(i));
        for (qsizetype i = common; i < from.size(); ++i)
            push(QStringLiteral("remove"), path + QLatin1Char('/') + QString::number(i),
                 QJsonValue(QJsonValue::Undefined));
    }
};

} // namespace

QJsonArray diff(const QJsonValue &from, const QJsonValue &to)
{
    return diff(from, to, QString());
}

QJsonArray diff(const QJsonValue &from, const QJsonValue &to, const QString &ancestorPath)
{
    DiffWalker walker;
    walker.value(from, to, ancestorPath);
    QJsonArray patch;
    for (auto it = walker.ops.crbegin(); it != walker.ops.crend(); ++it)
        patch.append(*it);
    return patch;
}

} // namespace agui::json
