#include "core/capture/jsonoutline.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace agui::capturejson {

namespace {

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// A scalar's value read by Qt's parser (it unescapes strings and reads numbers as JSON does).
QJsonValue scalarValue(QByteArrayView text)
{
    return QJsonDocument::fromJson("[" + text.toByteArray() + "]").array().at(0);
}

} // namespace

QString jsonKindName(JsonKind kind)
{
    switch (kind) {
    case JsonKind::Object:
        return QStringLiteral("an object");
    case JsonKind::Array:
        return QStringLiteral("an array");
    case JsonKind::String:
        return QStringLiteral("a string");
    case JsonKind::Number:
        return QStringLiteral("a number");
    case JsonKind::Bool:
        return QStringLiteral("a boolean");
    case JsonKind::Null:
        return QStringLiteral("null");
    }
    return {};
}

JsonOutline::JsonOutline(QByteArrayView text, int maxDepth)
    : m_text(text)
    , m_maxDepth(maxDepth)
{
    skipSpace();
    if (m_at < m_text.size())
        parseValue(0);
}

void JsonOutline::skipSpace()
{
    while (m_at < m_text.size() && isJsonSpace(m_text[m_at]))
        ++m_at;
}

bool JsonOutline::skipString()
{
    ++m_at; // the opening quote
    while (m_at < m_text.size()) {
        const char c = m_text[m_at++];
        if (c == '\\')
            ++m_at;
        else if (c == '"')
            return true;
    }
    return false;
}

void JsonOutline::skipNested()
{
    int depth = 0;
    while (m_at < m_text.size()) {
        const char c = m_text[m_at];
        if (c == '"') {
            if (!skipString())
                return;
            continue;
        }
        ++m_at;
        if (c == '{' || c == '[')
            ++depth;
        else if ((c == '}' || c == ']') && --depth == 0)
            return;
    }
}

// Recursion is bounded by m_maxDepth: deeper containers are skipped without recursing.
int JsonOutline::parseValue(int depth)
{
    const int index = int(m_nodes.size());
    m_nodes.append(JsonNode {});
    JsonNode node;
    node.start = m_at;
    node.depth = depth;
    const char first = m_text[m_at];
    if (first == '{' || first == '[') {
        node.kind = first == '{' ? JsonKind::Object : JsonKind::Array;
        if (depth >= m_maxDepth) {
            skipNested();
        } else {
            ++m_at;
            const char close = first == '{' ? '}' : ']';
            while (true) {
                skipSpace();
                if (m_at >= m_text.size())
                    break;
                if (m_text[m_at] == close) {
                    ++m_at;
                    break;
                }
                if (m_text[m_at] == ',') {
                    ++m_at;
                    continue;
                }
                if (node.kind == JsonKind::Object) {
                    const qsizetype keyStart = m_at;
                    if (m_text[m_at] != '"' || !skipString())
                        break;
                    const QString key
                        = scalarValue(m_text.sliced(keyStart, m_at - keyStart)).toString();
                    skipSpace();
                    if (m_at >= m_text.size() || m_text[m_at] != ':')
                        break;
                    ++m_at;
                    skipSpace();
                    if (m_at >= m_text.size())
                        break;
                    const int child = parseValue(depth + 1);
                    node.members.append({key, child});
                } else {
                    node.elements.append(parseValue(depth + 1));
                }
            }
        }
    } else if (first == '"') {
        node.kind = JsonKind::String;
        skipString();
    } else {
        node.kind = first == 't' || first == 'f' ? JsonKind::Bool
            : first == 'n'                       ? JsonKind::Null
                                                 : JsonKind::Number;
        while (m_at < m_text.size() && !isJsonSpace(m_text[m_at]) && m_text[m_at] != ','
               && m_text[m_at] != '}' && m_text[m_at] != ']')
            ++m_at;
    }
    node.end = std::min(m_at, m_text.size());
    m_nodes[index] = std::move(node);
    return index;
}

int JsonOutline::member(int object, QStringView key) const
{
    if (object < 0 || object >= m_nodes.size())
        return -1;
    const JsonNode &n = m_nodes[object];
    for (auto it = n.members.crbegin(); it != n.members.crend(); ++it) {
        if (it->first == key)
            return it->second;
    }
    return -1;
}

QByteArrayView JsonOutline::text(int index) const
{
    const JsonNode &n = m_nodes.at(index);
    return m_text.sliced(n.start, n.end - n.start);
}

QString JsonOutline::string(int index) const
{
    return scalarValue(text(index)).toString();
}

double JsonOutline::number(int index) const
{
    return scalarValue(text(index)).toDouble();
}

QByteArray minifiedJson(QByteArrayView json)
{
    QByteArray out;
    out.reserve(json.size());
    bool inString = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (inString) {
            out.append(c);
            if (c == '\\' && i + 1 < json.size())
                out.append(json[++i]);
            else if (c == '"')
                inString = false;
            continue;
        }
        if (isJsonSpace(c))
            continue;
        out.append(c);
        inString = c == '"';
    }
    return out;
}

QByteArray oneLineJson(QByteArrayView json)
{
    QByteArray out = minifiedJson(json);
    if (!out.contains('\n') && !out.contains('\r'))
        return out;
    const QJsonValue value = scalarValue(out);
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    out.replace('\r', ' ');
    out.replace('\n', ' ');
    return out;
}

qint64 lineAt(QByteArrayView text, qsizetype offset)
{
    const qsizetype end = std::clamp<qsizetype>(offset, 0, text.size());
    return 1 + qint64(std::count(text.begin(), text.begin() + end, '\n'));
}

} // namespace agui::capturejson
