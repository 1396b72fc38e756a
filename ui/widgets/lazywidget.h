#pragma once

#include <QWidget>

#include <functional>

namespace agui::ui {

// A placeholder whose content is built the first time it is shown or asked for: a detail tab, a
// page of the Event tab, a dock's panel. Most sessions never open most of them, and building
// every view at start-up was a fifth of the window's start-up instructions (bench/README.md,
// row 10). The content fills the placeholder; once built it stays.
class LazyWidget : public QWidget
{
    Q_OBJECT

public:
    using Build = std::function<QWidget *()>;
    explicit LazyWidget(Build build, QWidget *parent = nullptr);

    QWidget *view(); // builds it on the first call
    bool isBuilt() const { return m_view != nullptr; }

protected:
    // Shown in a dock, a splitter or any layout: built then. (A tab widget shows its current
    // page only after currentChanged, and the window builds a detail tab there already, so a
    // caller that looks at the view straight away finds it.)
    void showEvent(QShowEvent *event) override;

private:
    Build m_build;
    QWidget *m_view = nullptr;
};

} // namespace agui::ui
