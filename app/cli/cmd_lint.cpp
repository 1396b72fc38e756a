// agui-inspect lint FILE... : every finding of the linter (schema, verify, lint layers), the
// reducer's session.* diagnostics, the A2UI findings of a2ui-surface activities (a2ui layer) and
// problems of the capture file itself.

#include "app/cli/command.h"
#include "app/cli/input.h"

#include "core/a2ui/a2uilint.h"
#include "core/analysis/lintfindings.h"
#include "core/analysis/lintreport.h"
#include "core/finding/rulecategory.h"
#include "core/session/lintrules.h"

#include <QCoreApplication>
#include <QFile>

#include <QJsonDocument>
#include <QJsonObject>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect lint [--format text|json|sarif|junit] [--fail-on error|warning|info]\n"
      "                         [--docs-base URL] [--filter EXPR] FILE...\n"
      "       agui-inspect lint --rules\n\n"
      "Checks AG-UI event streams (raw SSE, JSON lines, agui captures, DevTools exports, HAR; '-'\n"
      "reads standard input) with the reference client's verify rules and extra lint rules, and\n"
      "the A2UI surfaces their activities build (a2ui.* rules).\n"
      "Text: one line per finding, FILE:event N (byte B): SEVERITY RULE PATH: MESSAGE.\n"
      "JSON: one object per finding and line: file, ruleId, severity, layer, eventIndex (null =\n"
      "end of stream), byteOffset (in FILE, null = unknown), path (JSON Pointer), message, docs.\n"
      "SARIF: a SARIF 2.1.0 log (every rule, one result per finding, line and column for text\n"
      "files); --docs-base URL prefixes each rule's documentation reference to make its helpUri.\n"
      "JUnit: one testsuite per file, one testcase per finding; findings at or above --fail-on\n"
      "are failures.\n"
      "--filter EXPR keeps the findings about events that match EXPR (the GUI's filter\n"
      "language, docs/filter.md, e.g. 'run:2' or 'type:TOOL_*'); findings about the file or the\n"
      "end of the stream belong to no event and are left out. --fail-on counts what is kept.\n"
      "Every rule id is documented at docs/lint-rules.md#<anchor> (`--rules` prints them).\n"
      "Exit status: 0 no finding at or above --fail-on (default error), 1 one was found, 2\n"
      "unreadable input.\n";

void printText(const QString &file, const analysis::FileFinding &l)
{
    out() << file << ':';
    if (l.eventIndex >= 0)
        out() << "event " << l.eventIndex;
    else
        out() << (l.layer == QLatin1String("capture") ? "file" : "end of stream");
    if (l.byteOffset >= 0)
        out() << " (byte " << l.byteOffset << ')';
    out() << ": " << severityName(l.severity) << ' ' << l.ruleId;
    if (!l.path.isEmpty())
        out() << ' ' << l.path;
    out() << ": " << l.message << '\n';
}

void printJson(const QString &file, const analysis::FileFinding &l)
{
    out() << QString::fromUtf8(
        QJsonDocument(analysis::findingToJson(file, l)).toJson(QJsonDocument::Compact))
          << '\n';
}

int printRules()
{
    // id, severity, layer, status (published/draft), category, title, documentation
    for (const LintRule &r : lintRules()) {
        out() << r.id << '\t' << severityName(r.severity) << '\t' << r.layer << '\t'
              << ruleStatusName(r.status) << '\t' << ruleCategory(QString(r.id)) << '\t' << r.title
              << '\t' << analysis::ruleDocReference(QString(r.id)) << '\n';
    }
    for (const a2ui::LintRule &r : a2ui::lintRules())
        out() << r.id << '\t' << severityName(r.severity) << "\ta2ui\tpublished\t"
              << ruleCategory(r.id) << '\t' << r.summary << '\t' << analysis::ruleDocReference(r.id)
              << '\n';
    return ExitOk;
}

bool parseSeverity(const QString &text, Severity *severity)
{
    for (const Severity s : {Severity::Error, Severity::Warning, Severity::Info}) {
        if (text == severityName(s)) {
            *severity = s;
            return true;
        }
    }
    return false;
}

// Line and column of each finding, for the text formats whose file can be read again (SARIF
// viewers place results by line).
void addLines(const Input &input, QList<analysis::FileFinding> &findings)
{
    if (input.path == QLatin1String("-") || input.capture.format == CaptureFormat::Protobuf)
        return;
    QFile file(input.path);
    if (!file.open(QIODevice::ReadOnly))
        return;
    const analysis::LineIndex index(file.readAll());
    for (analysis::FileFinding &f : findings)
        index.locate(f.byteOffset, &f.line, &f.column);
}

