# Warnings every target of ours gets; AGUI_WERROR (on in CI) makes them errors.
add_library(agui_warnings INTERFACE)
# -Wshadow=local is GCC's spelling; clang (which builds the fuzz targets) has its own.
target_compile_options(agui_warnings INTERFACE
  -Wall -Wextra -Wpedantic $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local>
  $<$<CXX_COMPILER_ID:Clang>:-Wshadow-uncaptured-local> -Wnon-virtual-dtor -Wcast-align
  -Woverloaded-virtual -Wimplicit-fallthrough)
if(AGUI_WERROR)
  target_compile_options(agui_warnings INTERFACE -Werror)
endif()
# Strings from the wire are never implicitly converted: every byte/QString boundary is explicit.
target_compile_definitions(agui_warnings INTERFACE
  QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_NO_CAST_FROM_BYTEARRAY QT_NO_URL_CAST_FROM_STRING
  QT_USE_QSTRINGBUILDER QT_NO_FOREACH QT_NO_KEYWORDS QT_DISABLE_DEPRECATED_BEFORE=0x060400)
