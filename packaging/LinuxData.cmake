# What a Linux desktop reads of the app (components "data"): desktop file, AppStream metainfo,
# MIME type, hicolor icons, Debian's copyright and changelog, manual pages.
set(_linux ${CMAKE_CURRENT_SOURCE_DIR}/linux)
install(FILES ${_linux}/${AGUI_APP_ID}.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT data)
configure_file(${_linux}/${AGUI_APP_ID}.metainfo.xml.in
               ${CMAKE_CURRENT_BINARY_DIR}/${AGUI_APP_ID}.metainfo.xml @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${AGUI_APP_ID}.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo COMPONENT data)
install(FILES ${_linux}/${AGUI_APP_ID}.mime.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME ${AGUI_APP_ID}.xml COMPONENT data)

set(_icon_svg ${PROJECT_SOURCE_DIR}/resources/icons/${AGUI_APP_ID}.svg)
install(FILES ${_icon_svg}
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps COMPONENT data)
if(AGUI_BUILD_GUI)
  # PNG sizes are rendered from the SVG at build time (cmake/AguiIcons.cmake), never kept as
  # separate sources.
  set(_pngs "")
  foreach(_size 16 24 32 48 64 128 256)
    set(_png ${CMAKE_CURRENT_BINARY_DIR}/icons/${_size}/${AGUI_APP_ID}.png)
    add_custom_command(OUTPUT ${_png}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/icons/${_size}
      COMMAND agui_render_icon ${_icon_svg} ${_size} ${_png}
      DEPENDS ${_icon_svg} VERBATIM)
    install(FILES ${_png}
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${_size}x${_size}/apps COMPONENT data)
    list(APPEND _pngs ${_png})
  endforeach()
  add_custom_target(agui_icons ALL DEPENDS ${_pngs})
endif()

# Debian wants its copyright file and a compressed changelog (changelog.gz: a native package)
# in the package's doc folder.
set(_docdir ${CMAKE_INSTALL_DATADIR}/doc/agui-inspector)
install(FILES debian/copyright DESTINATION ${_docdir} COMPONENT data)
configure_file(debian/changelog.in ${CMAKE_CURRENT_BINARY_DIR}/changelog @ONLY)
add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz
  COMMAND gzip -9nc ${CMAKE_CURRENT_BINARY_DIR}/changelog > ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz
  DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/changelog)
add_custom_target(agui_changelog ALL DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz DESTINATION ${_docdir} COMPONENT data)

# Manual pages, compressed as Debian wants them.
foreach(_page agui-inspect agui-inspector)
  set(_gz ${CMAKE_CURRENT_BINARY_DIR}/man/${_page}.1.gz)
  add_custom_command(OUTPUT ${_gz}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/man
    COMMAND gzip -9nc ${CMAKE_CURRENT_SOURCE_DIR}/man/${_page}.1 > ${_gz}
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/man/${_page}.1)
  list(APPEND _manpages ${_gz})
  install(FILES ${_gz} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT data)
endforeach()
add_custom_target(agui_manpages ALL DEPENDS ${_manpages})
