#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <memory>

namespace agui {

// A regular file mapped read-only, so a loaded capture's bytes are the kernel's page cache
// rather than a copy in the heap: the session shares slices of it (EventStore's blocks, the
// capture's chunks) and the pages a load has gone past are given back (releaseBefore), to be
// read again from the page cache when a view shows an event. Before, the 1M-event file's 74 MB
// were read into the heap and stayed there, the largest single item of the GUI's memory
// (bench/HISTORY.md, "What the 1M open holds in memory").
//
// Two things a mapping would otherwise change:
// - the byte after the last is readable and zero, as in a QByteArray: the mapping ends with a
//   page of zeros, so code that reads a terminator finds one;
// - a file made shorter while mapped (another program truncating it) must not kill the
//   process: a read of the missing pages raises SIGBUS, which a handler of ours answers by
//   putting zeros there and noting it (wasCutShort()). Other SIGBUS go on as before.
// What it gives up: a file rewritten in place while mapped (truncated and written again, rather
// than replaced by a rename, as QSaveFile does) shows its new bytes where pages are read again.
//
// On Windows a mapped file cannot be made shorter (the system refuses), so the handler is not
// needed there; a file whose size is a whole number of pages has no zero after it in the
// mapping, and open() declines it (the caller reads it into memory).
class MappedFile
{
public:
    // nullptr when `path` is not a regular file with bytes in it, or cannot be opened or mapped:
    // the caller then reads the file as before.
    static std::shared_ptr<MappedFile> open(const QString &path);
    ~MappedFile();
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;

    // The unit releaseBefore() gives back in (the system's page size).
    static qint64 pageSize();

    qint64 size() const { return m_size; }
    QByteArrayView bytes() const { return {m_data, m_size}; }
    // Bytes [offset, offset + size) as a QByteArray that does not own them (fromRawData): valid
    // while this object lives, so whoever keeps one keeps a shared_ptr to this too.
    QByteArray slice(qint64 offset, qint64 size) const;
    // Gives the pages wholly before `offset` back to the kernel; they stay in the page cache and
    // come back on the next read. Call from one thread at a time.
    void releaseBefore(qint64 offset);
    // Whether a read found the file shorter than when it was mapped (those bytes read as zeros).
    bool wasCutShort() const;
    // Whether the mapped file (this file, even if another now has its name) is shorter now than
    // when it was mapped, or a read already found it so: it was rewritten in place, and bytes
    // read again may not be those loaded. A file that only grew (a recording going on) is not.
    bool gotShorter() const;
    // The size of the mapped file now (this file, even if another now has its name); -1 when
    // the system cannot say.
    qint64 sizeOnDisk() const;

private:
    MappedFile() = default;

    const char *m_data = nullptr;
    qint64 m_size = 0;
    qsizetype m_mappedSize = 0; // the file's pages and the page of zeros after them
    qint64 m_released = 0; // pages before this offset were given back
    int m_guardSlot = -1; // POSIX: this mapping's entry in the SIGBUS handler's table, -1 = none
    // The open file (a descriptor, or a Windows handle), kept to ask its size later (gotShorter).
    qintptr m_file = -1;
};

} // namespace agui
