// agui-inspect diff A B : compares two captures (or two runs), and the golden-file workflow that
// makes a capture a regression test.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/timinginput.h"

#include "core/analysis/sessiondiff.h"
#include "core/capture/capturewriter.h"

#include <QFileInfo>
#include <QJsonDocument>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect diff [options] A B\n"
      "       agui-inspect diff [options] --golden GOLDEN ACTUAL\n"
      "       agui-inspect diff --write-golden GOLDEN ACTUAL\n\n"
      "Compares two captures (any format): the events, aligned by type and ids (not by\n"
      "position), and what they build: runs, messages, tool calls (names, arguments, results),\n"
      "the state and the A2UI surfaces, plus timing per HTTP exchange. Each difference is\n"
      "added (only in B), missing (only in A), reordered or changed (with the JSON Patch A->B).\n"
      "  --run-a N, --run-b N  compare run N (0-based) of A / of B instead of the whole capture\n"
      "                        (A and B may be the same file)\n"
      "  --ignore-ids          ids compared by order of first appearance (fresh UUIDs match)\n"
      "  --ignore-timestamps   the events' timestamp members\n"
      "  --ignore-text         message and reasoning text, and how text and tool arguments\n"
      "                        were split into events (tool arguments and results still count)\n"
      "  --ignore-timing       time to first byte, first text, duration, inter-token gaps\n"
      "                        (otherwise a figure counts as changed beyond 50% and 100 ms)\n"
      "  --format F            text (default), json, or junit (one testcase per section)\n"
      "Golden files: --write-golden GOLDEN ACTUAL stores ACTUAL as GOLDEN (an .aguicap with\n"
      "every byte and receive time); --golden GOLDEN ACTUAL compares ACTUAL against it.\n"
      "Exit status: 0 same, 1 different, 2 unreadable input or bad usage.\n";

struct DiffInput
{
    Input input;
    TimingCollector timing;
};

bool openSide(const QString &path, DiffInput *side)
{
    InputOptions options; // keeps bytes and checkpoints: events are re-read, runs looked up
    side->timing.attach(options);
    if (!openInput(path, &side->input, options))
        return false;
    reportCaptureProblems(side->input);
    return true;
}

bool parseRun(const Args &args, const QString &option, const Input &input, int *run, QString *error)
{
    if (!args.options.contains(option))
        return true;
    bool ok = false;
    *run = args.options.value(option).toInt(&ok);
    const qsizetype runs = input.session->current().runCount();
    if (!ok || *run < 0 || *run >= runs) {
        *error = QStringLiteral("%1 %2: %3 has %4 run(s) (0..%5)")
                     .arg(option, args.options.value(option), input.name)
                     .arg(runs)
                     .arg(runs - 1);
        return false;
    }
    return true;
}

analysis::DiffOptions diffOptions(const Args &args)
{
    analysis::DiffOptions o;
    o.ignoreIds = args.options.contains(QStringLiteral("--ignore-ids"));
    o.ignoreTimestamps = args.options.contains(QStringLiteral("--ignore-timestamps"));
    o.ignoreText = args.options.contains(QStringLiteral("--ignore-text"));
    o.ignoreTiming = args.options.contains(QStringLiteral("--ignore-timing"));
    return o;
}

void printText(const analysis::SessionDiff &diff, const analysis::DiffSide &a,
               const analysis::DiffSide &b)
{
    out() << "A: " << a.name << " (" << diff.eventsA << " events)\n";
    out() << "B: " << b.name << " (" << diff.eventsB << " events)\n";
    for (const analysis::DiffItem &item : diff.items)
        out() << item.section.leftJustified(10) << ' ' << analysis::describeDiffItem(item) << '\n';
    out() << diff.eventsMatched << " events matched; ";
    if (diff.same()) {
        out() << "same\n";
        return;
    }
    out() << "different: " << diff.count(analysis::DiffKind::Added) << " added, "
          << diff.count(analysis::DiffKind::Missing) << " missing, "
          << diff.count(analysis::DiffKind::Reordered) << " reordered, "
          << diff.count(analysis::DiffKind::Changed) << " changed\n";
}

