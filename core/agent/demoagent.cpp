#include "core/agent/demoagent.h"

#include "core/agent/renderer.h"
#include "core/json/jsontext.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace agui {

namespace {

// Splits text into streaming pieces at spaces (each piece keeps its trailing space), so a
// surrogate pair or a combining sequence is never cut.
QStringList pieces(const QString &text, int wordsPerPiece = 2)
{
    QStringList out;
    QString current;
    int words = 0;
    for (const QChar c : text) {
        current.append(c);
        if (c == u' ' && ++words == wordsPerPiece) {
            out.append(current);
            current.clear();
            words = 0;
        }
    }
    if (!current.isEmpty())
        out.append(current);
    return out;
}

const QLatin1StringView kModel {"demo-scripted-1"};

// A run being written: internal events go through the Renderer, a few AG-UI events (the A2UI
// surface) are added directly.
class Script
{
public:
    // state: the client's state from the run input; the projection continues from it (as
    // AG-UI intends: the client sends back the state it holds).
    Script(const QString &threadId, const QString &runId, const QJsonValue &state)
        : m_threadId(threadId)
        , m_runId(runId)
        , m_renderer(options(state))
    { }

    void internal(const QJsonObject &e)
    {
        const Renderer::Result r = m_renderer.render(e);
        // The script is ours: an error here is a bug in this file, not bad input.
        Q_ASSERT_X(r.error.isEmpty(), "DemoAgent", qPrintable(r.error));
        m_events += r.events;
    }
    void internal(const char *type, std::initializer_list<QPair<QString, QJsonValue>> fields = {})
    {
        QJsonObject e(fields);
        e.insert(QStringLiteral("type"), QString::fromLatin1(type));
        internal(e);
    }
    void agui(const QJsonObject &event) { m_events.append(event); }
    // How every turn of the demo opens: the turn starts and the model starts thinking.
    void startThinking()
    {
        internal("turn_started",
                 {{QStringLiteral("turn_id"), m_runId}, {QStringLiteral("thread_id"), m_threadId}});
        internal("state_changed",
                 {{QStringLiteral("status"), QStringLiteral("thinking")},
                  {QStringLiteral("model"), QString(kModel)}});
    }

    void text(const QString &messageId, const QString &text)
    {
        for (const QString &piece : pieces(text))
            internal("text_delta",
                     {{QStringLiteral("message_id"), messageId}, {QStringLiteral("delta"), piece}});
    }
    void thinking(const QString &messageId, const QString &text)
    {
        for (const QString &piece : pieces(text, 3))
            internal("thinking_delta",
                     {{QStringLiteral("message_id"), messageId}, {QStringLiteral("delta"), piece}});
    }
    // A tool call with streamed arguments and its result.
    void tool(const QString &messageId, const QString &callId, const QString &name,
              const QJsonObject &args, const QJsonValue &result)
    {
        const QString argsText = json::toCompactJson(args);
        // Cut the JSON text in three, as a model streams it (any cut is fine: it is text).
        const qsizetype third = argsText.size() / 3;
        const QStringList argPieces {argsText.left(third), argsText.mid(third, third),
                                     argsText.mid(2 * third)};
        for (const QString &piece : argPieces)
            internal("toolcall_delta",
                     {{QStringLiteral("message_id"), messageId},
                      {QStringLiteral("tool_call_id"), callId},
                      {QStringLiteral("tool_name"), name},
                      {QStringLiteral("delta"), piece}});
        internal("tool_started",
                 {{QStringLiteral("tool_call_id"), callId},
                  {QStringLiteral("tool_name"), name},
                  {QStringLiteral("args"), args}});
        internal("tool_completed",
                 {{QStringLiteral("tool_call_id"), callId}, {QStringLiteral("result"), result}});
    }
    QString id(const char *suffix) const
    {
        return m_runId + QLatin1Char('-') + QLatin1String(suffix);
    }

    QList<QJsonObject> take() { return std::move(m_events); }

private:
    Renderer::Options options(const QJsonValue &state) const
    {
        Renderer::Options o;
        if (state.isObject())
            o.projection = Renderer::initialProjection(state.toObject());
        o.threadId = m_threadId;
        o.runId = m_runId;
        o.snapshotOnTurnStart = true;
        return o;
    }

