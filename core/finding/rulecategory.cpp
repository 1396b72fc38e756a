#include "core/finding/rulecategory.h"

#include <array>

namespace agui {

namespace {

using L = QLatin1StringView;

struct CategoryRow
{
    L idOrPrefix; // an exact id, or a prefix ending in '.' or a letter run ("verify.TH")
    L category;
};

// Most specific first: the first row whose id equals the rule id, or is a prefix of it, wins.
constexpr std::array kRows {
    // verify: the run-end checks belong to what they find open.
    CategoryRow {L("verify.L5"), L("lifecycle")},
    CategoryRow {L("verify.L6"), L("text")},
    CategoryRow {L("verify.L7"), L("reasoning")},
    CategoryRow {L("verify.L8"), L("reasoning")},
    CategoryRow {L("verify.L9"), L("toolcall")},
    CategoryRow {L("verify.L10"), L("subagent")},
    CategoryRow {L("verify.L"), L("lifecycle")},
    CategoryRow {L("verify.TH"), L("reasoning")},
    CategoryRow {L("verify.T"), L("text")},
    CategoryRow {L("verify.C"), L("toolcall")},
    CategoryRow {L("verify.R"), L("reasoning")},
    CategoryRow {L("verify.S"), L("lifecycle")}, // steps (ag-ui-validate: AGUI006, AGUI007)
    CategoryRow {L("verify.A"), L("subagent")},
    // lint
    CategoryRow {L("lint.restart-closed-id"), L("text")},
    CategoryRow {L("lint.empty-text-delta"), L("text")},
    CategoryRow {L("lint.tool-"), L("toolcall")},
    CategoryRow {L("lint.parent-message-"), L("toolcall")},
    CategoryRow {L("lint.pending-tool-calls-mismatch"), L("toolcall")},
    CategoryRow {L("lint.state-"), L("state")},
    CategoryRow {L("lint.activity-"), L("activity")},
    CategoryRow {L("lint.encrypted-value-"), L("reasoning")},
    CategoryRow {L("lint.subagent-"), L("subagent")},
    CategoryRow {L("lint.custom-name-not-namespaced"), L("hygiene")},
    CategoryRow {L("lint.raw-wraps-typed-event"), L("hygiene")},
    CategoryRow {L("lint.no-timestamps"), L("hygiene")},
    CategoryRow {L("lint."), L("lifecycle")}, // runs, threads, versions, interrupts, error frames
    // the other layers, by family
    CategoryRow {L("wire."), L("transport")},
    CategoryRow {L("schema."), L("schema")},
    CategoryRow {L("chunk."), L("schema")},
    CategoryRow {L("input."), L("schema")},
    CategoryRow {L("compat."), L("compat")},
    CategoryRow {L("a2ui."), L("a2ui")},
    CategoryRow {L("session."), L("session")},
    CategoryRow {L("capture."), L("capture")},
};

} // namespace

QLatin1StringView ruleCategory(QStringView ruleId)
{
    for (const CategoryRow &row : kRows) {
        const bool exact = ruleId == row.idOrPrefix;
        if (exact || ruleId.startsWith(row.idOrPrefix)) {
            // "verify.L1" must not match the row "verify.L10": a prefix ending in a digit is an
            // exact id only.
            if (!exact && QChar(row.idOrPrefix.back()).isDigit())
                continue;
            return row.category;
        }
    }
    return L("other");
}

} // namespace agui
