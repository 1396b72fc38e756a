#pragma once

#include <QWidget>

#include <functional>

namespace agui::ui {

// A detail tab whose view is built the first time it is shown or asked for. Most sessions never
// open most tabs, and building every view at start-up was a fifth of the window's start-up
// instructions (bench/README.md, row 10). The view fills the placeholder; once built it stays.
class LazyTab : public QWidget
{
    Q_OBJECT

public:
    using Build = std::function<QWidget *()>;
    explicit LazyTab(Build build, QWidget *parent = nullptr);

    QWidget *view(); // builds it on the first call
    bool isBuilt() const { return m_view != nullptr; }

private:
    Build m_build;
    QWidget *m_view = nullptr;
};

} // namespace agui::ui
