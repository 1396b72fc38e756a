#pragma once

#include <utility>

namespace agui::platform {

// Runs cleanup(data) when the calling thread ends (in the reverse order of the calls).
void atThreadExit(void (*cleanup)(void *), void *data);

// This thread's own T, made on its first use here and destroyed when the thread ends: what a
// `thread_local T` with a destructor would be. That form crashes at thread exit when built with
// MinGW-w64 (the Windows build): its emulated thread-local storage is freed before the object's
// destructor runs, which then writes to freed memory (test_shared_string met it under Wine one
// run in ten; GCC bug 80816, mingw-w64 bug 859). The pointer kept here is trivially destructible,
// and the object goes through atThreadExit instead (POSIX: a thread_local holder; Windows: a fiber
// local storage callback, which the system runs at thread exit).
//
// Tag tells apart call sites that want objects of the same type (e.g. two users of a builder that
// must not share it).
template<typename T, typename Tag = T> T &threadLocal()
{
    thread_local T *object = nullptr;
    if (!object) {
        object = new T();
        atThreadExit([](void *p) { delete static_cast<T *>(p); }, object);
    }
    return *object;
}

} // namespace agui::platform
