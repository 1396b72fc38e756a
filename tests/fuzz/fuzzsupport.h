#pragma once

// What the fuzz targets share: the input as a QByteArray, a deterministic "random" split of it
// (seeded from the bytes themselves, so a corpus file replays the same way everywhere and every
// mutation also moves the split points), and a check that aborts with a message, so a broken
// invariant is a crash libFuzzer keeps and the replay test reports.

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace agui::fuzz {

inline QByteArray inputBytes(const uint8_t *data, size_t size)
{
    return size == 0 ? QByteArray()
                     : QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

// Aborts (a finding) when an invariant does not hold.
inline void check(bool ok, const char *what)
{
    if (ok)
        return;
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

// xorshift64* seeded with FNV-1a of the input.
class SplitRandom
{
public:
    explicit SplitRandom(QByteArrayView bytes, uint64_t salt = 0)
    {
        uint64_t h = 1469598103934665603ULL ^ salt;
        for (const char c : bytes)
            h = (h ^ uint8_t(c)) * 1099511628211ULL;
        m_state = h ? h : 1;
    }
    uint64_t next()
    {
        m_state ^= m_state >> 12;
        m_state ^= m_state << 25;
        m_state ^= m_state >> 27;
        return m_state * 2685821657736338717ULL;
    }
    qsizetype below(qsizetype bound)
    {
        return bound <= 0 ? 0 : qsizetype(next() % uint64_t(bound));
    }

private:
    uint64_t m_state;
};

// The input cut into pieces of 1 to 2^k bytes (k varies per input: byte-by-byte drips, small
// and large reads all happen), together covering it exactly.
inline QList<QByteArrayView> randomPieces(QByteArrayView bytes, uint64_t salt = 0)
{
    SplitRandom random(bytes, salt);
    const qsizetype maxPiece = qsizetype(1) << random.below(12);
    QList<QByteArrayView> pieces;
    for (qsizetype pos = 0; pos < bytes.size();) {
        const qsizetype n = qMin(bytes.size() - pos, 1 + random.below(maxPiece));
        pieces.append(bytes.sliced(pos, n));
        pos += n;
    }
    return pieces;
}

// Byte-by-byte feeding is the worst case for incremental parsers; only for small inputs, to
// keep executions fast.
inline constexpr qsizetype kByteByByteMax = 2048;

} // namespace agui::fuzz