analysis::LintedFile lintFile(const Input &input, bool withLines, const EventFilter &filter)
{
    analysis::LintedFile file;
    file.name = input.name;
    file.findings = analysis::placedFindings(input.capture, *input.session, input.origins, filter);
    if (withLines)
        addLines(input, file.findings);
    return file;
}

struct LintOptions
{
    QString format;
    Severity failOn = Severity::Error;
    QString docsBase;
    EventFilter filter;
};

int report(const QList<analysis::LintedFile> &files, const LintOptions &options)
{
    if (options.format == QLatin1String("sarif")) {
        out() << QString::fromUtf8(
            analysis::sarifLog(files, {QCoreApplication::applicationVersion(), options.docsBase}));
    } else if (options.format == QLatin1String("junit")) {
        out() << QString::fromUtf8(analysis::junitLintReport(files, options.failOn));
    }
    int counts[3] = {0, 0, 0};
    bool failed = false;
    for (const analysis::LintedFile &file : files) {
        for (const analysis::FileFinding &l : file.findings) {
            if (options.format == QLatin1String("json"))
                printJson(file.name, l);
            else if (options.format == QLatin1String("text"))
                printText(file.name, l);
            counts[int(l.severity)] += 1;
            failed = failed || l.severity >= options.failOn;
        }
    }
    if (options.format == QLatin1String("text") && !files.isEmpty()) {
        const int errors = counts[int(Severity::Error)];
        const int warnings = counts[int(Severity::Warning)];
        const int infos = counts[int(Severity::Info)];
        out() << errors << (errors == 1 ? " error, " : " errors, ") << warnings
              << (warnings == 1 ? " warning, " : " warnings, ") << infos
              << (infos == 1 ? " info\n" : " infos\n");
    }
    return failed ? ExitFindings : ExitOk;
}

int runLint(const QStringList &argv)
{
    const Args args = parseArgs(argv,
                                {QStringLiteral("--format"), QStringLiteral("--fail-on"),
                                 QStringLiteral("--docs-base"), QStringLiteral("--filter")},
                                {QStringLiteral("--help"), QStringLiteral("--rules")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("lint"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (args.options.contains(QStringLiteral("--rules")))
        return printRules();
    LintOptions options;
    options.format = args.options.value(QStringLiteral("--format"), QStringLiteral("text"));
    options.docsBase = args.options.value(QStringLiteral("--docs-base"));
    const QStringList formats {QStringLiteral("text"), QStringLiteral("json"),
                               QStringLiteral("sarif"), QStringLiteral("junit")};
    if (!formats.contains(options.format))
        return usageError(QStringLiteral("lint"),
                          QStringLiteral("--format must be text, json, sarif or junit, not %1")
                              .arg(options.format));
    const QString failOn = args.options.value(QStringLiteral("--fail-on"), QStringLiteral("error"));
    if (!parseSeverity(failOn, &options.failOn))
        return usageError(
            QStringLiteral("lint"),
            QStringLiteral("--fail-on must be error, warning or info, not %1").arg(failOn));
    QString filterError;
    if (!parseFilterOption(args, &options.filter, &filterError))
        return usageError(QStringLiteral("lint"), filterError);
    if (args.positional.isEmpty())
        return usageError(QStringLiteral("lint"), QStringLiteral("no FILE given"));

    bool unreadable = false;
    QList<analysis::LintedFile> files;
    for (const QString &path : args.positional) {
        Input input;
        InputOptions inputOptions;
        // One pass: findings only. A filter reads the events' records (and their bytes when it
        // searches their text); without one, each event's stream offset places its findings.
        inputOptions.session
            = SessionOptions {0, options.filter.needsEventText(), !options.filter.isEmpty()};
        if (!openInput(path, &input, inputOptions)) {
            unreadable = true;
            continue;
        }
        files.append(lintFile(input, options.format == QLatin1String("sarif"), options.filter));
        if (&path == &args.positional.constLast())
            leaveInputToExit(input);
    }
    const int code = report(files, options);
    return unreadable ? ExitUnreadable : code;
}

const CommandRegistration reg {
    {QStringLiteral("lint"), QStringLiteral("check event streams (exit 1 when an error is found)"),
     &runLint}};

} // namespace

} // namespace agui::cli
