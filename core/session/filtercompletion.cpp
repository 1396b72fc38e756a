#include "core/session/filtercompletion.h"

#include "core/protocol/eventtype.h"
#include "core/session/eventfilter.h"

namespace agui {

namespace {

bool isInsideQuotes(const QString &text, int cursor)
{
    bool inQuotes = false;
    for (int i = 0; i < cursor; ++i) {
        if (text.at(i) == QLatin1Char('\\') && inQuotes)
            ++i;
        else if (text.at(i) == QLatin1Char('"'))
            inQuotes = !inQuotes;
    }
    return inQuotes;
}

QStringList startingWith(const QStringList &names, const QString &typed, const QString &suffix = {})
{
    QStringList out;
    for (const QString &name : names) {
        const QString candidate = name + suffix;
        if (candidate.startsWith(typed, Qt::CaseInsensitive)
            && candidate.compare(typed, Qt::CaseInsensitive) != 0)
            out << candidate;
    }
    return out;
}

QStringList typeNames()
{
    QStringList names;
    for (int t = 0; t < kEventTypeCount; ++t)
        names << eventTypeName(EventType(t));
    return names;
}

QStringList familyNames()
{
    QStringList names;
    for (int t = 0; t < kEventTypeCount; ++t) {
        const QString name = eventFamilyName(eventFamily(EventType(t)));
        if (!names.contains(name))
            names << name;
    }
    return names;
}

// Run numbers as the list shows them (from 1) that start with what is typed.
QStringList runNumbers(int runCount, const QString &typed)
{
    QStringList out;
    for (int run = 1; run <= runCount && out.size() < kFilterCompletionLimit; ++run) {
        const QString number = QString::number(run);
        if (number.startsWith(typed) && number != typed)
            out << number;
    }
    return out;
}

QStringList valuesFor(const QString &key, const QString &typed, const FilterVocabulary &vocabulary)
{
    if (typed.contains(QLatin1Char('*')))
        return {}; // a pattern is already what the user wants
    if (key == QLatin1String("type"))
        return startingWith(typeNames(), typed);
    if (key == QLatin1String("family"))
        return startingWith(familyNames(), typed);
    if (key == QLatin1String("has"))
        return startingWith(EventFilter::hasValues(), typed);
    if (key == QLatin1String("run"))
        return runNumbers(vocabulary.runCount, typed);
    if (key == QLatin1String("id") && vocabulary.ids) {
        QStringList ids = vocabulary.ids(typed, kFilterCompletionLimit + 1);
        ids.removeAll(typed);
        return ids.mid(0, kFilterCompletionLimit);
    }
    return {}; // text: and unknown keys: free text
}

} // namespace

FilterCompletion completeFilter(const QString &text, int cursor, const FilterVocabulary &vocabulary,
                                CompletionTrigger trigger)
{
    FilterCompletion completion;
    cursor = qBound(0, cursor, int(text.size()));
    if (isInsideQuotes(text, cursor))
        return completion;
    int wordStart = cursor;
    while (wordStart > 0 && !text.at(wordStart - 1).isSpace())
        --wordStart;
    int wordEnd = cursor;
    while (wordEnd < text.size() && !text.at(wordEnd).isSpace())
        ++wordEnd;
    if (wordStart < wordEnd && text.at(wordStart) == QLatin1Char('-'))
        ++wordStart; // a negated term completes like any other
    const QString beforeCursor = text.mid(wordStart, cursor - wordStart);
    const qsizetype colon = beforeCursor.indexOf(QLatin1Char(':'));
    if (colon < 0) {
        // Still typing the key (or a bare search word, which keys may start like).
        if (beforeCursor.isEmpty() && trigger == CompletionTrigger::Typing)
            return completion;
        completion.start = wordStart;
        completion.length = wordEnd - wordStart;
        completion.typed = beforeCursor;
        completion.candidates
            = startingWith(EventFilter::keyNames(), beforeCursor, QStringLiteral(":"));
        return completion;
    }
    const QString key = beforeCursor.left(colon).toLower();
    const int valueStart = wordStart + int(colon) + 1;
    const int altStart = qMax(valueStart, int(text.lastIndexOf(QLatin1Char(','), cursor - 1)) + 1);
    int altEnd = cursor;
    while (altEnd < wordEnd && text.at(altEnd) != QLatin1Char(','))
        ++altEnd;
    completion.start = altStart;
    completion.length = altEnd - altStart;
    completion.typed = text.mid(altStart, cursor - altStart);
    completion.candidates = valuesFor(key, completion.typed, vocabulary);
    return completion;
}

QString applyFilterCompletion(const QString &text, const FilterCompletion &completion,
                              const QString &candidate, int *cursor)
{
    QString out = text;
    out.replace(completion.start, completion.length, candidate);
    if (cursor)
        *cursor = completion.start + int(candidate.size());
    return out;
}

} // namespace agui
