#include "core/mcp/prompts.h"

#include "core/json/jsontext.h"
#include "core/mcp/views.h"

#include <QJsonDocument>

namespace agui::mcp {

namespace {

constexpr qsizetype kMaxFindingsShown = 40;
constexpr qsizetype kMaxJsonChars = 6000; // per JSON block, so the prompt stays readable

QString jsonBlock(const QJsonValue &value)
{
    QString text = json::toIndentedJson(value);
    if (text.size() > kMaxJsonChars)
        text = text.left(kMaxJsonChars) + QStringLiteral("\n… (cut; ask the tools for the rest)");
    return QStringLiteral("```json\n%1\n```\n").arg(text.trimmed());
}

// The event where the run goes wrong: its first error finding, else its RUN_ERROR, else its
// first warning, else its last event.
qint64 failingEvent(const OpenCapture &c, int runIndex, const QJsonArray &findings)
{
    for (const char *severity : {"error", "warning"}) {
        for (const auto &f : findings) {
            const QJsonObject o = f.toObject();
            if (o.value(QLatin1String("severity")).toString() == QLatin1String(severity)
                && o.value(QLatin1String("eventIndex")).isDouble())
                return qint64(o.value(QLatin1String("eventIndex")).toDouble());
        }
        const Run &run = c.session().current().run(runIndex);
        if (QLatin1String(severity) == QLatin1String("error") && run.status == RunStatus::Errored)
            return run.endSeq;
    }
    return c.session().current().run(runIndex).lastSeq;
}

QString findingLines(const QJsonArray &findings)
{
    QString text;
    for (qsizetype i = 0; i < findings.size() && i < kMaxFindingsShown; ++i) {
        const QJsonObject f = findings.at(i).toObject();
        const QJsonValue at = f.value(QLatin1String("eventIndex"));
        text += QStringLiteral("- %1 %2 at %3%4: %5\n")
                    .arg(f.value(QLatin1String("severity")).toString(),
                         f.value(QLatin1String("ruleId")).toString(),
                         at.isDouble() ? QStringLiteral("event %1").arg(at.toInteger())
                                       : QStringLiteral("end of stream"),
                         f.value(QLatin1String("path")).toString().isEmpty()
                             ? QString()
                             : QLatin1Char(' ') + f.value(QLatin1String("path")).toString(),
                         f.value(QLatin1String("message")).toString());
    }
    if (findings.size() > kMaxFindingsShown)
        text += QStringLiteral("- … %1 more (lint tool, run argument)\n")
                    .arg(findings.size() - kMaxFindingsShown);
    return text.isEmpty() ? QStringLiteral("(none)\n") : text;
}

QString assemble(const QList<Tool> &tools, CaptureSet &captures, const OpenCapture &c, int runIndex)
{
    const QJsonObject capture {{QLatin1String("capture"), c.name}};
    QJsonObject lintArgs = capture;
    lintArgs.insert(QLatin1String("run"), runIndex + 1);
    lintArgs.insert(QLatin1String("severity"), QLatin1String("warning"));
    const QJsonArray findings = callTool(tools, captures, QStringLiteral("lint"), lintArgs)
                                    .structured.value(QLatin1String("findings"))
                                    .toArray();
    const qint64 failing = failingEvent(c, runIndex, findings);
    QString text = QStringLiteral(
                       "Diagnose run %1 of the AG-UI capture %2 (%3). Event indexes below are the "
                       "ones the AG-UI Inspector shows; the inspector's tools can fetch more "
                       "(get_event, state_at, messages_at, tool_calls, lint).\n\n## The run\n")
                       .arg(runIndex + 1)
                       .arg(c.name, c.path);
    text += jsonBlock(runSummary(c, runIndex));
    text += QStringLiteral("\n## Errors and warnings about its events\n") + findingLines(findings);
    if (failing >= 0) {
        QJsonObject eventArgs = capture;
        eventArgs.insert(QLatin1String("index"), failing);
        eventArgs.insert(QLatin1String("maxBytes"), 8192);
        const QJsonObject event
            = callTool(tools, captures, QStringLiteral("get_event"), eventArgs).structured;
        text += QStringLiteral("\n## The event where it goes wrong: %1\n").arg(failing);
        text += jsonBlock(event.value(QLatin1String("json")).isObject()
                              ? event.value(QLatin1String("json"))
                              : event.value(QLatin1String("raw")));
        text += QStringLiteral("\n## The state just before event %1\n").arg(failing);
        text += jsonBlock(snapshotAt(c, failing - 1).state());
        text += QStringLiteral("\n## What event %1 changed in the state (JSON Patch)\n")
                    .arg(failing);
        QJsonObject patchArgs = capture;
        patchArgs.insert(QLatin1String("from"), failing - 1);
        patchArgs.insert(QLatin1String("to"), failing);
        text += jsonBlock(callTool(tools, captures, QStringLiteral("state_patch"), patchArgs)
                              .structured.value(QLatin1String("patch")));
    }
    text += QStringLiteral("\nExplain why this run failed or misbehaved, naming the events "
                           "(by index) and the rule ids involved, and say what the agent should "
                           "send instead.\n");
    return text;
}

} // namespace

QJsonObject listPrompts()
{
    const QJsonArray arguments {
        QJsonObject {{QLatin1String("name"), QLatin1String("capture")},
                     {QLatin1String("description"),
                      QLatin1String("Name of an open capture (optional when one is open).")},
                     {QLatin1String("required"), false}},
        QJsonObject {{QLatin1String("name"), QLatin1String("run")},
                     {QLatin1String("description"),
                      QLatin1String("Run number, from 1 (default: the first run with an error, "
                                    "else the last run).")},
                     {QLatin1String("required"), false}}};
    return {{QLatin1String("prompts"),
             QJsonArray {QJsonObject {
                 {QLatin1String("name"), QLatin1String("diagnose_run")},
                 {QLatin1String("title"), QLatin1String("Diagnose a run")},
                 {QLatin1String("description"),
                  QLatin1String("Why did this run fail? The run's summary, its errors and "
                                "warnings, the event where it goes wrong, and the state around "
                                "it.")},
                 {QLatin1String("arguments"), arguments}}}}};
}

QJsonObject getPrompt(const QList<Tool> &tools, CaptureSet &captures, const QJsonObject &params,
                      RpcError *error)
{
    const QString name = params.value(QLatin1String("name")).toString();
    if (name != QLatin1String("diagnose_run")) {
        *error = {InvalidParams,
                  QStringLiteral("unknown prompt \"%1\" (prompts: diagnose_run)").arg(name),
                  QJsonValue(QJsonValue::Undefined)};
        return {};
    }
    // Prompt arguments are strings; the run number is read as one.
    QJsonObject raw = params.value(QLatin1String("arguments")).toObject();
    if (raw.value(QLatin1String("run")).isString()) {
        bool ok = false;
        const int run = raw.value(QLatin1String("run")).toString().toInt(&ok);
        if (ok)
            raw.insert(QLatin1String("run"), run);
    }
    Arguments args(raw, QStringLiteral("prompt diagnose_run"));
    args.rejectUnknown({QStringLiteral("capture"), QStringLiteral("run")});
    const OpenCapture *c = args.ok() ? captures.resolve(args) : nullptr;
    int runIndex = c ? readRun(args, *c) : -1;
    if (c && args.ok() && c->session().current().runCount() == 0)
        args.fail("capture", QStringLiteral("has no run to diagnose: %1").arg(c->name));
    if (!args.ok()) {
        *error = args.error();
        return {};
    }
    const SessionSnapshot &model = c->session().current();
    for (qsizetype i = 0; runIndex < 0 && i < model.runCount(); ++i) {
        if (model.run(i).status == RunStatus::Errored)
            runIndex = int(i);
    }
    if (runIndex < 0)
        runIndex = int(model.runCount()) - 1;
    const QString text = assemble(tools, captures, *c, runIndex);
    return {{QLatin1String("description"),
             QStringLiteral("Diagnose run %1 of %2").arg(runIndex + 1).arg(c->name)},
            {QLatin1String("messages"),
             QJsonArray {QJsonObject {{QLatin1String("role"), QLatin1String("user")},
                                      {QLatin1String("content"),
                                       QJsonObject {{QLatin1String("type"), QLatin1String("text")},
                                                    {QLatin1String("text"), text}}}}}}};
}

} // namespace agui::mcp
