#pragma once

// The JSON the tools, resources and the prompt share: an event's row, a run's summary, the
// session as of an event. Event indexes are the ones the GUI's list and the CLI show (0-based);
// run numbers count from 1, as the GUI's list and the filter language do.

#include "core/mcp/captures.h"

#include <QJsonArray>
#include <QJsonObject>

namespace agui::mcp {

// Reads an event index argument in [-1, events - 1] (-1: before any event); when absent the
// last event (defaultsToLast) or an error.
qint64 readEventIndex(Arguments &args, const OpenCapture &c, const char *name, bool defaultsToLast);
// Reads a 1-based run number in [1, runs] into a 0-based run index; -1 when absent.
int readRun(Arguments &args, const OpenCapture &c, const char *name = "run");

SessionSnapshot snapshotAt(const OpenCapture &c, qint64 seq);

QJsonValue runNumber(int runIndex); // 1-based, null for events before any run

// {"index", "type", "run", "id", "summary", "receivedAtUs", "streamOffset", "byteOffset",
// "findings", "worstSeverity"}: one row of list_events.
QJsonObject eventRow(const OpenCapture &c, qint64 seq);
// One run: identity, status and outcome, the events it spans, timing and counts.
QJsonObject runSummary(const OpenCapture &c, int runIndex);
// {"error": n, "warning": n, "info": n} over the findings whose event satisfies `keep`.
QJsonObject severityCounts(const Findings &findings,
                           const std::function<bool(const Finding &)> &keep = {});
// The findings about one event, as lint gives them.
QJsonArray eventFindings(const OpenCapture &c, qint64 seq);

// {"name", "path", "format", "events", "runs", "findings"}.
QJsonObject captureSummary(const OpenCapture &c);

} // namespace agui::mcp
