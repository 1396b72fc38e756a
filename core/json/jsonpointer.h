#pragma once

#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

namespace agui::json {

// RFC 6901 JSON Pointer. "" is the whole document; "/a/0/~1b" names a -> 0 -> "/b".
class Pointer
{
public:
    // Parses the textual form; nullopt (and *error, when given) for text that is not a pointer
    // (non-empty and not starting with '/', or a '~' not followed by 0 or 1).
    static std::optional<Pointer> parse(const QString &text, QString *error = nullptr);
    static Pointer fromTokens(QStringList tokens);

    const QStringList &tokens() const { return m_tokens; }
    bool isRoot() const { return m_tokens.isEmpty(); }
    QString toString() const; // escaped form ("~0", "~1")
    Pointer parent() const; // root's parent is root
    Pointer child(const QString &token) const;
    Pointer child(qsizetype index) const;
    // True when this pointer is other or one of its ancestors ("" is a prefix of everything).
    bool isPrefixOf(const Pointer &other) const;

    static QString escapeToken(const QString &token);
    static QString unescapeToken(const QString &token);

    friend bool operator==(const Pointer &, const Pointer &) = default;

private:
    QStringList m_tokens;
};

// A token as an array index: only canonical decimals ("0", "7", "12"; not "01", "-1", "1e0", "+1")
// that fit a qsizetype. "-" (past the end) is not an index: nullopt.
std::optional<qsizetype> parseArrayIndex(const QString &token);

// The value at pointer in doc, or nullopt when a step does not exist (an array token that is not a
// canonical index, "-", or past the end also gives nullopt).
std::optional<QJsonValue> resolve(const QJsonValue &doc, const Pointer &pointer);
std::optional<QJsonValue> resolve(const QJsonValue &doc, const QString &pointer);

} // namespace agui::json
