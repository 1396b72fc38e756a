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
    // Shown as a tab's page, in a dock or in any layout: built then, so that whoever shows it
    // never has to know it was not built yet.
    void showEvent(QShowEvent *event) override;

private:
    Build m_build;
    QWidget *m_view = nullptr;
};

} // namespace agui::ui
