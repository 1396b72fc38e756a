#pragma once

// What a test may need to know of the system it runs on that the product does not.

#ifdef Q_OS_WIN
#include <windows.h>
#endif

namespace agui::testing {

// The Windows build's tests run under Wine on the project's machines (scripts/package-windows.sh).
// Where Wine is known to differ from Windows, a test says so instead of failing or passing
// quietly.
inline bool underWine()
{
#ifdef Q_OS_WIN
    return GetProcAddress(GetModuleHandleW(L"ntdll.dll"), "wine_get_version") != nullptr;
#else
    return false;
#endif
}

} // namespace agui::testing
