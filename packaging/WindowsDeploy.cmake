# The Windows install tree (the NSIS installer and the portable zip take it as it is): the apps in
# bin/, and beside them the DLLs they import and the Qt plugins they load, nothing else.
#
# Qt's own deploy tool (windeployqt) runs only on Windows. Here the DLLs come from the import
# tables of the executables and plugins, read with mingw's objdump (windows/deploy-dlls.cmake.in),
# so what is copied is exactly what loads: whatever is found in Qt's folder and the GCC runtime's
# (with MSYS2's Qt on a Windows runner, also the libraries Qt itself links there); Windows' own
# DLLs are in none of those folders and stay out. tests/windows/check-installer.sh proves every
# import of the installed tree resolves inside it or to Windows' own.
set(_qt_plugins_dir "${QT6_INSTALL_PREFIX}/${QT6_INSTALL_PLUGINS}")
set(_qt_bin_dir "${QT6_INSTALL_PREFIX}/${QT6_INSTALL_BINS}")
# The GCC runtime (libstdc++, libgcc_s, winpthread) of the compiler that built us.
execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libstdc++-6.dll
                OUTPUT_VARIABLE _libstdcxx OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libwinpthread-1.dll
                OUTPUT_VARIABLE _winpthread OUTPUT_STRIP_TRAILING_WHITESPACE)
get_filename_component(_gcc_runtime_dir "${_libstdcxx}" DIRECTORY)
get_filename_component(_winpthread_dir "${_winpthread}" DIRECTORY)
find_program(AGUI_MINGW_OBJDUMP NAMES x86_64-w64-mingw32-objdump objdump REQUIRED)

# Only the plugins the inspector uses: the Windows platform (and offscreen, for --screenshot on a
# machine without a display), the Windows styles, Schannel for https, the image formats an A2UI
# Image may carry beside PNG (built into Qt Gui).
set(AGUI_WINDOWS_PLUGINS
    platforms/qwindows.dll platforms/qoffscreen.dll styles/qwindowsvistastyle.dll
    tls/qschannelbackend.dll imageformats/qgif.dll imageformats/qjpeg.dll imageformats/qico.dll)

set(_executables "\"$<TARGET_FILE:agui-inspect>\"")
if(TARGET agui-inspector)
  string(APPEND _executables " \"$<TARGET_FILE:agui-inspector>\"")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/windows/deploy-dlls.cmake.in
               ${CMAKE_CURRENT_BINARY_DIR}/deploy-dlls.cmake.gen @ONLY)
file(GENERATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/deploy-dlls.cmake
     INPUT ${CMAKE_CURRENT_BINARY_DIR}/deploy-dlls.cmake.gen)
install(SCRIPT ${CMAKE_CURRENT_BINARY_DIR}/deploy-dlls.cmake COMPONENT bundle)
