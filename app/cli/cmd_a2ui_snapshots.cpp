// agui-inspect a2ui-snapshots : A2UI messages (JSON lines) -> the ACTIVITY_SNAPSHOT events that
// carry them over AG-UI (seed port A2UIAgent.AGUI.snapshots, core/agent/a2uiagui.h).

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "core/agent/a2uiagui.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cstdio>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect a2ui-snapshots [FILE|-] [--jsonl] [--all]\n\n"
      "Reads A2UI messages (v0.8, v0.9 or v1.0), one JSON object per line, from FILE or standard\n"
      "input and writes the AG-UI ACTIVITY_SNAPSHOT events (activityType \"a2ui-surface\",\n"
      "messageId \"a2ui-surface-<surfaceId>\") an agent sends for them: each snapshot carries "
      "every\n"
      "message of its surface so far. By default every line is one step (one snapshot per surface\n"
      "it touches); a line holding a JSON array is one step of several messages; --all makes the\n"
      "whole input one step. Output is server-sent events, or JSON lines with --jsonl.\n"
      "Messages that name no surface are left out (reported on standard error); a line that is\n"
      "not JSON is reported as FILE:LINE and skipped. Either makes the exit status 1.\n";

int runA2uiSnapshots(const QStringList &argv)
{
    const Args args = parseArgs(
        argv, {}, {QStringLiteral("--jsonl"), QStringLiteral("--all"), QStringLiteral("--help")});
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("a2ui-snapshots"), args.error);
    QFile in;
    QString name;
    QFile outFile;
    if (const int failed
        = openFilterStreams(QStringLiteral("a2ui-snapshots"), args, &in, &name, &outFile))
        return failed;
    const bool jsonl = args.options.contains(QStringLiteral("--jsonl"));
    const bool all = args.options.contains(QStringLiteral("--all"));

    a2uiagui::Surfaces surfaces;
    QJsonArray batch; // --all
    int problems = 0;
    const auto step = [&](const QJsonArray &messages) {
        const a2uiagui::SnapshotsResult r = a2uiagui::snapshots(surfaces, messages);
        surfaces = r.surfaces;
        for (const QJsonObject &e : r.events)
            writeAguiEvent(outFile, e, jsonl);
        outFile.flush();
    };
    qint64 lineNo = 0;
    while (!in.atEnd()) {
        const QByteArray line = in.readLine();
        ++lineNo;
        if (line.trimmed().isEmpty())
            continue;
        QJsonParseError error {};
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || (!doc.isObject() && !doc.isArray())) {
            err() << name << ':' << lineNo << ": "
                  << (error.error != QJsonParseError::NoError
                          ? QStringLiteral("not JSON: %1 at column %2")
                                .arg(error.errorString())
                                .arg(error.offset + 1)
                          : QStringLiteral("not a JSON object or array"))
                  << '\n';
            ++problems;
            continue;
        }
        const QJsonArray messages = doc.isArray() ? doc.array() : QJsonArray {doc.object()};
        for (qsizetype i = 0; i < messages.size(); ++i) {
            if (!a2uiagui::surfaceIdOf(messages.at(i).toObject())) {
                err() << name << ':' << lineNo
                      << (doc.isArray() ? QStringLiteral(" [%1]").arg(i) : QString())
                      << ": the message names no surface (left out)\n";
                ++problems;
            }
        }
        if (all) {
            for (const QJsonValue &m : messages)
                batch.append(m);
        } else {
            step(messages);
        }
    }
    if (all)
        step(batch);
    err().flush();
    return problems > 0 ? ExitFindings : ExitOk;
}

CommandRegistration reg {
    {QStringLiteral("a2ui-snapshots"),
     QStringLiteral("wrap A2UI messages (JSON lines) in AG-UI activity snapshots"),
     &runA2uiSnapshots}};

} // namespace

} // namespace agui::cli
