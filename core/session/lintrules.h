#pragma once

#include "core/finding/diagnostic.h"

#include <QLatin1StringView>
#include <QList>
#include <QString>
#include <QStringView>

namespace agui {

// The rule table of the stream linter (core/session/linter.h): one row per rule id the linter
// itself produces. docs/lint-rules.md explains every row with a failing example, and
// `agui-inspect lint --rules` prints the table. Rule ids are stable: a rule may be reworded or
// re-levelled, never renamed.
//
// Layers:
//   "verify" the ordering checks of @ag-ui/client 1.0.0 verifyEvents; messages are the client's,
//            byte for byte. All are errors (the client aborts the run on each of them) except
//            the 0.x client's THINKING_* checks (verify.TH*, @ag-ui/client 0.0.59), warnings now:
//            the 1.0 client translates those events to REASONING_* before it verifies.
//   "lint"   extra checks the client does not enforce, from the AG-UI specification
//            (docs.ag-ui.com/spec/1.1) and a few hygiene rules. The inspector judges a stream as
//            an AG-UI 1.1 consumer.
//   "compat" client compatibility, all info: what the pinned @ag-ui/client 1.0.0 does with a
//            stream that a 1.1 consumer reads as it is (warns about a 1.1 producer, strips 1.1's
//            encryptedValueType), in the client's own words. Not a finding against the stream:
//            bumping the client pin changes only this layer.
// Schema-layer findings (schema.*, wire.*, chunk.*) are produced by core/protocol and core/wire
// and only passed through by the linter; they are not in this table (see catalogue.h, decoder.h,
// streamdecoder.h, chunkexpander.h). compat.newer-field is produced there too (the schema layer
// knows which members 1.1 added) but is a row here, so it is listed and documented with its layer.

// Which text a rule enforces: the published AG-UI 1.1 specification (or the client that
// implements it), or the draft specification (docs.ag-ui.com/spec/draft), whose rules 1.1 does not
// require yet: a draft rule is shown as such in the rule table and in `lint --rules`.
enum class RuleStatus : quint8 { Published, Draft };

struct LintRule
{
    QLatin1StringView id;
    Severity severity = Severity::Error;
    QLatin1StringView layer; // "verify", "lint" or "compat"
    QLatin1StringView title; // a few words
    QLatin1StringView meaning; // one line: what fails and why it matters
    QLatin1StringView source; // where it comes from: reference section, client behaviour
    RuleStatus status = RuleStatus::Published;
};

// "published" or "draft".
QLatin1StringView ruleStatusName(RuleStatus status);

// All rules, verify first (reference order), then lint, then compat.
const QList<LintRule> &lintRules();

// The row of a rule id, or nullptr.
const LintRule *findLintRule(QStringView id);

} // namespace agui
