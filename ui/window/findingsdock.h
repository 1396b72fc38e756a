#pragma once

#include <QObject>

class QDockWidget;

namespace agui::ui {

class FindingsModel;
class FindingsPanel;
class LazyWidget;
class WindowServices;

// View > Findings (Ctrl+Shift+E): the Findings panel in a dock under the list. Activating a
// finding selects its event. The dock opens by itself when the session has a warning or an
// error about the stream as a whole (a run cut off mid-way): no event carries those, so the
// list's markers cannot say it.
class FindingsDock : public QObject
{
    Q_OBJECT
public:
    explicit FindingsDock(WindowServices *window);

    FindingsPanel *panel(); // built now if the dock was never shown
    QDockWidget *dock() const { return m_dock; }

private:
    void activate(qint64 seq);
    void onCountsChanged();
    void showDock();

    WindowServices *m_window = nullptr;
    FindingsModel *m_model = nullptr;
    LazyWidget *m_content = nullptr; // the dock's widget; m_panel is built in it
    FindingsPanel *m_panel = nullptr;
    QDockWidget *m_dock = nullptr;
    qsizetype m_announced = 0; // stream problems already announced in this session
};

FindingsDock *installFindingsDock(WindowServices *window);

} // namespace agui::ui
