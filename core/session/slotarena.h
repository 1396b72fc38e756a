#pragma once

#include <QList>

#include <algorithm>

namespace agui {

// An append-only list whose copies stay cheap while the original keeps growing.
//
// Session checkpoints copy the whole session model every K events. With one flat QList, the
// first write after a copy would duplicate every element (the list detaches), so memory and time
// per checkpoint would grow with the session. Here items live in fixed-size leaves (kLeaf items)
// grouped in nodes of kNode leaves, under a top list: a copy shares everything, and a later write
// duplicates only the top list (one handle per kLeaf * kNode items), one node and one leaf.
template<typename T, qsizetype kLeaf = 8, qsizetype kNode = 32> class SlotArena
{
    static constexpr qsizetype kPerNode = kLeaf * kNode;

public:
    qsizetype size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }

    const T &at(qsizetype i) const
    {
        return m_top.at(i / kPerNode).at((i % kPerNode) / kLeaf).at(i % kLeaf);
    }
    // Write access; detaches only the path to the item (once per copy).
    T &ref(qsizetype i) { return m_top[i / kPerNode][(i % kPerNode) / kLeaf][i % kLeaf]; }

    qsizetype append(T value)
    {
        if (m_size % kPerNode == 0) {
            m_top.append(QList<QList<T>>());
            m_top.last().reserve(kNode);
        }
        QList<QList<T>> &node = m_top.last();
        if (m_size % kLeaf == 0) {
            node.append(QList<T>());
            node.last().reserve(kLeaf);
        }
        node.last().append(std::move(value));
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
    QList<QList<QList<T>>> m_top;
    qsizetype m_size = 0;
};

// A list of ints with cheap copies and O(n / kChunk) inserts anywhere: the thread order of the
// messages (slot numbers). Chunks of variable size (split when they grow past 2 * kChunk) and the
// position where each starts.
class ChunkedOrder
{
    static constexpr qsizetype kChunk = 512;

public:
    qsizetype size() const { return m_size; }

    qint32 at(qsizetype pos) const
    {
        const qsizetype c = chunkOf(pos);
        return m_chunks.at(c).at(pos - m_starts.at(c));
    }

    void append(qint32 value)
    {
        if (m_chunks.isEmpty() || m_chunks.last().size() >= kChunk) {
            m_chunks.append(QList<qint32>());
            m_chunks.last().reserve(kChunk);
            m_starts.append(m_size);
        }
        m_chunks.last().append(value);
        ++m_size;
    }

    void insert(qsizetype pos, qint32 value)
    {
        if (pos >= m_size) {
            append(value);
            return;
        }
        const qsizetype c = chunkOf(pos);
        m_chunks[c].insert(pos - m_starts.at(c), value);
        for (qsizetype i = c + 1; i < m_starts.size(); ++i)
            ++m_starts[i];
        ++m_size;
        if (m_chunks.at(c).size() > 2 * kChunk) {
            QList<qint32> tail = m_chunks.at(c).mid(kChunk);
            m_chunks[c].resize(kChunk);
            m_chunks.insert(c + 1, tail);
            m_starts.insert(c + 1, m_starts.at(c) + kChunk);
        }
    }

    void set(qsizetype pos, qint32 value)
    {
        const qsizetype c = chunkOf(pos);
        m_chunks[c][pos - m_starts.at(c)] = value;
    }

    // f(position, value) for every value, in order: a sequential read without a search per item.
    template<typename F> void forEach(F f) const
    {
        qsizetype pos = 0;
        for (const QList<qint32> &chunk : m_chunks)
            for (qint32 v : chunk)
                f(pos++, v);
    }

    QList<qint32> toList() const
    {
        QList<qint32> out;
        out.reserve(m_size);
        for (const QList<qint32> &c : m_chunks)
            out.append(c);
        return out;
    }

    void assign(const QList<qint32> &values)
    {
        m_chunks.clear();
        m_starts.clear();
        m_size = 0;
        for (qint32 v : values)
            append(v);
    }

private:
    qsizetype chunkOf(qsizetype pos) const
    {
        // Last chunk starting at or before pos.
        const auto it = std::upper_bound(m_starts.cbegin(), m_starts.cend(), pos);
        return qsizetype(it - m_starts.cbegin()) - 1;
    }

    QList<QList<qint32>> m_chunks;
    QList<qsizetype> m_starts;
    qsizetype m_size = 0;
};

} // namespace agui
