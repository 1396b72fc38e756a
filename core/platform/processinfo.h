#pragma once

#include <QtGlobal>

// Facts about this process that each system reports its own way.
namespace agui::platform {

// The most memory this process has had resident at once, in bytes (Linux: ru_maxrss; Windows:
// the peak working set); 0 when the system cannot say.
qint64 peakResidentBytes();

// The memory this process has resident now, in bytes (Linux: /proc/self/statm; Windows: the
// working set); -1 when the system cannot say.
qint64 residentBytes();

// Makes room for `count` open files and sockets at once where the system limits them per process
// (Linux's soft limit is 1024 by default); a server that accepts many connections asks first.
void allowOpenFiles(int count);

// How many files and sockets this process may have open at once now (no limit: the largest
// qint64).
qint64 openFilesAllowed();

} // namespace agui::platform
