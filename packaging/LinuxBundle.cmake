# The self-contained Linux bundle (tarball): the apps plus the Qt libraries and plugins they load,
# with launchers that point the loader at them. Qt 6.4's qt_generate_deploy_app_script does not
# support Linux (it arrives in 6.5), so the copy is done here with CMake's own
# file(GET_RUNTIME_DEPENDENCIES). Base system libraries (glibc, libstdc++, X11/xcb core, GL,
# fontconfig, freetype, glib) are expected on the target, as AppImage's exclude list does.
get_target_property(_qmake Qt6::qmake IMPORTED_LOCATION)
set(_qt_plugins_dir "${QT6_INSTALL_PREFIX}/${QT6_INSTALL_PLUGINS}")

install(CODE "
  set(_root \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
  set(_plugins_src \"${_qt_plugins_dir}\")
  set(_plugin_files \"\")
  foreach(_p platforms/libqxcb.so platforms/libqoffscreen.so platforms/libqminimal.so
             tls/libqopensslbackend.so tls/libqcertonlybackend.so
             imageformats/libqsvg.so iconengines/libqsvgicon.so
             xcbglintegrations/libqxcb-glx-integration.so)
    if(EXISTS \"\${_plugins_src}/\${_p}\")
      get_filename_component(_dir \"\${_p}\" DIRECTORY)
      file(INSTALL \"\${_plugins_src}/\${_p}\" DESTINATION \"\${_root}/plugins/\${_dir}\")
      list(APPEND _plugin_files \"\${_plugins_src}/\${_p}\")
    endif()
  endforeach()
  # CPack stages each component in its own folder: the apps are not beside this one, so their
  # dependencies are read from the build tree's binaries.
  set(_exes \"$<TARGET_FILE:agui-inspect>\" \"$<$<TARGET_EXISTS:agui-inspect-net>:$<TARGET_FILE:agui-inspect-net>>\"
            \"$<$<TARGET_EXISTS:agui-inspector>:$<TARGET_FILE:agui-inspector>>\")
  list(REMOVE_ITEM _exes \"\")
  file(GET_RUNTIME_DEPENDENCIES
    EXECUTABLES \${_exes}
    LIBRARIES \${_plugin_files}
    RESOLVED_DEPENDENCIES_VAR _deps
    UNRESOLVED_DEPENDENCIES_VAR _missing
    PRE_INCLUDE_REGEXES
      \"^libQt6\" \"^libicu\" \"^libdouble-conversion\" \"^libb2\" \"^libpcre2-16\" \"^libmd4c\"
      \"^libqt6keychain\" \"^libxcb-(cursor|icccm|image|keysyms|render-util|util|xkb|xinput)\"
      \"^libxkbcommon\" \"^libproxy\" \"^libzstd\"
    PRE_EXCLUDE_REGEXES \".*\")
  foreach(_d IN LISTS _deps)
    file(INSTALL \"\${_d}\" DESTINATION \"\${_root}/lib\" FOLLOW_SYMLINK_CHAIN)
  endforeach()
  file(WRITE \"\${_root}/qt.conf\" \"[Paths]\\nPrefix = .\\nPlugins = plugins\\n\")
  foreach(_e agui-inspector agui-inspect)
    file(WRITE \"\${_root}/\${_e}\" \"#!/bin/sh\\n# Runs the bundled \${_e} with the Qt libraries and plugins shipped beside it.\\nhere=\\$(cd \\\"\\$(dirname \\\"\\$0\\\")\\\" && pwd)\\nLD_LIBRARY_PATH=\\\"\\$here/lib\\\" QT_PLUGIN_PATH=\\\"\\$here/plugins\\\" exec \\\"\\$here/bin/\${_e}\\\" \\\"\\$@\\\"\\n\")
    file(CHMOD \"\${_root}/\${_e}\" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  endforeach()
" COMPONENT bundle)
