# Read by cpack once per generator.
if(CPACK_GENERATOR STREQUAL "DEB")
  # The .deb uses Debian's Qt: no bundled libraries, installed under /usr.
  set(CPACK_COMPONENTS_ALL apps data)
  set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
elseif(CPACK_GENERATOR STREQUAL "TGZ")
  # The self-contained bundle: apps, data and the Qt libraries/plugins, relative to its folder.
  set(CPACK_COMPONENTS_ALL apps data bundle)
  set(CPACK_PACKAGING_INSTALL_PREFIX "")
  set(CPACK_PACKAGE_FILE_NAME "${CPACK_PACKAGE_NAME}-${CPACK_PACKAGE_VERSION}-linux-bundle")
endif()
