#include "ui/views/findingspanel.h"

#include "ui/models/findingsmodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

namespace agui::ui {

FindingsPanel::FindingsPanel(FindingsModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("findingsSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_minimum = new QComboBox(this);
    m_minimum->setObjectName(QStringLiteral("findingsMinimumSeverity"));
    m_minimum->addItem(tr("All findings"), int(Severity::Info));
    m_minimum->addItem(tr("Warnings and errors"), int(Severity::Warning));
    m_minimum->addItem(tr("Errors only"), int(Severity::Error));
    connect(m_minimum, &QComboBox::currentIndexChanged, this,
            [this] { m_model->setMinimumSeverity(Severity(m_minimum->currentData().toInt())); });
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    bar->addWidget(m_summary, 1);
    bar->addWidget(new QLabel(tr("Show:"), this));
    bar->addWidget(m_minimum);

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("findingsView"));
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true); // a million findings scroll like a million events
    m_view->setAllColumnsShowFocus(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    QHeaderView *header = m_view->header();
    header->setStretchLastSection(true);
    // Fixed widths from the font, not ResizeToContents: that would measure every row.
    const int digit = m_view->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    header->resizeSection(FindingsModel::SeverityColumn, digit * 12);
    header->resizeSection(FindingsModel::EventColumn, digit * 9);
    header->resizeSection(FindingsModel::TypeColumn, digit * 24);
    header->resizeSection(FindingsModel::RuleColumn, digit * 28);
    header->resizeSection(FindingsModel::PathColumn, digit * 14);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const qint64 seq = index.data(FindingsModel::SeqRole).toLongLong();
        if (seq >= 0)
            Q_EMIT eventActivated(seq);
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_view);
    connect(m_model, &FindingsModel::countsChanged, this, &FindingsPanel::updateSummary);
    updateSummary();
}

QString FindingsPanel::summary() const
{
    return m_summary->text();
}

void FindingsPanel::updateSummary()
{
    const qsizetype errors = m_model->count(Severity::Error);
    const qsizetype warnings = m_model->count(Severity::Warning);
    const qsizetype infos = m_model->count(Severity::Info); // named as the CLI names them
    if (errors + warnings + infos == 0) {
        m_summary->setText(tr("No findings"));
        return;
    }
    // No translation is loaded, so the plural is chosen here rather than by tr()'s %n.
    const auto counted = [](qsizetype n, const QString &one, const QString &many) {
        return n == 1 ? one : many.arg(n);
    };
    QString text = counted(errors, tr("1 error"), tr("%1 errors")) + QStringLiteral(", ")
        + counted(warnings, tr("1 warning"), tr("%1 warnings")) + QStringLiteral(", ")
        + counted(infos, tr("1 info"), tr("%1 infos"));
    if (m_model->streamCount() > 0)
        text += tr("; %1 about the stream as a whole").arg(m_model->streamCount());
    m_summary->setText(text);
}

} // namespace agui::ui
