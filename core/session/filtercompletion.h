#pragma once

#include <QString>
#include <QStringList>

#include <functional>

namespace agui {

// Completion for the event filter language (core/session/eventfilter.h): given the text and the
// cursor, what the word under the cursor may become. Pure logic, so the filter bar, the CLI and
// tests share it; the session supplies the names only it knows (ids, run count).

struct FilterVocabulary
{
    // Ids starting with `prefix` (case-insensitive), at most `limit`, in first-seen order.
    // Unset: ids are not completed.
    std::function<QStringList(const QString &prefix, int limit)> ids;
    int runCount = 0;
};

struct FilterCompletion
{
    // The range of the text a candidate replaces: the key being typed, or the value alternative
    // under the cursor (after "key:" or the last comma), up to the end of that alternative.
    int start = 0;
    int length = 0;
    QString typed; // the part of that range before the cursor: what candidates start with
    QStringList candidates; // whole replacements for the range ("type:" for a key)

    bool isEmpty() const { return candidates.isEmpty(); }
};

inline constexpr int kFilterCompletionLimit = 50;

// Typing: an empty word offers nothing (no popup on every space). Asked (Ctrl+Space): an empty
// word offers every key.
enum class CompletionTrigger { Typing, Asked };

FilterCompletion completeFilter(const QString &text, int cursor, const FilterVocabulary &vocabulary,
                                CompletionTrigger trigger = CompletionTrigger::Typing);

// The text with the completion's range replaced by candidate; *cursor goes after it.
QString applyFilterCompletion(const QString &text, const FilterCompletion &completion,
                              const QString &candidate, int *cursor = nullptr);

} // namespace agui
