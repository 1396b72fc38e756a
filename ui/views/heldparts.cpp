#include "ui/views/heldparts.h"

#include "ui/widgets/jsontextedit.h"

#include <QCoreApplication>
#include <QLabel>
#include <QPushButton>

namespace agui::ui {

QPushButton *heldButton(const QString &text, const QString &name, const QString &tip,
                        QWidget *parent)
{
    auto *b = new QPushButton(text, parent);
    b->setObjectName(name);
    b->setToolTip(tip);
    return b;
}

QLabel *heldLabel(const QString &name, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    return label;
}

QPlainTextEdit *heldEditor(const QString &name, QWidget *parent)
{
    return jsonTextEdit(parent, QPlainTextEdit::NoWrap, name);
}

QString withWaiting(const QString &about, int waiting)
{
    return waiting > 0 ? about + QLatin1Char(' ')
            + QCoreApplication::translate("agui::ui::HeldPage", "%1 more held after it.")
                  .arg(waiting)
                       : about;
}

bool isEditableHeld(const QByteArray &body)
{
    return body.size() <= kEditableHeldBytes;
}

QString heldPreview(const QByteArray &body)
{
    constexpr qsizetype kPreviewBytes = 64 << 10;
    if (body.size() <= kPreviewBytes)
        return QString::fromUtf8(body);
    return QString::fromUtf8(body.first(kPreviewBytes)) + QLatin1Char('\n')
        + QCoreApplication::translate("agui::ui::HeldPage",
                                      "[… %1 more bytes not shown: too large to edit here]")
              .arg(body.size() - kPreviewBytes);
}

QStringList filterLines(const QString &text)
{
    QStringList filters;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (!line.trimmed().isEmpty())
            filters.append(line.trimmed());
    }
    return filters;
}

} // namespace agui::ui
