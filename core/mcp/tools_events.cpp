// list_events and get_event: the event list, filtered and paged, and one event in full.

#include "core/mcp/paging.h"
#include "core/mcp/schema.h"
#include "core/mcp/tool.h"
#include "core/mcp/views.h"

#include "core/session/eventfilter.h"

#include <QStringDecoder>

namespace agui::mcp {

namespace {

using namespace schema;

constexpr qint64 kDefaultMaxBytes = 64 * 1024;
constexpr qint64 kMaxMaxBytes = 1024 * 1024;

Tool listEvents()
{
    Tool t;
    t.name = QStringLiteral("list_events");
    t.title = QStringLiteral("List events");
    t.description = QStringLiteral(
        "The events of a capture in arrival order, one row each (index, type, run, id, one-line "
        "summary, times, byte offset, finding count), optionally filtered with the inspector's "
        "filter language, e.g. 'type:TOOL_* run:2', 'has:error', '-type:*_CONTENT', "
        "'text:\"weather\"' (keys: type, family, id, run, has, text; commas = or, leading - = "
        "not). Paged: at most 500 rows per call; nextCursor continues.");
    t.inputSchema = input({capture(),
                           {"filter",
                            string(QStringLiteral("Filter expression (default: all "
                                                  "events)."))},
                           cursor(),
                           limit(kDefaultEvents, kMaxEvents)});
    t.outputSchema = object(
        {{"capture", string(QStringLiteral("Capture name."))},
         {"filter", string(QStringLiteral("The filter applied."))},
         {"events",
          array(QStringLiteral("This page of matching events."),
                object({{"index", integer(QStringLiteral("Event index."), 0)}}))},
         {"totalEvents", integer(QStringLiteral("Events in the capture (matching or not)."), 0)},
         {"nextCursor", string(QStringLiteral("Present when more events may match."))}},
        {QStringLiteral("capture"), QStringLiteral("events"), QStringLiteral("totalEvents")});
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *c = captures.resolve(args);
        const EventFilter filter = EventFilter::parse(args.string("filter"));
        if (args.ok() && !filter.isValid())
            args.fail("filter",
                      QStringLiteral("is not a valid filter: %1").arg(filter.errorMessage()));
        const Page page = readPage(args, args.query(), kDefaultEvents, kMaxEvents);
        if (!args.ok())
            return ToolResult::invalid(args.error());
        // The cursor holds the event index to resume from, so a filtered page does not rescan.
        const EventStore &store = c->events();
        QJsonArray rows;
        qint64 seq = page.start;
        for (; seq < store.size() && rows.size() < page.limit; ++seq) {
            if (filter.matches(store, seq))
                rows.append(eventRow(*c, seq));
        }
        QJsonObject out {{QLatin1String("capture"), c->name},
                         {QLatin1String("filter"), filter.text()},
                         {QLatin1String("events"), rows},
                         {QLatin1String("totalEvents"), double(store.size())}};
        addNextCursor(out, args.query(), seq < store.size() ? seq : -1);
        return ToolResult::ok(out);
    };
    return t;
}

// The bytes as UTF-8 text when they are valid UTF-8, else base64; at most maxBytes of them.
QJsonObject bytesJson(const QByteArray &bytes, qint64 maxBytes, const QString &encoding)
{
    const QByteArray shown = bytes.left(maxBytes);
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = utf8.decode(shown);
    const bool isText = !utf8.hasError();
    const bool asText
        = encoding == QLatin1String("text") || (encoding == QLatin1String("auto") && isText);
    return {{QLatin1String("encoding"), asText ? QStringLiteral("text") : QStringLiteral("base64")},
            {QLatin1String("data"), asText ? text : QString::fromLatin1(shown.toBase64())},
            {QLatin1String("size"), double(bytes.size())},
            {QLatin1String("truncated"), shown.size() < bytes.size()}};
}

Tool getEvent()
{
    Tool t;
    t.name = QStringLiteral("get_event");
    t.title = QStringLiteral("Get one event");
    t.description = QStringLiteral(
        "One event in full: its JSON, the bytes as received (UTF-8 text, or base64 when they are "
        "not UTF-8), where it is in the file, and every finding about it (decode, schema, "
        "verify, lint, session, A2UI) as lint gives them.");
    t.inputSchema = input(
        {capture(),
         {"index",
          integer(QStringLiteral("Event index (as list_events and the inspector show)."), 0)},
         {"raw",
          choice(QStringLiteral("How to give the received bytes: auto (text when UTF-8), "
                                "text, base64."),
                 {QStringLiteral("auto"), QStringLiteral("text"), QStringLiteral("base64")})},
         {"maxBytes",
          integer(QStringLiteral("At most this many bytes of JSON and raw bytes "
                                 "(default 65536); larger events say truncated."),
                  256, kMaxMaxBytes)}},
        {QStringLiteral("index")});
    t.outputSchema
        = object({{"index", integer(QStringLiteral("Event index."), 0)},
                  {"event", object({})},
                  {"json", nullable(object({}))},
                  {"raw", object({{"encoding", string(QStringLiteral("text or base64"))}})},
                  {"findings", array(QStringLiteral("Findings about the event."))}},
                 {QStringLiteral("index"), QStringLiteral("event"), QStringLiteral("raw"),
                  QStringLiteral("findings")});
    t.run = [](CaptureSet &captures, Arguments &args) {
        const OpenCapture *c = captures.resolve(args);
        const qint64 last = c ? c->events().size() - 1 : 0;
        const qint64 seq
            = c ? args.integer("index", std::nullopt, 0, std::max<qint64>(last, 0)) : 0;
        if (args.ok() && last < 0)
            args.fail("index", QStringLiteral("names no event: capture %1 has none").arg(c->name));
        const QString raw = args.choice(
            "raw", {QStringLiteral("auto"), QStringLiteral("text"), QStringLiteral("base64")},
            QStringLiteral("auto"));
        const qint64 maxBytes = args.integer("maxBytes", kDefaultMaxBytes, 256, kMaxMaxBytes);
        if (!args.ok())
            return ToolResult::invalid(args.error());
        const EventStore &store = c->events();
        // The decoded event (protobuf frames too); null for frames that are not an event object.
        const bool fits = store.rawView(seq).size() <= maxBytes;
        const Event event = fits ? store.event(seq) : Event();
        const QJsonValue json = fits && event.isValid() ? QJsonValue(event.json) : QJsonValue();
        return ToolResult::ok({{QLatin1String("index"), double(seq)},
                               {QLatin1String("event"), eventRow(*c, seq)},
                               {QLatin1String("json"), json},
                               {QLatin1String("jsonTruncated"), !fits},
                               {QLatin1String("raw"), bytesJson(store.raw(seq), maxBytes, raw)},
                               {QLatin1String("findings"), eventFindings(*c, seq)}});
    };
    return t;
}

} // namespace

QList<Tool> eventTools()
{
    return {listEvents(), getEvent()};
}

} // namespace agui::mcp
