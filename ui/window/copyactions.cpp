#include "ui/window/copyactions.h"

#include "core/capture/eventexport.h"
#include "core/session/session.h"
#include "ui/eventpresentation.h"
#include "ui/live/curlcommand.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/views/eventdetailview.h"
#include "ui/views/eventlistview.h"
#include "ui/window/windowservices.h"

#include <QApplication>
#include <QClipboard>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

namespace agui::ui {

namespace {

// The translation context of this file's texts (its functions are not QObject members).
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(CopyActions)
};

QList<qint64> selectedSeqs(const EventListView *list)
{
    QList<qint64> seqs;
    for (const QModelIndex &row : list->selectionModel()->selectedRows())
        seqs.append(row.data(EventListModel::SeqRole).toLongLong());
    if (seqs.isEmpty() && list->currentSeq() >= 0)
        seqs.append(list->currentSeq());
    std::sort(seqs.begin(), seqs.end());
    return seqs;
}

void copyEvents(WindowServices *window)
{
    const QList<qint64> seqs = selectedSeqs(window->eventList());
    if (seqs.isEmpty())
        return;
    QByteArray text = eventsAsJsonLines(*window->document(), seqs);
    if (seqs.size() == 1)
        text.chop(1); // one event: its JSON, without the line break
    QApplication::clipboard()->setText(QString::fromUtf8(text));
    window->hostWindow()->statusBar()->showMessage(
        seqs.size() > kMaxCopiedEvents
            ? Text::tr("Copied the first %1 of %2 events").arg(kMaxCopiedEvents).arg(seqs.size())
            : Text::tr("Copied %n event(s)", nullptr, int(seqs.size())),
        4000);
}

void copyCurl(WindowServices *window)
{
    const RecordedRequest *request
        = requestOfEvent(*window->document(), window->eventList()->currentSeq());
    if (!request) {
        window->hostWindow()->statusBar()->showMessage(
            Text::tr("No request was recorded for this event's run"), 4000);
        return;
    }
    QApplication::clipboard()->setText(curlCommand(*request));
    window->hostWindow()->statusBar()->showMessage(
        Text::tr("Copied a curl command (credential headers are left to shell variables)"), 4000);
}

QAction *newAction(WindowServices *window, const QString &text, const QKeySequence &keys)
{
    auto *a = new QAction(text, window->hostWindow());
    a->setShortcut(keys);
    return a;
}

} // namespace

QByteArray eventsAsJsonLines(const SessionDocument &document, const QList<qint64> &seqs)
{
    QByteArray out;
    for (qsizetype i = 0; i < seqs.size() && i < kMaxCopiedEvents; ++i)
        out += eventAsJsonLine(document.eventAt(seqs[i]));
    return out;
}

const RecordedRequest *requestOfEvent(const SessionDocument &document, qint64 seq)
{
    const QList<RunRecording> &runs = document.capture().runs;
    const RecordedRequest *only = nullptr;
    int recorded = 0;
    for (const RunRecording &r : runs) {
        if (r.request.present) {
            only = &r.request;
            ++recorded;
        }
    }
    const int run = seq >= 0 && seq < document.size() ? document.row(seq).runIndex : -1;
    if (run >= 0 && run < document.session().current().runCount()) {
        const QString runId = document.session().current().run(run).runId;
        for (const RunRecording &r : runs) {
            const QJsonObject input = QJsonDocument::fromJson(r.request.body).object();
            if (r.request.present && !runId.isEmpty()
                && input.value(QLatin1String("runId")).toString() == runId)
                return &r.request;
        }
    }
    return recorded == 1 ? only : nullptr;
}

void installCopyActions(WindowServices *window)
{
    QAction *events = newAction(window, Text::tr("Copy Events as &JSON"),
                                QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J));
    events->setToolTip(Text::tr("One event: its JSON as received; several: JSON lines"));
    QObject::connect(events, &QAction::triggered, window->hostWindow(),
                     [window] { copyEvents(window); });
    QAction *curl = newAction(window, Text::tr("Copy as c&url Command"),
                              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U));
    QObject::connect(curl, &QAction::triggered, window->hostWindow(),
                     [window] { copyCurl(window); });
    QAction *pointer = newAction(window, Text::tr("Copy JSON &Pointer"),
                                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    QObject::connect(pointer, &QAction::triggered, window->detailView(),
                     &EventDetailView::copySelectedPointer);
    window->menu(WindowServices::MenuId::Edit)->addActions({events, curl, pointer});
    EventListView *list = window->eventList();
    list->setContextMenuPolicy(Qt::ActionsContextMenu);
    list->addActions({events, curl});
}

} // namespace agui::ui
