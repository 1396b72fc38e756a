# What the Windows install carries beside the programs (component "data"): the licence, the
# licences of what is built in or shipped beside it (Qt under the LGPL 3, simdjson, the GCC
# runtime and mingw-w64's winpthreads: scripts/package-windows.sh gathers them from the sources it
# builds), and the demo capture to open first.
set(AGUI_THIRD_PARTY_LICENSES "" CACHE STRING
    "Licence files of the libraries the Windows build ships, as NAME=PATH pairs")
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION . RENAME LICENSE.txt COMPONENT data)
foreach(_pair IN LISTS AGUI_THIRD_PARTY_LICENSES)
  string(FIND "${_pair}" "=" _eq)
  string(SUBSTRING "${_pair}" 0 ${_eq} _name)
  math(EXPR _from "${_eq} + 1")
  string(SUBSTRING "${_pair}" ${_from} -1 _path)
  install(FILES ${_path} DESTINATION licenses RENAME ${_name}.txt COMPONENT data)
endforeach()
install(FILES ${PROJECT_SOURCE_DIR}/resources/samples/demo.aguicap DESTINATION samples
        COMPONENT data)
