#include "ui/timeline/entityevents.h"

#include "core/json/wtf8.h"
#include "core/session/session.h"

#include <algorithm>

namespace agui::ui {

namespace {

QList<qint64> scan(const Session &session, const QString &id, qint64 first, qint64 last,
                   QList<qint64> always, qsizetype maxEvents)
{
    const EventStore &store = session.events();
    first = qMax<qint64>(first, 0);
    last = qMin<qint64>(last, store.size() - 1);
    QList<qint64> out;
    for (qint64 s : always)
        if (s >= 0 && s < store.size())
            out.append(s);
    // By the id's number in the store's pool: comparing texts would make a string of every
    // event's id in the range.
    const QByteArray wtf8 = json::toWtf8(id);
    const qint32 wanted = store.ids().find(std::string_view(wtf8.constData(), size_t(wtf8.size())));
    if (wanted < 0 && !id.isEmpty())
        last = first - 1; // no event has that id
    for (qint64 seq = first; seq <= last && out.size() < maxEvents; ++seq)
        if (store.primaryIdIndex(seq) == wanted)
            out.append(seq);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace

QList<qint64> eventsOfMessage(const Session &session, const Message &message, qsizetype maxEvents)
{
    if (message.firstSeq < 0)
        return {}; // seeded by a run input: no event built it
    const qint64 last = qMax(message.firstSeq, message.lastSeq);
    return scan(session, message.id, message.firstSeq, last, {message.firstSeq, message.lastSeq},
                maxEvents);
}

QList<qint64> eventsOfToolCall(const Session &session, const ToolCall &call, qsizetype maxEvents)
{
    if (call.startSeq < 0)
        return {};
    const qint64 last = std::max({call.startSeq, call.endSeq, call.resultSeq});
    return scan(session, call.id, call.startSeq, last, {call.startSeq, call.endSeq, call.resultSeq},
                maxEvents);
}

} // namespace agui::ui
