# Icons rendered from the SVGs in resources/icons at build time by agui_render_icon
# (packaging/tools/render_icon.cpp), so the SVGs stay the one source of every icon.
#
# The renderer needs Qt SVG and must run on the build machine. A native build with Qt SVG builds
# it; a cross build (Windows, scripts/package-windows.sh) names one already built for the build
# machine in AGUI_HOST_RENDER_ICON.
set(AGUI_HOST_RENDER_ICON "" CACHE FILEPATH
    "agui_render_icon built for the build machine (a cross build cannot run its own)")
set(AGUI_ICON_DIR ${PROJECT_SOURCE_DIR}/resources/icons)

function(agui_add_icon_renderer)
  if(AGUI_HOST_RENDER_ICON)
    add_executable(agui_render_icon IMPORTED GLOBAL)
    set_target_properties(agui_render_icon PROPERTIES IMPORTED_LOCATION ${AGUI_HOST_RENDER_ICON})
  elseif(TARGET Qt6::Svg AND NOT CMAKE_CROSSCOMPILING)
    add_executable(agui_render_icon ${PROJECT_SOURCE_DIR}/packaging/tools/render_icon.cpp)
    target_link_libraries(agui_render_icon PRIVATE Qt6::Gui Qt6::Svg agui_warnings)
  else()
    message(FATAL_ERROR "The icons need agui_render_icon: build with Qt SVG, or set "
                        "AGUI_HOST_RENDER_ICON to one built for this machine")
  endif()
endfunction()

# agui_add_png_icons(TARGET): without Qt SVG in the app (whose SVG icon engine draws the SVGs at
# any size), the window's icons go into TARGET's resources as PNGs at the sizes it draws them
# (":/agui/icons/NAME-SIZE.png"); ui/widgets/appicons.h finds whichever the build has. Call from
# the target's own directory: its rules must see the rendering commands.
function(agui_add_png_icons target)
  set(_out ${CMAKE_CURRENT_BINARY_DIR}/rendered-icons)
  set(_pngs "")
  foreach(_pair "agui-inspector:${AGUI_APP_ID}" "bookmark:bookmark" "changed:changed" "held:held")
    string(REPLACE ":" ";" _pair ${_pair})
    list(GET _pair 0 _alias)
    list(GET _pair 1 _source)
    foreach(_size 16 24 32 48 64 128 256)
      set(_png ${_out}/icons/${_alias}-${_size}.png)
      add_custom_command(OUTPUT ${_png}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${_out}/icons
        COMMAND agui_render_icon ${AGUI_ICON_DIR}/${_source}.svg ${_size} ${_png}
        DEPENDS ${AGUI_ICON_DIR}/${_source}.svg VERBATIM)
      list(APPEND _pngs ${_png})
    endforeach()
  endforeach()
  qt_add_resources(${target} agui_png_icons PREFIX /agui BASE ${_out} FILES ${_pngs})
endfunction()

# agui_add_windows_icon(TARGET): a Windows executable carries its icon and version in its
# resources (Explorer, the taskbar, the Start menu, the file's Properties).
function(agui_add_windows_icon target description)
  set(_ico ${CMAKE_CURRENT_BINARY_DIR}/${target}.ico)
  add_custom_command(OUTPUT ${_ico}
    COMMAND agui_render_icon ${AGUI_ICON_DIR}/${AGUI_APP_ID}.svg --ico ${_ico}
            16 20 24 32 40 48 64 256
    DEPENDS ${AGUI_ICON_DIR}/${AGUI_APP_ID}.svg VERBATIM)
  set(AGUI_RC_ICON ${_ico})
  set(AGUI_RC_FILE_NAME $<TARGET_FILE_NAME:${target}>)
  set(AGUI_RC_DESCRIPTION ${description})
  set(AGUI_RC_INTERNAL_NAME ${target})
  string(REPLACE "." "," AGUI_RC_VERSION_COMMAS "${PROJECT_VERSION}.0")
  configure_file(${PROJECT_SOURCE_DIR}/packaging/windows/app.rc.in
                 ${CMAKE_CURRENT_BINARY_DIR}/${target}.rc.in @ONLY)
  file(GENERATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${target}.rc
       INPUT ${CMAKE_CURRENT_BINARY_DIR}/${target}.rc.in)
  target_sources(${target} PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/${target}.rc)
  set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/${target}.rc PROPERTIES
    OBJECT_DEPENDS ${_ico})
endfunction()
