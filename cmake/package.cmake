# `cpack -G DEB` in the build tree: one Debian package of everything
# `cmake --install` puts in place (program, man page, completion, library,
# headers, CMake package, gocount.pc, Python module), its dependencies found
# by dpkg-shlibdeps, and librsvg named.
set(CPACK_PACKAGE_NAME gocount)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_CONTACT "gocount maintainers <gocount@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Loaded when the first PNG is drawn (src/report/png.cpp): no library names
# it, so dpkg-shlibdeps cannot find it.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "librsvg2-2")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3-numpy, python3-dask, python3-distributed, python3-pandas")
include(CPack)
