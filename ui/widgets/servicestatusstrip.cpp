#include "ui/widgets/servicestatusstrip.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace agui::ui {

ServiceStatusStrip::ServiceStatusStrip(const QString &objectName, const QString &copyText,
                                       QWidget *parent)
    : QWidget(parent)
{
    setObjectName(objectName);
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_copy = new QToolButton(this);
    m_copy->setObjectName(objectName + QStringLiteral("Copy"));
    m_copy->setText(copyText);
    auto *stop = new QToolButton(this);
    stop->setObjectName(objectName + QStringLiteral("Stop"));
    stop->setText(tr("Stop"));
    connect(stop, &QToolButton::clicked, this, &ServiceStatusStrip::stopClicked);
    row->addWidget(m_label);
    row->addWidget(m_copy);
    row->addWidget(stop);
}

void ServiceStatusStrip::setText(const QString &text)
{
    m_label->setText(text);
}

void ServiceStatusStrip::setDetails(const QString &toolTip)
{
    m_label->setToolTip(toolTip);
}

QString ServiceStatusStrip::details() const
{
    return m_label->toolTip();
}

QString ServiceStatusStrip::text() const
{
    return m_label->text();
}

} // namespace agui::ui
