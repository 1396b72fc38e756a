#include "core/platform/mappedfile.h"

#include <QFile>

#include <atomic>
#include <csignal>
#include <mutex>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace agui {

namespace {

// The SIGBUS handler's table of live mappings. Fixed and lock-free because a signal handler
// reads it: a slot is taken with `used`, then its range is published; a mapping going away
// clears its range before it unmaps.
struct GuardSlot
{
    std::atomic<quintptr> begin {0};
    std::atomic<quintptr> end {0}; // the end of the file's last page
    std::atomic_bool cutShort {false};
    std::atomic_bool used {false};
};

constexpr int kGuardSlots = 64; // files mapped at once; more are read into memory instead
GuardSlot g_slots[kGuardSlots];
quintptr g_pageSize = 4096; // set before the handler is installed (sysconf is not signal-safe)
struct sigaction g_previous; // the SIGBUS action before ours

bool fillWithZeros(GuardSlot &slot, quintptr address)
{
    const quintptr begin = slot.begin.load(std::memory_order_acquire);
    const quintptr end = slot.end.load(std::memory_order_acquire);
    if (begin == 0 || address < begin || address >= end)
        return false;
    // The file is shorter than its mapping now: zeros from the faulting page to the end, so the
    // read that faulted goes on (and every later one past the new end).
    const quintptr page = address & ~(g_pageSize - 1);
    void *zeros = mmap(reinterpret_cast<void *>(page), end - page, PROT_READ,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (zeros == MAP_FAILED)
        return false;
    slot.cutShort.store(true);
    return true;
}

void onBusError(int signal, siginfo_t *info, void *context)
{
    const quintptr address = reinterpret_cast<quintptr>(info->si_addr);
    for (GuardSlot &slot : g_slots) {
        if (fillWithZeros(slot, address))
            return;
    }
    // Not a mapping of ours: what would have happened without us.
    if ((g_previous.sa_flags & SA_SIGINFO) && g_previous.sa_sigaction) {
        g_previous.sa_sigaction(signal, info, context);
        return;
    }
    if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
        return;
    }
    // The default action: restored, the faulting access runs again and ends the process.
    struct sigaction dfl = {};
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGBUS, &dfl, nullptr);
}

void installBusErrorHandler()
{
    static std::once_flag once;
    std::call_once(once, [] {
        g_pageSize = quintptr(sysconf(_SC_PAGESIZE));
        struct sigaction ours = {};
        ours.sa_sigaction = onBusError;
        ours.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&ours.sa_mask);
        sigaction(SIGBUS, &ours, &g_previous);
    });
}

int takeGuardSlot()
{
    for (int i = 0; i < kGuardSlots; ++i) {
        bool unused = false;
        if (g_slots[i].used.compare_exchange_strong(unused, true)) {
            g_slots[i].cutShort.store(false);
            return i;
        }
    }
    return -1;
}

qint64 roundUpToPage(qint64 n)
{
    return (n + qint64(g_pageSize) - 1) / qint64(g_pageSize) * qint64(g_pageSize);
}

} // namespace

std::shared_ptr<MappedFile> MappedFile::open(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return {};
    struct stat info = {};
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0) {
        ::close(fd);
        return {};
    }
    installBusErrorHandler();
    const int slot = takeGuardSlot();
    if (slot < 0) {
        ::close(fd);
        return {};
    }
    const qint64 size = info.st_size;
    const qint64 filePages = roundUpToPage(size);
    const qsizetype mappedSize = filePages + qint64(g_pageSize);
    // Zeros first, the file over them: the page after the file's stays zero.
    void *area = mmap(nullptr, mappedSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    void *file = area == MAP_FAILED ? MAP_FAILED
                                    : mmap(area, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0);
    if (file == MAP_FAILED) {
        ::close(fd);
        if (area != MAP_FAILED)
            munmap(area, mappedSize);
        g_slots[slot].used.store(false);
        return {};
    }
    std::shared_ptr<MappedFile> mapped(new MappedFile);
    mapped->m_data = static_cast<const char *>(area);
    mapped->m_size = size;
    mapped->m_mappedSize = mappedSize;
    mapped->m_guardSlot = slot;
    mapped->m_file = fd;
    g_slots[slot].end.store(quintptr(area) + quintptr(filePages), std::memory_order_release);
    g_slots[slot].begin.store(quintptr(area), std::memory_order_release);
    return mapped;
}

MappedFile::~MappedFile()
{
    GuardSlot &slot = g_slots[m_guardSlot];
    slot.begin.store(0, std::memory_order_release);
    slot.end.store(0, std::memory_order_release);
    munmap(const_cast<char *>(m_data), m_mappedSize);
    ::close(int(m_file));
    slot.used.store(false);
}

qint64 MappedFile::pageSize()
{
    return qint64(sysconf(_SC_PAGESIZE));
}

QByteArray MappedFile::slice(qint64 offset, qint64 size) const
{
    Q_ASSERT(offset >= 0 && size >= 0 && offset + size <= m_size);
    return QByteArray::fromRawData(m_data + offset, size);
}

void MappedFile::releaseBefore(qint64 offset)
{
    const qint64 upTo = qMin(offset, m_size) / qint64(g_pageSize) * qint64(g_pageSize);
    if (upTo <= m_released)
        return;
    madvise(const_cast<char *>(m_data) + m_released, upTo - m_released, MADV_DONTNEED);
    m_released = upTo;
}

bool MappedFile::wasCutShort() const
{
    return g_slots[m_guardSlot].cutShort.load();
}

qint64 MappedFile::sizeOnDisk() const
{
    struct stat info = {};
    return fstat(int(m_file), &info) == 0 ? qint64(info.st_size) : -1;
}

bool MappedFile::gotShorter() const
{
    const qint64 now = sizeOnDisk();
    return wasCutShort() || (now >= 0 && now < m_size);
}

} // namespace agui
