# Windows (NSIS + windeployqt) and macOS (DragNDrop + macdeployqt): Qt's deploy script copies Qt
# beside the app. Not built on Debian (no windeployqt/macdeployqt there); see packaging/README.md.
# Qt 6.4 names the output variable FILENAME_VARIABLE; 6.5 renamed it OUTPUT_SCRIPT.
foreach(_app agui-inspector agui-inspect agui-inspect-net)
  if(NOT TARGET ${_app})
    continue()
  endif()
  if(Qt6_VERSION VERSION_LESS 6.5)
    qt_generate_deploy_app_script(TARGET ${_app} FILENAME_VARIABLE _deploy NO_UNSUPPORTED_PLATFORM_ERROR)
  else()
    qt_generate_deploy_app_script(TARGET ${_app} OUTPUT_SCRIPT _deploy NO_UNSUPPORTED_PLATFORM_ERROR)
  endif()
  install(SCRIPT ${_deploy} COMPONENT bundle)
endforeach()
