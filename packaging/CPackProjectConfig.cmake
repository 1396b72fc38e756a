# Read by cpack once per generator. Both generators install by component, all components that
# generator takes in one package.
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
if(CPACK_GENERATOR STREQUAL "DEB")
  # The .deb uses Debian's Qt: no bundled libraries, installed under /usr.
  set(CPACK_DEB_COMPONENT_INSTALL ON)
  set(CPACK_COMPONENTS_ALL apps data)
  set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
elseif(CPACK_GENERATOR STREQUAL "TGZ")
  # The self-contained bundle: apps, data and the Qt libraries/plugins, relative to its folder.
  set(CPACK_ARCHIVE_COMPONENT_INSTALL ON)
  set(CPACK_COMPONENT_INCLUDE_TOPLEVEL_DIRECTORY ON)
  set(CPACK_COMPONENTS_ALL apps data bundle)
  set(CPACK_PACKAGING_INSTALL_PREFIX "")
  set(CPACK_ARCHIVE_FILE_NAME "${CPACK_PACKAGE_NAME}-${CPACK_PACKAGE_VERSION}-linux-bundle")
  set(CPACK_PACKAGE_FILE_NAME "${CPACK_PACKAGE_NAME}-${CPACK_PACKAGE_VERSION}-linux-bundle")
elseif(CPACK_GENERATOR STREQUAL "NSIS" OR CPACK_GENERATOR STREQUAL "ZIP")
  # Windows: everything in one tree (the apps, their DLLs and plugins, the licences), relative to
  # the install folder.
  set(CPACK_MONOLITHIC_INSTALL ON)
  set(CPACK_PACKAGING_INSTALL_PREFIX "")
  if(CPACK_GENERATOR STREQUAL "NSIS")
    set(CPACK_PACKAGE_FILE_NAME "${CPACK_PACKAGE_NAME}-${CPACK_PACKAGE_VERSION}-win64-setup")
  else()
    set(CPACK_PACKAGE_FILE_NAME "${CPACK_PACKAGE_NAME}-${CPACK_PACKAGE_VERSION}-win64")
    set(CPACK_INCLUDE_TOPLEVEL_DIRECTORY ON)
  endif()
endif()
