#include "ui/window/findingsdock.h"

#include "ui/models/findingsmodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/views/findingspanel.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QStatusBar>

namespace agui::ui {

FindingsDock::FindingsDock(MainWindow *window)
    : QObject(window)
    , m_window(window)
{
    setObjectName(QStringLiteral("findingsDock"));
    m_dock = new QDockWidget(MainWindow::tr("Findings"), window);
    m_dock->setObjectName(QStringLiteral("findingsDockWidget")); // saveState() needs it
    m_panel = new FindingsPanel(window->document(), m_dock);
    m_panel->setObjectName(QStringLiteral("findingsPanel"));
    m_dock->setWidget(m_panel);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    m_dock->hide();
    connect(m_panel, &FindingsPanel::eventActivated, this, &FindingsDock::activate);
    connect(m_panel->model(), &FindingsModel::countsChanged, this, &FindingsDock::onCountsChanged);
    connect(window->document(), &SessionDocument::aboutToReset, this, [this] { m_announced = 0; });

    QAction *show = m_dock->toggleViewAction();
    show->setText(MainWindow::tr("&Findings"));
    show->setObjectName(QStringLiteral("showFindingsAction"));
    show->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    show->setShortcutContext(Qt::WindowShortcut);
    window->menu(MainWindow::MenuId::View)->addAction(show);
}

void FindingsDock::activate(qint64 seq)
{
    m_window->goToEvent(seq);
}

void FindingsDock::onCountsChanged()
{
    const qsizetype problems = m_panel->model()->streamProblemCount();
    if (problems == m_announced)
        return;
    m_announced = problems;
    showDock();
    m_window->statusBar()->showMessage(
        MainWindow::tr("The stream as a whole has a problem no event shows: see View > Findings"),
        8000);
}

void FindingsDock::showDock()
{
    m_window->showBottomDock(m_dock, 200);
}

FindingsDock *installFindingsDock(MainWindow *window)
{
    return new FindingsDock(window);
}

} // namespace agui::ui
