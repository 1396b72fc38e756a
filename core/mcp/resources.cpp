#include "core/mcp/resources.h"

#include "core/mcp/paging.h"
#include "core/mcp/views.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrlQuery>

namespace agui::mcp {

namespace {

const char kJson[] = "application/json";

QJsonObject resource(const QString &uri, const QString &name, const QString &description)
{
    return {{QLatin1String("uri"), uri},
            {QLatin1String("name"), name},
            {QLatin1String("description"), description},
            {QLatin1String("mimeType"), QLatin1String(kJson)}};
}

QJsonObject contents(const QString &uri, const QJsonObject &value)
{
    const QJsonObject item {
        {QLatin1String("uri"), uri},
        {QLatin1String("mimeType"), QLatin1String(kJson)},
        {QLatin1String("text"),
         QString::fromUtf8(QJsonDocument(value).toJson(QJsonDocument::Indented))}};
    return {{QLatin1String("contents"), QJsonArray {item}}};
}

// A resource read as a tool call; the tool's errors become the read's.
QJsonObject viaTool(const QList<Tool> &tools, CaptureSet &captures, const QString &uri,
                    const QString &tool, const QJsonObject &args, RpcError *error)
{
    const ToolResult r = callTool(tools, captures, tool, args);
    if (r.error.isSet())
        *error = {ResourceNotFound, QStringLiteral("%1: %2").arg(uri, r.error.message),
                  QJsonObject {{QLatin1String("uri"), uri}}};
    return r.error.isSet() ? QJsonObject() : r.structured;
}

} // namespace

QString eventsUri(const QString &capture)
{
    return QStringLiteral("agui://capture/%1/events").arg(capture);
}

QString runUri(const QString &capture, int runNumber)
{
    return QStringLiteral("agui://capture/%1/runs/%2").arg(capture).arg(runNumber);
}

QJsonObject listResources(const CaptureSet &captures, const QJsonObject &params, RpcError *error)
{
    QJsonArray all;
    for (const auto &c : captures.all()) {
        all.append(resource(eventsUri(c->name), c->name + QStringLiteral(" events"),
                            QStringLiteral("The events of %1, %2 per read (append ?cursor=<the "
                                           "nextCursor> for the next page).")
                                .arg(c->path)
                                .arg(kMaxEvents)));
        const qsizetype runs = c->session().current().runCount();
        for (qsizetype i = 0; i < runs; ++i)
            all.append(resource(runUri(c->name, int(i) + 1),
                                QStringLiteral("%1 run %2").arg(c->name).arg(i + 1),
                                QStringLiteral("Run %1 of %2: status, outcome, events, timing, "
                                               "counts and its findings.")
                                    .arg(i + 1)
                                    .arg(c->path)));
    }
    Arguments args(params, QStringLiteral("resources/list"));
    const Page page
        = readPage(args, QStringLiteral("resources"), kDefaultFindings, kDefaultFindings);
    if (!args.ok()) {
        *error = args.error();
        return {};
    }
    qint64 next = -1;
    QJsonObject out {{QLatin1String("resources"), pageOf(all, page, &next)}};
    addNextCursor(out, QStringLiteral("resources"), next);
    return out;
}

QJsonObject listResourceTemplates()
{
    const auto templ = [](const char *uri, const char *name, const char *description) {
        return QJsonObject {{QLatin1String("uriTemplate"), QLatin1String(uri)},
                            {QLatin1String("name"), QLatin1String(name)},
                            {QLatin1String("description"), QLatin1String(description)},
                            {QLatin1String("mimeType"), QLatin1String(kJson)}};
    };
    return {{QLatin1String("resourceTemplates"),
             QJsonArray {templ("agui://capture/{name}/events", "events",
                               "The events of an open capture, a page per read."),
                         templ("agui://capture/{name}/runs/{run}", "run",
                               "One run (from 1) of an open capture with its findings.")}}};
}

QJsonObject readResource(const QList<Tool> &tools, CaptureSet &captures, const QJsonObject &params,
                         RpcError *error)
{
    const QString uri = params.value(QLatin1String("uri")).toString();
    static const QRegularExpression pattern(
        QStringLiteral("^agui://capture/([A-Za-z0-9._-]+)/(?:events(?:\\?(.*))?|runs/(\\d+))$"));
    const auto m = pattern.match(uri);
    const OpenCapture *c = m.hasMatch() ? captures.find(m.captured(1)) : nullptr;
    if (!c) {
        *error = {ResourceNotFound,
                  QStringLiteral("resource not found: %1 (see resources/list)").arg(uri),
                  QJsonObject {{QLatin1String("uri"), uri}}};
        return {};
    }
    QJsonObject args {{QLatin1String("capture"), c->name}};
    if (!m.captured(3).isEmpty()) {
        const int run = m.captured(3).toInt();
        args.insert(QLatin1String("run"), run);
        QJsonObject value = viaTool(tools, captures, uri, QStringLiteral("lint"), args, error);
        if (error->isSet())
            return {};
        value.insert(QLatin1String("run"), runSummary(*c, run - 1));
        return contents(uri, value);
    }
    const QString cursor = QUrlQuery(m.captured(2)).queryItemValue(QStringLiteral("cursor"));
    if (!cursor.isEmpty())
        args.insert(QLatin1String("cursor"), cursor);
    args.insert(QLatin1String("limit"), kMaxEvents);
    const QJsonObject value
        = viaTool(tools, captures, uri, QStringLiteral("list_events"), args, error);
    return error->isSet() ? QJsonObject() : contents(uri, value);
}

} // namespace agui::mcp
