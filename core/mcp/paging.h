#pragma once

#include "core/mcp/arguments.h"

#include <QJsonArray>
#include <QJsonObject>

namespace agui::mcp {

// Cursor + limit paging for every list a tool returns, bounded so one answer never floods an
// assistant's context: a page holds at most `maxLimit` items. The cursor is opaque to the
// client; it carries where the next page starts and the query it belongs to (a cursor given with
// other arguments is an error, not a silently different list).
struct Page
{
    qint64 start = 0; // where this page starts (an item index or an event index, per tool)
    qint64 limit = 0;
};

// Reads "cursor" and "limit" from args; `query` identifies the other arguments.
Page readPage(Arguments &args, const QString &query, qint64 defaultLimit, qint64 maxLimit);
QString makeCursor(const QString &query, qint64 next);

// Adds "nextCursor" to a result when there is more (next >= 0).
void addNextCursor(QJsonObject &result, const QString &query, qint64 next);

// The page of `all` that `page` asks for; *next: where the next page starts (-1: none).
QJsonArray pageOf(const QJsonArray &all, const Page &page, qint64 *next);

// {"capture": name, key: the page of `all`, "total": all.size(), "nextCursor" when there is
// more}: the result of every tool that lists something already in memory.
QJsonObject pagedList(const QString &capture, const char *key, const QJsonArray &all,
                      const Page &page, const QString &query);

// Items per page: list_events, lint, tool_calls, list_runs, resources.
constexpr qint64 kDefaultEvents = 50;
constexpr qint64 kMaxEvents = 500;
constexpr qint64 kDefaultFindings = 100;
constexpr qint64 kMaxFindings = 1000;

} // namespace agui::mcp
