// agui-inspect render : an agent's internal events (JSON lines) -> AG-UI events, through the
// seed-port renderer (core/agent/renderer.h; format in docs/internal-events.md).

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "core/agent/a2uiagui.h"
#include "core/agent/renderer.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cstdio>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect render [FILE|-] [--jsonl] [--coalesce] [--snapshot] [--thread-id ID]\n"
      "                           [--run-id ID]\n\n"
      "Reads an agent's internal events, one JSON object per line (docs/internal-events.md),\n"
      "from FILE or standard input and writes the AG-UI events they become: server-sent events\n"
      "as AG-UI's HTTP binding sends them, or with --jsonl one JSON object per line.\n\n"
      "  --coalesce       merge consecutive TEXT_MESSAGE_CONTENT / TOOL_CALL_ARGS of one id\n"
      "                   (reads all input first)\n"
      "  --snapshot       send STATE_SNAPSHOT after each RUN_STARTED\n"
      "  --thread-id ID   threadId of the runs (default: each turn_started's thread_id)\n"
      "  --run-id ID      runId of the runs (default: each turn_started's turn_id)\n\n"
      "A line that is not JSON or not an internal event the renderer knows is reported on\n"
      "standard error as FILE:LINE: reason and skipped; the exit status is then 1.\n";

int runRender(const QStringList &argv)
{
    const Args args = parseArgs(argv, {QStringLiteral("--thread-id"), QStringLiteral("--run-id")},
                                {QStringLiteral("--jsonl"), QStringLiteral("--coalesce"),
                                 QStringLiteral("--snapshot"), QStringLiteral("--help")});
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("render"), args.error);
    QFile in;
    QString name;
    QFile outFile;
    if (const int failed = openFilterStreams(QStringLiteral("render"), args, &in, &name, &outFile))
        return failed;

    Renderer::Options options;
    options.threadId = args.options.value(QStringLiteral("--thread-id"));
    options.runId = args.options.value(QStringLiteral("--run-id"));
    options.snapshotOnTurnStart = args.options.contains(QStringLiteral("--snapshot"));
    Renderer renderer(options);
    const bool jsonl = args.options.contains(QStringLiteral("--jsonl"));
    const bool coalesce = args.options.contains(QStringLiteral("--coalesce"));

    QList<QJsonObject> pending; // --coalesce: everything, merged at the end
    int problems = 0;
    qint64 lineNo = 0;
    while (!in.atEnd()) {
        const QByteArray line = in.readLine();
        ++lineNo;
        if (line.trimmed().isEmpty())
            continue;
        QJsonParseError error {};
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        QString problem;
        if (error.error != QJsonParseError::NoError)
            problem = QStringLiteral("not JSON: %1 at column %2")
                          .arg(error.errorString())
                          .arg(error.offset + 1);
        else if (!doc.isObject())
            problem = QStringLiteral("not a JSON object");
        Renderer::Result result;
        if (problem.isEmpty()) {
            result = renderer.render(doc.object());
            problem = result.error;
        }
        if (!problem.isEmpty()) {
            err() << name << ':' << lineNo << ": " << problem << '\n';
            err().flush();
            ++problems;
            continue;
        }
        if (coalesce) {
            pending += result.events;
            continue;
        }
        for (const QJsonObject &e : std::as_const(result.events))
            writeAguiEvent(outFile, e, jsonl);
        outFile.flush();
    }
    if (coalesce)
        for (const QJsonObject &e : Renderer::coalesce(pending))
            writeAguiEvent(outFile, e, jsonl);
    outFile.flush();
    return problems > 0 ? ExitFindings : ExitOk;
}

CommandRegistration reg {
    {QStringLiteral("render"),
     QStringLiteral("render internal agent events (JSON lines) as AG-UI events"), &runRender}};

} // namespace

} // namespace agui::cli
