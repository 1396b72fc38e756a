set(CPACK_PACKAGE_NAME agui-inspector)
set(CPACK_PACKAGE_VENDOR "The AG-UI Inspector developers")
set(CPACK_PACKAGE_CONTACT "The AG-UI Inspector developers <maintainers@aguiinspector.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Inspector and debugger for AG-UI agent event streams")
set(CPACK_PACKAGE_DESCRIPTION "AG-UI Inspector connects to an agent's AG-UI endpoint or
opens a captured session and shows every event as received, lints it, and
rebuilds the messages, tool calls, state and A2UI surfaces a front end would
see, as of any event. Includes agui-inspect, a headless command-line tool for
linting, statistics and conversion.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_INSTALL_DIRECTORY "AG-UI Inspector")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGE_EXECUTABLES agui-inspector "AG-UI Inspector")
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
# Which components each generator takes (and its prefix) is decided per generator at cpack time.
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_CURRENT_LIST_DIR}/CPackProjectConfig.cmake)

# Debian 12
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON) # Depends on Debian's Qt 6 computed by dpkg-shlibdeps
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Agent text is full of emoji and often not Latin: Qt falls back to these fonts for what the
# default font lacks (empty boxes without them).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-color-emoji, fonts-noto-cjk | fonts-droid-fallback")

# Windows: the NSIS installer from our own template (packaging/windows/NSIS.template.in: a per-user
# install, file types) and the portable zip. Both hold the same tree.
set(CPACK_NSIS_DISPLAY_NAME "AG-UI Inspector")
set(CPACK_NSIS_MUI_ICON ${PROJECT_BINARY_DIR}/app/gui/agui-inspector.ico)
set(CPACK_NSIS_MUI_UNIICON ${PROJECT_BINARY_DIR}/app/gui/agui-inspector.ico)
set(CPACK_NSIS_COMPRESSOR "/SOLID lzma")
set(CPACK_WIX_UPGRADE_GUID "6D4B7B8E-2C8F-4C55-9B0C-3E1B6E2F5A10") # never change: decides upgrades
if(WIN32)
  list(PREPEND CMAKE_MODULE_PATH ${CMAKE_CURRENT_LIST_DIR}/windows) # CPack finds the template here
endif()
# macOS
set(CPACK_DMG_VOLUME_NAME "AG-UI Inspector")

if(WIN32)
  set(CPACK_GENERATOR NSIS ZIP)
elseif(APPLE)
  set(CPACK_GENERATOR DragNDrop)
else()
  set(CPACK_GENERATOR DEB TGZ)
endif()
include(CPack)