    QString m_threadId;
    QString m_runId;
    Renderer m_renderer;
    QList<QJsonObject> m_events;
};

QJsonObject planStep(const char *title, const char *status)
{
    return QJsonObject {{QStringLiteral("step"), QString::fromUtf8(title)},
                        {QStringLiteral("status"), QString::fromLatin1(status)}};
}

QJsonObject usage(int input, int output)
{
    return QJsonObject {{QStringLiteral("inputTokens"), input},
                        {QStringLiteral("outputTokens"), output},
                        {QStringLiteral("totalTokens"), input + output}};
}

QJsonObject v09(const char *operation, const QJsonObject &body)
{
    return QJsonObject {{QStringLiteral("version"), QStringLiteral("v0.9")},
                        {QString::fromLatin1(operation), body}};
}

QJsonObject component(const char *id, const char *type, QJsonObject props)
{
    props.insert(QStringLiteral("id"), QString::fromLatin1(id));
    props.insert(QStringLiteral("component"), QString::fromLatin1(type));
    return props;
}

QJsonObject path(const char *p)
{
    return QJsonObject {{QStringLiteral("path"), QString::fromLatin1(p)}};
}

// A ChoicePicker value is a string list; accept a plain string too.
QString choiceText(const QJsonValue &v)
{
    if (v.isArray()) {
        QStringList parts;
        for (const auto &item : v.toArray())
            parts << item.toString();
        return parts.join(QStringLiteral(", "));
    }
    return v.toString();
}

} // namespace

QString DemoAgent::catalogId()
{
    return QStringLiteral("https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json");
}

QString DemoAgent::surfaceId()
{
    return QStringLiteral("order");
}

DemoAgent::DemoAgent()
    : DemoAgent(Options {})
{ }

DemoAgent::DemoAgent(Options options)
    : m_options(options)
{ }

QJsonArray DemoAgent::formMessages()
{
    const QString sid = surfaceId();
    const QJsonArray components {
        component("root", "Card", {{QStringLiteral("child"), QStringLiteral("col")}}),
        component("col", "Column",
                  {{QStringLiteral("children"),
                    QJsonArray {QStringLiteral("title"), QStringLiteral("name"),
                                QStringLiteral("size"), QStringLiteral("submit")}}}),
        component("title", "Text",
                  {{QStringLiteral("text"), QStringLiteral("Order a drink")},
                   {QStringLiteral("variant"), QStringLiteral("h3")}}),
        component(
            "name", "TextField",
            {{QStringLiteral("label"), QStringLiteral("Your name")},
             {QStringLiteral("value"), path("/form/name")},
             {QStringLiteral("checks"),
              QJsonArray {QJsonObject {
                  {QStringLiteral("condition"),
                   QJsonObject {{QStringLiteral("call"), QStringLiteral("required")},
                                {QStringLiteral("args"),
                                 QJsonObject {{QStringLiteral("value"), path("/form/name")}}}}},
                  {QStringLiteral("message"), QStringLiteral("Name is required")}}}}}),
        component(
            "size", "ChoicePicker",
            {{QStringLiteral("label"), QStringLiteral("Size")},
             {QStringLiteral("variant"), QStringLiteral("mutuallyExclusive")},
             {QStringLiteral("value"), path("/form/size")},
             {QStringLiteral("options"),
              QJsonArray {QJsonObject {{QStringLiteral("label"), QStringLiteral("Small")},
                                       {QStringLiteral("value"), QStringLiteral("small")}},
                          QJsonObject {{QStringLiteral("label"), QStringLiteral("Medium")},
                                       {QStringLiteral("value"), QStringLiteral("medium")}},
                          QJsonObject {{QStringLiteral("label"), QStringLiteral("Large")},
                                       {QStringLiteral("value"), QStringLiteral("large")}}}}}),
        component("submit_label", "Text", {{QStringLiteral("text"), QStringLiteral("Order")}}),
        component(
            "submit", "Button",
            {{QStringLiteral("child"), QStringLiteral("submit_label")},
             {QStringLiteral("variant"), QStringLiteral("primary")},
             {QStringLiteral("action"),
              QJsonObject {
                  {QStringLiteral("event"),
                   QJsonObject {{QStringLiteral("name"), QStringLiteral("submit_order")},
                                {QStringLiteral("context"),
                                 QJsonObject {{QStringLiteral("name"), path("/form/name")},
                                              {QStringLiteral("size"), path("/form/size")}}}}}}}}),
    };
    return QJsonArray {
        v09("createSurface",
            {{QStringLiteral("surfaceId"), sid}, {QStringLiteral("catalogId"), catalogId()}}),
        v09("updateComponents",
            {{QStringLiteral("surfaceId"), sid}, {QStringLiteral("components"), components}}),
        v09("updateDataModel",
            {{QStringLiteral("surfaceId"), sid},
             {QStringLiteral("path"), QStringLiteral("/form")},
             {QStringLiteral("value"),
              QJsonObject {{QStringLiteral("name"), QString()},
                           {QStringLiteral("size"), QJsonArray {QStringLiteral("medium")}}}}}),
    };
}

