// agui-inspect lint FILE... : every finding of the linter (schema, verify, lint layers), the
// reducer's session.* diagnostics, the A2UI findings of a2ui-surface activities (a2ui layer) and
// problems of the capture file itself.

#include "app/cli/command.h"
#include "app/cli/input.h"

#include "core/a2ui/a2uilint.h"
#include "core/session/lintrules.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect lint [--format text|json] FILE...\n"
      "       agui-inspect lint --rules\n\n"
      "Checks AG-UI event streams (raw SSE, JSON lines, agui captures, DevTools exports; '-' "
      "reads\n"
      "standard input) with the reference client's verify rules and extra lint rules, and the\n"
      "A2UI surfaces their activities build (a2ui.* rules).\n"
      "Text: one line per finding, FILE:event N (byte B): SEVERITY RULE PATH: MESSAGE.\n"
      "JSON: one object per finding and line: file, ruleId, severity, layer, eventIndex (null =\n"
      "end of stream), byteOffset (in FILE, null = unknown), path (JSON Pointer), message.\n"
      "Exit status: 0 no error-severity finding, 1 an error was found, 2 unreadable input.\n";

struct Line
{
    QString ruleId;
    Severity severity;
    QString layer;
    qint64 eventIndex;
    qint64 byteOffset;
    QString path;
    QString message;
};

void printText(const QString &file, const Line &l)
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

void printJson(const QString &file, const Line &l)
{
    QJsonObject o;
    o.insert(QLatin1String("file"), file);
    o.insert(QLatin1String("ruleId"), l.ruleId);
    o.insert(QLatin1String("severity"), severityName(l.severity));
    o.insert(QLatin1String("layer"), l.layer);
    o.insert(QLatin1String("eventIndex"),
             l.eventIndex >= 0 ? QJsonValue(double(l.eventIndex)) : QJsonValue());
    o.insert(QLatin1String("byteOffset"),
             l.byteOffset >= 0 ? QJsonValue(double(l.byteOffset)) : QJsonValue());
    o.insert(QLatin1String("path"), l.path);
    o.insert(QLatin1String("message"), l.message);
    out() << QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)) << '\n';
}

int printRules()
{
    for (const LintRule &r : lintRules()) {
        out() << r.id << '\t' << severityName(r.severity) << '\t' << r.layer << '\t' << r.title
              << '\n';
    }
    for (const a2ui::LintRule &r : a2ui::lintRules())
        out() << r.id << '\t' << a2ui::issueSeverityName(r.severity) << "\ta2ui\t" << r.summary
              << '\n';
    return ExitOk;
}

int runLint(const QStringList &argv)
{
    const Args args = parseArgs(argv, {QStringLiteral("--format")},
                                {QStringLiteral("--help"), QStringLiteral("--rules")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("lint"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (args.options.contains(QStringLiteral("--rules")))
        return printRules();
    const QString format = args.options.value(QStringLiteral("--format"), QStringLiteral("text"));
    if (format != QLatin1String("text") && format != QLatin1String("json"))
        return usageError(QStringLiteral("lint"),
                          QStringLiteral("--format must be text or json, not %1").arg(format));
    if (args.positional.isEmpty())
        return usageError(QStringLiteral("lint"), QStringLiteral("no FILE given"));

    bool unreadable = false;
    int readable = 0;
    int errors = 0;
    int warnings = 0;
    int infos = 0;
    for (const QString &path : args.positional) {
        Input input;
        InputOptions options;
        options.session = SessionOptions {0, false}; // one pass: findings only
        if (!openInput(path, &input, options)) {
            unreadable = true;
            continue;
        }
        ++readable;
        QList<Line> lines;
        for (const CaptureProblem &p : input.capture.problems)
            lines.append({p.ruleId, p.severity, QStringLiteral("capture"), -1, p.byteOffset,
                          QString(), p.message});
        for (const Finding &f : input.session->findings()) {
            const Diagnostic &d = f.diagnostic;
            lines.append({d.ruleId, d.severity, f.layer, f.eventIndex,
                          input.fileOffset(f.eventIndex, d.byteOffset), d.path, d.message});
        }
        for (const Line &l : lines) {
            if (format == QLatin1String("json"))
                printJson(input.name, l);
            else
                printText(input.name, l);
            errors += l.severity == Severity::Error;
            warnings += l.severity == Severity::Warning;
            infos += l.severity == Severity::Info;
        }
    }
    if (format == QLatin1String("text") && readable > 0) {
        out() << errors << (errors == 1 ? " error, " : " errors, ") << warnings
              << (warnings == 1 ? " warning, " : " warnings, ") << infos
              << (infos == 1 ? " info\n" : " infos\n");
    }
    if (unreadable)
        return ExitUnreadable;
    return errors > 0 ? ExitFindings : ExitOk;
}

const CommandRegistration reg {
    {QStringLiteral("lint"), QStringLiteral("check event streams (exit 1 when an error is found)"),
     &runLint}};

} // namespace

} // namespace agui::cli
