#pragma once

#include <QFontMetrics>
#include <QString>

namespace agui::ui {

// An id shortened to `width` pixels so that it still tells it apart from the ids beside it.
// Generated ids often share a long prefix (a thread or run id) and even a suffix ("-text"), so
// neither end nor middle elision is safe: the text is cut to start a little before the first
// character where it differs from a neighbour, then elided at the right. An id that fits, or
// has no neighbour sharing its start, elides in the middle.
QString elideIdAmong(const QString &id, const QString &previous, const QString &next,
                     const QFontMetrics &metrics, int width);

} // namespace agui::ui
