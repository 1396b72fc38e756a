#include "core/platform/mappedfile.h"

#include <QDir>

#include <windows.h>

namespace agui {

namespace {

HANDLE handleOf(qintptr file)
{
    return reinterpret_cast<HANDLE>(file);
}

} // namespace

qint64 MappedFile::pageSize()
{
    SYSTEM_INFO info {};
    GetSystemInfo(&info);
    return qint64(info.dwPageSize);
}

std::shared_ptr<MappedFile> MappedFile::open(const QString &path)
{
    // FILE_SHARE_DELETE and _WRITE: other programs may still rename, replace or append to the
    // file while it is open here, as they could on Linux.
    const std::wstring name = QDir::toNativeSeparators(path).toStdWString();
    HANDLE file = CreateFileW(name.c_str(), GENERIC_READ,
                              FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                              OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (file == INVALID_HANDLE_VALUE)
        return {};
    LARGE_INTEGER size {};
    const bool regular = GetFileType(file) == FILE_TYPE_DISK;
    // A size that is a whole number of pages leaves no byte of the mapping after the file's
    // last, where readers expect a zero (see the header): such a file is read instead.
    if (!regular || !GetFileSizeEx(file, &size) || size.QuadPart <= 0
        || size.QuadPart % pageSize() == 0 || size.QuadPart > qint64(PTRDIFF_MAX)) {
        CloseHandle(file);
        return {};
    }
    HANDLE section = CreateFileMappingW(file, nullptr, PAGE_READONLY, 0, 0, nullptr);
    void *view = section ? MapViewOfFile(section, FILE_MAP_READ, 0, 0, 0) : nullptr;
    if (section)
        CloseHandle(section); // the view keeps the section alive
    if (!view) {
        CloseHandle(file);
        return {};
    }
    std::shared_ptr<MappedFile> mapped(new MappedFile);
    mapped->m_data = static_cast<const char *>(view);
    mapped->m_size = size.QuadPart;
    mapped->m_mappedSize = qsizetype(size.QuadPart);
    mapped->m_file = reinterpret_cast<qintptr>(file);
    return mapped;
}

MappedFile::~MappedFile()
{
    UnmapViewOfFile(m_data);
    CloseHandle(handleOf(m_file));
}

QByteArray MappedFile::slice(qint64 offset, qint64 size) const
{
    Q_ASSERT(offset >= 0 && size >= 0 && offset + size <= m_size);
    return QByteArray::fromRawData(m_data + offset, size);
}

void MappedFile::releaseBefore(qint64 offset)
{
    const qint64 page = pageSize();
    const qint64 upTo = qMin(offset, m_size) / page * page;
    if (upTo <= m_released)
        return;
    // Unlocking pages that are not locked takes them out of the working set (documented for
    // VirtualUnlock); they stay in the file cache and come back on the next read.
    VirtualUnlock(const_cast<char *>(m_data) + m_released, SIZE_T(upTo - m_released));
    m_released = upTo;
}

bool MappedFile::wasCutShort() const
{
    return false; // Windows refuses to make a mapped file shorter
}

qint64 MappedFile::sizeOnDisk() const
{
    LARGE_INTEGER size {};
    return GetFileSizeEx(handleOf(m_file), &size) ? qint64(size.QuadPart) : -1;
}

bool MappedFile::gotShorter() const
{
    const qint64 now = sizeOnDisk();
    return now >= 0 && now < m_size;
}

} // namespace agui