int writeGolden(const QString &golden, const QString &actual)
{
    Input input;
    InputOptions options;
    options.keepChunks = true;
    options.buildSession = false;
    if (!openInput(actual, &input, options))
        return ExitUnreadable;
    reportCaptureProblems(input);
    CaptureWriter writer;
    if (!writer.open(golden) || !writer.writeCapture(input.capture)) {
        err() << "agui-inspect diff: " << golden << ": " << writer.errorString() << '\n';
        return ExitUnreadable;
    }
    writer.close();
    err() << "wrote " << golden << " (" << input.capture.runs.size() << " exchange(s), "
          << input.capture.bodyBytesRead << " body bytes) from " << input.name << '\n';
    return ExitOk;
}

int compare(const Args &args, const QString &pathA, const QString &pathB, const QString &format)
{
    DiffInput a;
    DiffInput b;
    if (!openSide(pathA, &a) || !openSide(pathB, &b))
        return ExitUnreadable;
    analysis::DiffSide sideA {a.input.session.get(), -1, {}, a.input.name};
    analysis::DiffSide sideB {b.input.session.get(), -1, {}, b.input.name};
    QString error;
    if (!parseRun(args, QStringLiteral("--run-a"), a.input, &sideA.runIndex, &error)
        || !parseRun(args, QStringLiteral("--run-b"), b.input, &sideB.runIndex, &error))
        return usageError(QStringLiteral("diff"), error);
    if (sideA.runIndex >= 0)
        sideA.name += QStringLiteral(" run %1").arg(sideA.runIndex);
    if (sideB.runIndex >= 0)
        sideB.name += QStringLiteral(" run %1").arg(sideB.runIndex);
    const analysis::DiffOptions options = diffOptions(args);
    // Timing is compared exchange by exchange, which only means something for whole captures.
    if (!options.ignoreTiming && sideA.runIndex < 0 && sideB.runIndex < 0) {
        sideA.timing = a.timing.compute(a.input, {});
        sideB.timing = b.timing.compute(b.input, {});
    }
    const analysis::SessionDiff diff = analysis::diffSessions(sideA, sideB, options);
    if (format == QLatin1String("json"))
        out() << QString::fromUtf8(
            QJsonDocument(analysis::diffToJson(diff, sideA, sideB, options)).toJson());
    else if (format == QLatin1String("junit"))
        out() << QString::fromUtf8(analysis::diffToJUnit(diff, sideA, sideB));
    else
        printText(diff, sideA, sideB);
    return diff.same() ? ExitOk : ExitFindings;
}

int runDiff(const QStringList &argv)
{
    const Args args = parseArgs(
        argv,
        {QStringLiteral("--format"), QStringLiteral("--run-a"), QStringLiteral("--run-b"),
         QStringLiteral("--golden"), QStringLiteral("--write-golden")},
        {QStringLiteral("--help"), QStringLiteral("--ignore-ids"),
         QStringLiteral("--ignore-timestamps"), QStringLiteral("--ignore-text"),
         QStringLiteral("--ignore-timing")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("diff"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    const QString format = args.options.value(QStringLiteral("--format"), QStringLiteral("text"));
    if (!QStringList {QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("junit")}
             .contains(format))
        return usageError(
            QStringLiteral("diff"),
            QStringLiteral("--format must be text, json or junit, not %1").arg(format));
    const QString golden = args.options.value(QStringLiteral("--golden"));
    const QString writeTo = args.options.value(QStringLiteral("--write-golden"));
    if (!golden.isEmpty() && !writeTo.isEmpty())
        return usageError(QStringLiteral("diff"),
                          QStringLiteral("give --golden or --write-golden, not both"));
    if (!writeTo.isEmpty() || !golden.isEmpty()) {
        if (args.positional.size() != 1)
            return usageError(QStringLiteral("diff"),
                              QStringLiteral("expects exactly one ACTUAL capture"));
        if (!writeTo.isEmpty())
            return writeGolden(writeTo, args.positional.first());
        if (!QFileInfo::exists(golden)) {
            err() << "agui-inspect diff: " << golden
                  << ": no such golden file (create it with --write-golden)\n";
            return ExitUnreadable;
        }
        return compare(args, golden, args.positional.first(), format);
    }
    if (args.positional.size() != 2)
        return usageError(QStringLiteral("diff"), QStringLiteral("expects two captures A B"));
    return compare(args, args.positional[0], args.positional[1], format);
}

const CommandRegistration reg {
    {QStringLiteral("diff"),
     QStringLiteral("compare two captures or runs (exit 1 when different); golden files"),
     &runDiff}};

} // namespace

} // namespace agui::cli
