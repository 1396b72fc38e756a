#pragma once

#include <QList>

namespace agui {

// An append-only list whose copies stay cheap while the original keeps growing.
//
// Session checkpoints copy the whole session model every K events. With one flat QList, the
// first write after a copy would duplicate every element (the list detaches), so memory and time
// per checkpoint would grow with the session. Here items live in fixed-size chunks held by an
// outer list: a copy shares everything, and a later write duplicates only the outer list of chunk
// handles (one pointer per kChunk items) and the one chunk written to.
template<typename T, qsizetype kChunk = 32> class SlotArena
{
public:
    qsizetype size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }

    const T &at(qsizetype i) const { return m_chunks.at(i / kChunk).at(i % kChunk); }
    // Write access; detaches only the chunk concerned (and the outer list, once per copy).
    T &ref(qsizetype i) { return m_chunks[i / kChunk][i % kChunk]; }

    qsizetype append(T value)
    {
        if (m_size % kChunk == 0) {
            m_chunks.append(QList<T>());
            m_chunks.last().reserve(kChunk);
        }
        m_chunks.last().append(std::move(value));
        return m_size++;
    }

    const T &last() const { return at(m_size - 1); }
    T &lastRef() { return ref(m_size - 1); }

    friend bool operator==(const SlotArena &a, const SlotArena &b)
    {
        if (a.m_size != b.m_size)
            return false;
        for (qsizetype i = 0; i < a.m_size; ++i)
            if (!(a.at(i) == b.at(i)))
                return false;
        return true;
    }

private:
    QList<QList<T>> m_chunks;
    qsizetype m_size = 0;
};

} // namespace agui