QList<QJsonObject> DemoAgent::run(const QJsonObject &input)
{
    QString threadId = input.value(QLatin1StringView {"threadId"}).toString();
    if (threadId.isEmpty())
        threadId = QStringLiteral("demo-thread");
    QString runId = input.value(QLatin1StringView {"runId"}).toString();
    if (runId.isEmpty())
        runId = QStringLiteral("demo-run");
    const QJsonValue state = input.value(QLatin1StringView {"state"});
    const std::optional<QJsonObject> action = a2uiagui::userAction(input);
    if (action)
        return actionRun(threadId, runId, state,
                         action->value(QLatin1StringView {"action"}).toObject());
    return formRun(threadId, runId, state);
}

QList<AgentChunk> DemoAgent::stream(const QJsonObject &input)
{
    QList<AgentChunk> out;
    const QList<QJsonObject> events = run(input);
    out.reserve(events.size());
    for (const QJsonObject &e : events)
        out.append(AgentChunk {out.isEmpty() ? 0 : m_options.paceMs, e, {}});
    return out;
}

QList<QJsonObject> DemoAgent::formRun(const QString &threadId, const QString &runId,
                                      const QJsonValue &state)
{
    Script s(threadId, runId, state);
    s.startThinking();
    s.internal("mode_changed", {{QStringLiteral("mode"), QStringLiteral("assist")}});

    const QString msg = s.id("msg-1");
    s.thinking(msg,
               QStringLiteral("The user wants a drink. I should check the weather first, "
                              "then plan the steps and show an order form."));
    s.internal("message_completed", {{QStringLiteral("message_id"), msg}});

    // The assistant message first, then the tool calls it carries (parentMessageId names a
    // message the client already has).
    const QString msg2 = s.id("msg-2");
    s.text(msg2, QStringLiteral("Let me plan this and check the weather in Zürich ☀️ first."));
    s.internal("message_completed", {{QStringLiteral("message_id"), msg2}});
    s.tool(msg2, s.id("call-plan"), QStringLiteral("update_plan"),
           QJsonObject {{QStringLiteral("steps"),
                         QJsonArray {QStringLiteral("Check the weather"),
                                     QStringLiteral("Show the order form")}}},
           QStringLiteral("Plan saved (2 steps)"));
    s.internal("plan_updated",
               {{QStringLiteral("plan"),
                 QJsonArray {planStep("Check the weather", "in_progress"),
                             planStep("Show the order form", "pending")}}});

    s.internal("state_changed", {{QStringLiteral("status"), QStringLiteral("calling_tool")}});
    s.tool(msg2, s.id("call-weather"), QStringLiteral("get_weather"),
           QJsonObject {{QStringLiteral("city"), QStringLiteral("Zürich")},
                        {QStringLiteral("unit"), QStringLiteral("celsius")}},
           QJsonObject {{QStringLiteral("city"), QStringLiteral("Zürich")},
                        {QStringLiteral("temperatureC"), 21},
                        {QStringLiteral("conditions"), QStringLiteral("sunny")}});
    const QString msg3 = s.id("msg-3");
    s.internal("usage_updated", {{QStringLiteral("usage"), usage(412, 96)}});
    s.internal("plan_updated",
               {{QStringLiteral("plan"),
                 QJsonArray {planStep("Check the weather", "done"),
                             planStep("Show the order form", "in_progress")}}});
    s.internal("state_changed", {{QStringLiteral("status"), QStringLiteral("writing")}});
    s.text(msg3,
           QStringLiteral("It is 21 °C and sunny in Zürich — perfect for an iced "
                          "coffee 🧊☕. Fill in the form below and I will place the order "
                          "(注文)."));
    s.internal("message_completed", {{QStringLiteral("message_id"), msg3}});

    const a2uiagui::SnapshotsResult surface = a2uiagui::snapshots({}, formMessages());
    m_surfaces.insert(threadId, surface.surfaces);
    for (const QJsonObject &e : surface.events)
        s.agui(e);

    s.internal("plan_updated",
               {{QStringLiteral("plan"),
                 QJsonArray {planStep("Check the weather", "done"),
                             planStep("Show the order form", "done")}}});
    s.internal("usage_updated", {{QStringLiteral("usage"), usage(640, 212)}});
    s.internal("state_changed", {{QStringLiteral("status"), QStringLiteral("waiting_for_user")}});
    s.internal("turn_completed");
    return s.take();
}

