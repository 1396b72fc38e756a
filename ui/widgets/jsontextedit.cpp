#include "ui/widgets/jsontextedit.h"

#include <QFontDatabase>

namespace agui::ui {

QPlainTextEdit *jsonTextEdit(QWidget *parent, QPlainTextEdit::LineWrapMode wrap,
                             const QString &objectName)
{
    auto *edit = new QPlainTextEdit(parent);
    if (!objectName.isEmpty())
        edit->setObjectName(objectName);
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    edit->setLineWrapMode(wrap);
    return edit;
}

} // namespace agui::ui
