#include "core/wire/sseencoder.h"

#include <QJsonDocument>

namespace agui {

namespace {

// Writes prefix + each line of text (split on LF, CRLF or CR) + "\n", then the blank line.
QByteArray framedLines(QByteArrayView prefix, QByteArrayView text)
{
    QByteArray out;
    out.reserve(text.size() + prefix.size() + 2);
    qsizetype start = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        const bool atEnd = i == text.size();
        if (!atEnd && text[i] != '\n' && text[i] != '\r')
            continue;
        out.append(prefix.data(), prefix.size());
        out.append(text.data() + start, i - start);
        out.append('\n');
        if (!atEnd && text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
            ++i;
        start = i + 1;
    }
    out.append('\n');
    return out;
}

} // namespace

QByteArray encodeSse(const QJsonObject &event)
{
    // Compact JSON never contains a raw line end (they are escaped inside strings).
    const QByteArray json = QJsonDocument(event).toJson(QJsonDocument::Compact);
    QByteArray out;
    out.reserve(json.size() + 8);
    out.append("data: ");
    out.append(json);
    out.append("\n\n");
    return out;
}

QByteArray encodeSse(QByteArrayView payload)
{
    return framedLines("data: ", payload);
}

QByteArray encodeSseComment(QByteArrayView text)
{
    return framedLines(":", text);
}

} // namespace agui
