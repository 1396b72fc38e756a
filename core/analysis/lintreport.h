#pragma once

// Lint findings as reports for other tools: SARIF 2.1.0 (code-scanning services, IDE viewers) and
// JUnit XML (CI test dashboards), plus the documentation anchor of every rule id. The CLI's
// `lint --format sarif|junit` and the MCP server write these; the text and JSON lines formats
// stay in the CLI.

#include "core/finding/diagnostic.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace agui::analysis {

// One finding placed in its input file: what every report format writes.
struct FileFinding
{
    QString ruleId;
    Severity severity = Severity::Error;
    QString layer; // "schema", "verify", "lint", "compat", "session", "capture", "a2ui"
    qint64 eventIndex = -1; // -1: about the stream or the file as a whole
    qint64 byteOffset = -1; // in the file; -1 unknown
    qint64 line = -1; // 1-based line in the file (text formats); -1 unknown
    qint64 column = -1; // 1-based, in characters; -1 unknown
    QString path; // JSON Pointer into the event
    QString message;
};

// The findings of one linted input, in stream order.
struct LintedFile
{
    QString name; // as the user named it ("-" shows as "<stdin>")
    QList<FileFinding> findings;
};

// The heading anchor in docs/lint-rules.md that documents a rule id: its own section for the
// linter's rules ("verify.T2" -> "verifyt2", GitHub's slug of "### `verify.T2`"), the section of
// its family for the ids other layers produce (schema.*, wire.*, chunk.*, input.* -> the layer
// table; session.*, capture.*, a2ui.* -> their sections).
QString ruleDocAnchor(const QString &ruleId);
// "docs/lint-rules.md#<anchor>".
QString ruleDocReference(const QString &ruleId);
// GitHub's heading slug: lower case, punctuation other than '-' and '_' dropped, spaces to '-'.
QString headingSlug(const QString &heading);

struct SarifOptions
{
    QString toolVersion;
    // Prefix for each rule's helpUri (e.g. the repository's blob URL ending in '/'); empty: no
    // helpUri (the documentation reference is still in each rule's help text and properties).
    QString docsBaseUri;
};

// A SARIF 2.1.0 log: one run, every rule of the linter's table plus any other id seen, one result
// per finding with its file, byte offset (and line/column when known) and a logical location
// naming the event and the JSON Pointer.
QByteArray sarifLog(const QList<LintedFile> &files, const SarifOptions &options);

// JUnit XML: one testsuite per file, one testcase per finding (a <failure> when its severity is
// at or above failOn), and one passing "no findings" testcase for a clean file.
QByteArray junitLintReport(const QList<LintedFile> &files, Severity failOn);

// Maps a file offset to a 1-based line and column (characters) for text inputs.
class LineIndex
{
public:
    explicit LineIndex(const QByteArray &text);
    // false when the offset is outside the text.
    bool locate(qint64 byteOffset, qint64 *line, qint64 *column) const;

private:
    QByteArray m_text;
    QList<qint64> m_lineStarts;
};

} // namespace agui::analysis
