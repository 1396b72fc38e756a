#pragma once

#include "core/session/snapshot.h"

#include <QAbstractTableModel>

namespace agui::ui {

// How far a call got, as of the selected event. "Never answered" is a call whose run has ended
// (finished, errored or cut off) without a TOOL_CALL_RESULT: nothing in this stream will answer
// it any more (a front-end tool may still be answered by the next run's input).
enum class ToolCallPhase : quint8 { StreamingArgs, ArgsComplete, Answered, NeverAnswered };
QString toolCallPhaseName(ToolCallPhase phase); // "streaming args", "args complete", ...
ToolCallPhase toolCallPhase(const SessionSnapshot &snapshot, const ToolCall &call);

// The tool calls of one snapshot as a table, computed on demand from the snapshot (a cheap
// shared copy). A session's calls are only ever appended, so two snapshots of one session share
// a prefix: an update inserts or removes the tail and announces the rest as changed (one
// dataChanged; the view repaints only what is visible), so selection and scrolling survive both
// a live run and time travel.
class ToolCallModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        StatusColumn,
        ArgsColumn,
        ResultColumn,
        ParentMessageColumn,
        RunColumn,
        StartColumn,
        EndColumn,
        DurationColumn,
        IdColumn,
        ColumnCount
    };
    enum Role {
        ToolCallIdRole = Qt::UserRole + 1,
        PhaseRole, // QString phase name
        ArgsTextRole, // pretty JSON once complete and valid, else the text as streamed
        ArgsErrorRole, // QString: why the args are not valid JSON ("" when they are / still
                       // streaming)
        ResultTextRole, // QString: the result (strings as is, parts as pretty JSON)
    };

    explicit ToolCallModel(QObject *parent = nullptr);

    void setSnapshot(const SessionSnapshot &snapshot);
    const ToolCall *callAt(int row) const;
    int rowOf(const QString &toolCallId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString runLabel(int runIndex) const;

    SessionSnapshot m_snapshot;
};

QString formatTimeUs(qint64 us); // "HH:mm:ss.zzz" (UTC), "" when unknown
QString formatDurationUs(qint64 us); // "850 ms", "2.4 s", "" when unknown

} // namespace agui::ui
