#pragma once

namespace agui::net {

// Keeps 16 MiB of slack at the top of the heap (glibc's M_TOP_PAD; the default is 128 KiB).
// A proxy allocates and frees a buffer per read, several times per 64 KiB piece; with the default
// each cycle gives the pages back to the kernel and faults them in again, and on a virtual
// machine those faults cost more than the copies: bench_proxy measured 71 MB/s through the proxy
// with the default and about 670 MB/s with this (bench/README.md, "Proxy"). The cost is at most
// that much untouched address space kept. Does nothing where the C library is not glibc.
void keepHeapSlackForStreaming();

} // namespace agui::net
