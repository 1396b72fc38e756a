#include "ui/window/appstyle.h"

#include <QApplication>
#include <QIconEngine>
#include <QPainter>
#include <QPointer>
#include <QWidget>

namespace agui::ui {

namespace {

// Stands for a standard icon until it is drawn or measured, then asks the base style once.
class DeferredIconEngine final : public QIconEngine
{
public:
    DeferredIconEngine(const QStyle *base, QStyle::StandardPixmap which, const QWidget *widget)
        : m_base(base)
        , m_which(which)
        , m_widget(widget)
    { }

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State state) override
    {
        icon().paint(painter, rect, Qt::AlignCenter, mode, state);
    }
    // QIcon asks for device pixels here (QIconEngine's scaled-pixmap hook comes through this):
    // exactly that many, at a ratio of 1.
    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        return icon().pixmap(size, 1.0, mode, state);
    }
    QSize actualSize(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        return icon().actualSize(size, mode, state);
    }
    QList<QSize> availableSizes(QIcon::Mode mode, QIcon::State state) override
    {
        return icon().availableSizes(mode, state);
    }
    QString iconName() override { return icon().name(); }
    // Not asked of the base style: widgets ask when laid out, which would make every icon at
    // once again. The styles' standard pixmaps all have an image (Qt's common style ships one
    // for each, and a platform theme falls back to it).
    bool isNull() override { return m_made ? m_icon.isNull() : false; }
    QString key() const override { return QStringLiteral("agui-deferred-standard-icon"); }
    QIconEngine *clone() const override
    {
        auto *copy = new DeferredIconEngine(m_base, m_which, m_widget);
        copy->m_icon = m_icon;
        copy->m_made = m_made;
        return copy;
    }

private:
    const QIcon &icon()
    {
        if (!m_made) {
            m_made = true;
            // The style that made this may be gone (the theme changed): then the current one.
            const QStyle *style = m_base ? m_base.data() : QApplication::style();
            m_icon = style->standardIcon(m_which, nullptr, m_widget);
        }
        return m_icon;
    }

    QPointer<const QStyle> m_base;
    QStyle::StandardPixmap m_which;
    QPointer<const QWidget> m_widget;
    QIcon m_icon;
    bool m_made = false;
};

} // namespace

AppStyle::AppStyle(const QString &key)
    : QProxyStyle(key)
{ }

QIcon AppStyle::standardIcon(StandardPixmap icon, const QStyleOption *option,
                             const QWidget *widget) const
{
    Q_UNUSED(option); // read only while the call lasts: not kept for later
    return QIcon(new DeferredIconEngine(baseStyle(), icon, widget));
}

QString AppStyle::baseName() const
{
    return baseStyle()->name();
}

} // namespace agui::ui
