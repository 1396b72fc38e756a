# Cross-compiling for 64-bit Windows with Debian's mingw-w64 (the POSIX-threads variant, which
# std::thread and Qt need). Used for Qt itself, for the third-party libraries built from Debian's
# sources, and for the inspector (scripts/package-windows.sh).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(_agui_mingw x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${_agui_mingw}-gcc-posix)
set(CMAKE_CXX_COMPILER ${_agui_mingw}-g++-posix)
set(CMAKE_RC_COMPILER ${_agui_mingw}-windres)

# Headers and libraries come from the mingw sysroot and the prefixes given on the command line
# (Qt's, the dependencies'); programs (moc, rcc, host tools) from the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/${_agui_mingw} ${AGUI_WINDOWS_PREFIXES})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Tests and helper programs run under Wine when CMake or CTest need to execute one. A cache
# entry: Qt's toolchain file, which chain-loads this one, includes it in a scope of its own.
find_program(AGUI_WINE wine)
if(AGUI_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${AGUI_WINE} CACHE FILEPATH "Runs the Windows programs here")
endif()
