#include "ui/window/findingsdock.h"

#include "ui/models/findingsmodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/views/findingspanel.h"
#include "ui/widgets/lazywidget.h"
#include "ui/window/windowservices.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

namespace agui::ui {

FindingsDock::FindingsDock(WindowServices *window)
    : QObject(window->hostWindow())
    , m_window(window)
{
    setObjectName(QStringLiteral("findingsDock"));
    m_model = new FindingsModel(window->document(), this);
    m_dock = new QDockWidget(FindingsDock::tr("Findings"), window->hostWindow());
    m_dock->setObjectName(QStringLiteral("findingsDockWidget")); // saveState() needs it
    // The panel is built when the dock is first shown; the model counts from the start, so the
    // dock can open by itself.
    m_content = new LazyWidget(
        [this] {
            m_panel = new FindingsPanel(m_model);
            m_panel->setObjectName(QStringLiteral("findingsPanel"));
            connect(m_panel, &FindingsPanel::eventActivated, this, &FindingsDock::activate);
            return m_panel;
        },
        m_dock);
    m_dock->setWidget(m_content);
    window->hostWindow()->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    m_dock->hide();
    connect(m_model, &FindingsModel::countsChanged, this, &FindingsDock::onCountsChanged);
    connect(window->document(), &SessionDocument::aboutToReset, this, [this] { m_announced = 0; });

    QAction *show = m_dock->toggleViewAction();
    show->setText(FindingsDock::tr("&Findings"));
    show->setObjectName(QStringLiteral("showFindingsAction"));
    show->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    show->setShortcutContext(Qt::WindowShortcut);
    window->menu(WindowServices::MenuId::View)->addAction(show);
}

FindingsPanel *FindingsDock::panel()
{
    m_content->view(); // sets m_panel
    return m_panel;
}

void FindingsDock::activate(qint64 seq)
{
    m_window->goToEvent(seq);
}

void FindingsDock::onCountsChanged()
{
    const qsizetype problems = m_model->streamProblemCount();
    if (problems == m_announced)
        return;
    m_announced = problems;
    showDock();
    m_window->hostWindow()->statusBar()->showMessage(
        FindingsDock::tr("The stream as a whole has a problem no event shows: see View > Findings"),
        8000);
}

void FindingsDock::showDock()
{
    m_window->showBottomDock(m_dock, 200);
}

FindingsDock *installFindingsDock(WindowServices *window)
{
    return new FindingsDock(window);
}

} // namespace agui::ui