QList<QJsonObject> DemoAgent::actionRun(const QString &threadId, const QString &runId,
                                        const QJsonValue &state, const QJsonObject &action)
{
    Script s(threadId, runId, state);
    s.startThinking();
    const QString msg = s.id("msg-1");
    const QString actionName = action.value(QLatin1StringView {"name"}).toString();
    const QJsonObject context = action.value(QLatin1StringView {"context"}).toObject();
    s.thinking(
        msg, QStringLiteral("The user clicked a button: ") + a2uiagui::describeUserAction(action));
    s.internal("message_completed", {{QStringLiteral("message_id"), msg}});

    const QString name = context.value(QLatin1StringView {"name"}).toString().trimmed();
    const QString size = choiceText(context.value(QLatin1StringView {"size"})).trimmed();
    const QString reply = s.id("msg-2");

    if (actionName != QLatin1StringView {"submit_order"}) {
        s.text(reply, QStringLiteral("I do not know the action \"%1\".").arg(actionName));
    } else if (name.isEmpty() || size.isEmpty()) {
        s.text(reply, QStringLiteral("The order needs a name and a size."));
    } else {
        const QString orderId = QStringLiteral("order-") + runId;
        s.internal(
            "plan_updated",
            {{QStringLiteral("plan"), QJsonArray {planStep("Place the order", "in_progress")}}});
        s.text(reply, QStringLiteral("Placing your order…"));
        s.internal("message_completed", {{QStringLiteral("message_id"), reply}});
        s.internal("state_changed", {{QStringLiteral("status"), QStringLiteral("calling_tool")}});
        s.tool(reply, s.id("call-order"), QStringLiteral("place_order"),
               QJsonObject {{QStringLiteral("name"), name}, {QStringLiteral("size"), size}},
               QJsonObject {{QStringLiteral("orderId"), orderId},
                            {QStringLiteral("status"), QStringLiteral("placed")}});
        const QString done = QStringLiteral("Ordered a %1 for %2").arg(size, name);
        const QString confirmation = done + QStringLiteral(" ✅");
        s.text(s.id("msg-3"), confirmation);
        s.internal("message_completed", {{QStringLiteral("message_id"), s.id("msg-3")}});

        // The surface: the data model records the order and a confirmation replaces the form's
        // title; the button is disabled by switching it to a plain variant.
        const QString sid = surfaceId();
        QJsonArray update {
            v09("updateDataModel",
                {{QStringLiteral("surfaceId"), sid},
                 {QStringLiteral("path"), QStringLiteral("/order")},
                 {QStringLiteral("value"),
                  QJsonObject {{QStringLiteral("id"), orderId},
                               {QStringLiteral("status"), QStringLiteral("placed")},
                               {QStringLiteral("name"), name},
                               {QStringLiteral("size"), size}}}}),
            v09("updateComponents",
                {{QStringLiteral("surfaceId"), sid},
                 {QStringLiteral("components"),
                  QJsonArray {
                      component("col", "Column",
                                {{QStringLiteral("children"),
                                  QJsonArray {QStringLiteral("title"), QStringLiteral("confirm"),
                                              QStringLiteral("name"), QStringLiteral("size"),
                                              QStringLiteral("submit")}}}),
                      component("title", "Text",
                                {{QStringLiteral("text"), QStringLiteral("Order placed")},
                                 {QStringLiteral("variant"), QStringLiteral("h3")}}),
                      component("confirm", "Text", {{QStringLiteral("text"), confirmation}}),
                  }}}),
        };
        a2uiagui::Surfaces kept = m_surfaces.value(threadId);
        if (!kept.contains(sid)) // a fresh agent (e.g. restarted server): the form first
            kept = a2uiagui::snapshots({}, formMessages()).surfaces;
        const a2uiagui::SnapshotsResult surface = a2uiagui::snapshots(kept, update);
        m_surfaces.insert(threadId, surface.surfaces);
        for (const QJsonObject &e : surface.events)
            s.agui(e);
        s.internal("plan_updated",
                   {{QStringLiteral("plan"), QJsonArray {planStep("Place the order", "done")}}});
    }
    s.internal("message_completed", {{QStringLiteral("message_id"), reply}});
    s.internal("usage_updated", {{QStringLiteral("usage"), usage(220, 64)}});
    s.internal("state_changed", {{QStringLiteral("status"), QStringLiteral("done")}});
    s.internal("turn_completed");
    return s.take();
}

} // namespace agui
