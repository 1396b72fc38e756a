#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QPair>
#include <QString>

namespace agui::capturejson {

// What a JSON value is, read from its first byte.
enum class JsonKind : quint8 { Object, Array, String, Number, Bool, Null };

// "an object", "an array", "a string", "a number", "a boolean", "null": for messages that say
// what a field holds instead of what it should.
QString jsonKindName(JsonKind kind);

struct JsonNode
{
    JsonKind kind = JsonKind::Null;
    qsizetype start = 0; // the value's first byte in the text
    qsizetype end = 0; // one past its last byte
    int depth = 0; // 0: the document itself
    // Filled for containers within the outline's depth; deeper ones are spans only.
    QList<QPair<QString, int>> members; // an object's members in the order written
    QList<int> elements; // an array's elements
};

// Where every value of a JSON text sits (byte spans), down to a chosen depth: importers that
// must name the field of a document a problem is about (with its line and byte) and keep a
// value exactly as written (QJsonDocument sorts an object's keys and forgets positions). The text
// must already be valid JSON (QJsonDocument::fromJson accepted it): the outline reports no syntax
// errors, and gives up quietly (fewer nodes) on text that is not.
class JsonOutline
{
public:
    // Values nested deeper than maxDepth are spans inside their parent, not nodes.
    JsonOutline(QByteArrayView text, int maxDepth);

    bool isEmpty() const { return m_nodes.isEmpty(); }
    const JsonNode &node(int index) const { return m_nodes.at(index); }
    static constexpr int kRoot = 0;

    // The value of member `key` of an object node; the last one when the key repeats (as
    // JSON.parse keeps it); -1 when there is none or the node is not an object.
    int member(int object, QStringView key) const;
    QByteArrayView text(int index) const;
    QString string(int index) const; // a string node's value, unescaped
    double number(int index) const; // a number node's value

private:
    int parseValue(int depth);
    void skipSpace();
    bool skipString();
    void skipNested(); // past a container whose members are not outlined

    QByteArrayView m_text;
    qsizetype m_at = 0;
    int m_maxDepth = 0;
    QList<JsonNode> m_nodes;
};

// The JSON text without the whitespace between tokens (strings untouched): an event that was
// pretty-printed across lines as one line, its members in their order, its numbers as written.
QByteArray minifiedJson(QByteArrayView json);

// A JSON value's text on one line for an SSE data line: minified, or, when a string in it holds a
// raw line break (text Qt's parser let through), written again by Qt (which escapes it).
QByteArray oneLineJson(QByteArrayView json);

// The 1-based line of byte `offset` in `text`.
qint64 lineAt(QByteArrayView text, qsizetype offset);

} // namespace agui::capturejson
