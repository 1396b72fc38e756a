# agui_add_module(NAME DEPS <modules...> QT <Qt targets...>)
# One static library per core/ folder (agui_<name>), built from the folder's sources. Each module
# names the modules it may use, so "no layer calls up" is a link error, not a code-review rule.
function(agui_add_module name)
  cmake_parse_arguments(ARG "" "" "DEPS;QT" ${ARGN})
  file(GLOB _sources CONFIGURE_DEPENDS
       ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/*.h)
  set(_target agui_${name})
  list(FILTER _sources INCLUDE REGEX "\\.cpp$")
  if(_sources)
    add_library(${_target} STATIC)
    file(GLOB _all CONFIGURE_DEPENDS
         ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/*.h)
    target_sources(${_target} PRIVATE ${_all})
    target_link_libraries(${_target} PUBLIC ${ARG_QT} PRIVATE agui_warnings)
    set(_scope PUBLIC)
  else()
    # A layer with headers only (or none yet) is still a target others can name.
    add_library(${_target} INTERFACE)
    target_link_libraries(${_target} INTERFACE ${ARG_QT})
    set(_scope INTERFACE)
  endif()
  target_include_directories(${_target} ${_scope} ${PROJECT_SOURCE_DIR})
  foreach(_dep IN LISTS ARG_DEPS)
    target_link_libraries(${_target} ${_scope} agui_${_dep})
  endforeach()
  set_property(GLOBAL APPEND PROPERTY AGUI_CORE_MODULES ${_target})
endfunction()

# agui_add_test(NAME SOURCES <files> LIBS <targets> [LABELS <labels>] [GUI] [WRAPPER <script>]
#               [NOT_UNDER_WINE <reason>])
# One executable per test class (QtTest), registered with ctest. GUI tests run offscreen.
# WRAPPER: ctest runs "<script> <test executable>" (e.g. inside a private D-Bus session).
# NOT_UNDER_WINE: the Windows build leaves it out of `ctest -L windows`, for this reason (listed
# in the build tree's tests-not-under-wine.txt, which scripts/package-windows.sh prints).
function(agui_add_test name)
  cmake_parse_arguments(ARG "GUI" "WRAPPER;NOT_UNDER_WINE" "SOURCES;LIBS;LABELS;ENV" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE Qt6::Test agui_warnings ${ARG_LIBS})
  target_compile_definitions(${name} PRIVATE
    AGUI_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data"
    AGUI_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    AGUI_BINARY_DIR="${PROJECT_BINARY_DIR}"
    AGUI_NODE_MODULES="${PROJECT_SOURCE_DIR}/tests/interop/node_modules")
  if(ARG_WRAPPER)
    add_test(NAME ${name} COMMAND ${ARG_WRAPPER} $<TARGET_FILE:${name}>)
  else()
    # The target's name, not its file: a cross build runs it through its emulator (Wine).
    add_test(NAME ${name} COMMAND ${name})
  endif()
  set(_env "QT_QPA_PLATFORM=offscreen" ${ARG_ENV})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${_env}" TIMEOUT 600)
  if(WIN32 AND CMAKE_CROSSCOMPILING)
    # The Windows build's tests, run under Wine (CMAKE_CROSSCOMPILING_EMULATOR, set by the
    # toolchain file): `ctest -L windows`.
    if(ARG_NOT_UNDER_WINE)
      set_property(GLOBAL APPEND PROPERTY AGUI_NOT_UNDER_WINE "${name}: ${ARG_NOT_UNDER_WINE}")
    else()
      list(APPEND ARG_LABELS windows)
    endif()
  elseif(WIN32)
    list(APPEND ARG_LABELS windows)
  endif()
  if(ARG_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
  endif()
endfunction()
