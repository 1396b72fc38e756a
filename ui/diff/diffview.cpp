#include "ui/diff/diffview.h"

#include "core/analysis/runcompare.h"

#include "core/analysis/capturesession.h"
#include "core/json/jsontext.h"
#include "ui/diff/diffmodel.h"
#include "ui/diff/runnumbermodel.h"
#include "ui/models/sessiondocument.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>

namespace agui::ui {

// What one comparison needs, copied off the GUI thread.
struct DiffJob
{
    Capture capture; // side A: the document's recordings
    QString otherPath; // side B's file ("" = the same session)
    QString nameA;
    int runA = -1;
    int runB = -1;
    int recordedA = -1; // Run Again: two recorded runs (capture.runs), each on its own
    int recordedB = -1;
    analysis::DiffOptions options;
};

namespace {

struct DiffResult
{
    analysis::SessionDiff diff;
    QString error;
    QString summary;
};

QString summaryOf(const analysis::SessionDiff &d)
{
    return d.same()
        ? QObject::tr("Same: %1 events matched.").arg(d.eventsMatched)
        : QObject::tr("%1 differences (%2 added, %3 missing, %4 reordered, %5 changed); A has %6 "
                      "events, B %7, %8 matched.")
              .arg(d.items.size())
              .arg(d.count(analysis::DiffKind::Added))
              .arg(d.count(analysis::DiffKind::Missing))
              .arg(d.count(analysis::DiffKind::Reordered))
              .arg(d.count(analysis::DiffKind::Changed))
              .arg(d.eventsA)
              .arg(d.eventsB)
              .arg(d.eventsMatched);
}

std::shared_ptr<DiffResult> runDiff(const DiffJob &job)
{
    auto result = std::make_shared<DiffResult>();
    if (job.recordedA >= 0) {
        result->diff
            = analysis::diffRecordedRuns(job.capture, job.recordedA, job.recordedB, job.options);
        result->summary = QObject::tr("Recorded run %1 (A) and its re-run %2 (B): %3")
                              .arg(job.recordedA + 1) // counted from 1, as the pickers do
                              .arg(job.recordedB + 1)
                              .arg(summaryOf(result->diff));
        return result;
    }
    analysis::CaptureSession a;
    analysis::sessionFromCapture(job.capture, &a);
    analysis::CaptureSession b;
    const analysis::CaptureSession *other = &a;
    if (!job.otherPath.isEmpty()) {
        if (!analysis::loadCaptureSession(job.otherPath, &b, &result->error))
            return result;
        other = &b;
    }
    const bool wholeSessions = job.runA < 0 && job.runB < 0;
    analysis::DiffSide sideA {a.session.get(), job.runA, {}, job.nameA};
    analysis::DiffSide sideB {
        other->session.get(), job.runB, {}, job.otherPath.isEmpty() ? job.nameA : job.otherPath};
    if (!job.options.ignoreTiming && wholeSessions) {
        sideA.timing = a.timing();
        sideB.timing = other->timing();
    }
    result->diff = analysis::diffSessions(sideA, sideB, job.options);
    result->summary = summaryOf(result->diff);
    return result;
}

QString jsonText(const QJsonValue &v)
{
    if (v.isUndefined())
        return QObject::tr("(absent)");
    return json::toIndentedJson(v);
}

// A picker over the shared run numbers. Its width comes from a fixed number of characters:
// sizing to the contents would measure every run's number.
QComboBox *runPicker(RunNumberModel *model, QWidget *parent)
{
    auto *box = new QComboBox(parent);
    box->setModel(model);
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(6);
    return box;
}

} // namespace

DiffView::DiffView(SessionDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    m_withFile = new QRadioButton(tr("Another capture:"), this);
    m_withRun = new QRadioButton(tr("Run"), this);
    m_withFile->setChecked(true);
    m_path = new QLineEdit(this);
    m_path->setPlaceholderText(tr("a capture file (.aguicap, .agui.jsonl, .har, .sse, .jsonl)"));
    auto *browseButton = new QPushButton(tr("Browse…"), this);
    m_runNumbers = new RunNumberModel(this);
    m_runA = runPicker(m_runNumbers, this);
    m_runB = runPicker(m_runNumbers, this);
    m_ignoreIds = new QCheckBox(tr("Ignore ids"), this);
    m_ignoreTimestamps = new QCheckBox(tr("Ignore timestamps"), this);
    m_ignoreText = new QCheckBox(tr("Ignore text"), this);
    m_ignoreTiming = new QCheckBox(tr("Ignore timing"), this);
    m_ignoreTimestamps->setChecked(true);
    m_ignoreTiming->setChecked(true);
    m_compare = new QPushButton(tr("Compare"), this);
    m_status = new QLabel(tr("Compare this session (A) with another capture, or two of its runs."),
                          this);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);

    auto *source = new QGridLayout;
    source->addWidget(m_withFile, 0, 0);
    source->addWidget(m_path, 0, 1, 1, 3);
    source->addWidget(browseButton, 0, 4);
    source->addWidget(m_withRun, 1, 0);
    source->addWidget(m_runA, 1, 1);
    source->addWidget(new QLabel(tr("with run"), this), 1, 2);
    source->addWidget(m_runB, 1, 3);
    auto *options = new QHBoxLayout;
    for (QWidget *w :
         {static_cast<QWidget *>(m_ignoreIds), static_cast<QWidget *>(m_ignoreTimestamps),
          static_cast<QWidget *>(m_ignoreText), static_cast<QWidget *>(m_ignoreTiming)})
        options->addWidget(w);
    options->addStretch(1);
    options->addWidget(m_compare);

