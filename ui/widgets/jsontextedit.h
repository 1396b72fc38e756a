#pragma once

#include <QPlainTextEdit>

namespace agui::ui {

// The text box every view shows JSON or raw bytes in: the system's fixed-width font, plain text
// only (QPlainTextEdit never reads markup, so agent text stays inert), wrapped as asked. One
// place, so the views agree on how JSON looks; callers add a JsonHighlighter, read-only and the
// like as they need.
QPlainTextEdit *jsonTextEdit(QWidget *parent, QPlainTextEdit::LineWrapMode wrap,
                             const QString &objectName = {});

} // namespace agui::ui