    m_model = new DiffModel(this);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(DiffModel::What, QHeaderView::Stretch);
    m_detail = new QPlainTextEdit(this);
    m_detail->setReadOnly(true);
    m_detail->setLineWrapMode(QPlainTextEdit::NoWrap);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_detail);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(source);
    layout->addLayout(options);
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);

    connect(browseButton, &QPushButton::clicked, this, &DiffView::browse);
    connect(m_compare, &QPushButton::clicked, this, &DiffView::compare);
    connect(m_path, &QLineEdit::textEdited, this, [this] { m_withFile->setChecked(true); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &DiffView::showDetail);
    connect(m_table, &QTableView::doubleClicked, this, &DiffView::activate);
    connect(m_document, &SessionDocument::resetDone, this, &DiffView::refreshRuns);
    connect(m_document, &SessionDocument::eventsAppended, this, &DiffView::refreshRuns);
    refreshRuns();
}

DiffView::~DiffView() = default;

void DiffView::setOtherCapture(const QString &path)
{
    m_path->setText(path);
    m_withFile->setChecked(true);
}

void DiffView::setRuns(int runA, int runB)
{
    refreshRuns();
    m_runA->setCurrentIndex(runA);
    m_runB->setCurrentIndex(runB);
    m_withRun->setChecked(true);
}

void DiffView::setOptions(const analysis::DiffOptions &options)
{
    m_ignoreIds->setChecked(options.ignoreIds);
    m_ignoreTimestamps->setChecked(options.ignoreTimestamps);
    m_ignoreText->setChecked(options.ignoreText);
    m_ignoreTiming->setChecked(options.ignoreTiming);
}

analysis::DiffOptions DiffView::options() const
{
    analysis::DiffOptions o;
    o.ignoreIds = m_ignoreIds->isChecked();
    o.ignoreTimestamps = m_ignoreTimestamps->isChecked();
    o.ignoreText = m_ignoreText->isChecked();
    o.ignoreTiming = m_ignoreTiming->isChecked();
    return o;
}

void DiffView::refreshRuns()
{
    const int runs = m_document->runCount();
    // Called for every batch of a live run: the shared model only appends the new runs.
    const int keepA = m_runA->currentIndex();
    const int keepB = m_runB->currentIndex();
    m_runNumbers->setCount(runs);
    m_runA->setCurrentIndex(std::clamp(keepA, 0, std::max(0, runs - 1)));
    m_runB->setCurrentIndex(std::clamp(keepB, 0, std::max(0, runs - 1)));
    m_withRun->setEnabled(runs > 0);
}

void DiffView::browse()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Compare with capture"), QString(),
        tr("Captures (*.aguicap *.agui.jsonl *.har *.sse *.jsonl *.ndjson);;All files (*)"));
    if (!path.isEmpty())
        setOtherCapture(path);
}

void DiffView::compare()
{
    DiffJob job;
    job.capture = m_document->capture();
    job.nameA = m_document->sourceName().isEmpty() ? tr("this session") : m_document->sourceName();
    job.options = options();
    if (m_withRun->isChecked()) {
        job.runA = m_runA->currentIndex();
        job.runB = m_runB->currentIndex();
    } else {
        job.otherPath = m_path->text().trimmed();
        if (job.otherPath.isEmpty()) {
            m_status->setText(tr("Choose a capture to compare with."));
            Q_EMIT compared();
            return;
        }
    }
    start(job);
}

void DiffView::compareRecordedRuns(int recordedA, int recordedB)
{
    DiffJob job;
    job.capture = m_document->capture();
    job.options = options();
    job.options.ignoreTiming = true; // a re-run is compared for what it does, not how fast
    job.recordedA = recordedA;
    job.recordedB = recordedB;
    start(job);
}

void DiffView::start(const DiffJob &job)
{
    m_running = true;
    m_compare->setEnabled(false);
    m_status->setText(tr("Comparing…"));
    const quint64 generation = ++m_generation;
    auto *watcher = new QFutureWatcher<std::shared_ptr<DiffResult>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return;
        m_running = false;
        m_compare->setEnabled(true);
        const std::shared_ptr<DiffResult> result = watcher->result();
        if (!result->error.isEmpty()) {
            m_status->setText(tr("Cannot read the other capture: %1").arg(result->error));
            m_model->setDiff({});
        } else {
            m_status->setText(result->summary);
            m_model->setDiff(result->diff);
            if (m_model->rowCount() > 0)
                m_table->selectRow(0);
        }
        Q_EMIT compared();
    });
    watcher->setFuture(QtConcurrent::run(runDiff, job));
}

void DiffView::showDetail()
{
    const analysis::DiffItem *item = m_model->item(m_table->currentIndex().row());
    if (!item) {
        m_detail->clear();
        return;
    }
    QString text = analysis::describeDiffItem(*item) + QStringLiteral("\n\n");
    if (item->kind == analysis::DiffKind::Changed)
        text += tr("JSON Patch A → B:\n%1\n").arg(jsonText(item->patch));
    text += tr("A:\n%1\n\nB:\n%2\n").arg(jsonText(item->a), jsonText(item->b));
    m_detail->setPlainText(text);
}

void DiffView::activate(const QModelIndex &index)
{
    const analysis::DiffItem *item = m_model->item(index.row());
    if (item && item->seqA >= 0)
        Q_EMIT eventActivated(item->seqA);
}

} // namespace agui::ui
