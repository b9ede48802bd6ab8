# SPDX-License-Identifier: BSD-3-Clause
# Packages (CPack), included after cmake/Install.cmake:
#
#   cmake --build build --target package          build/mbconnect_<version>_<arch>.deb
#   cmake --build build --target package_source   build/mbconnect-<version>.tar.gz
#
# The .deb holds everything `cmake --install` installs (no install components:
# whatever an install() rule anywhere in the tree adds, e.g. the Python
# module, is packaged without touching this file), installed under /usr.
# Version and SONAME come from project(VERSION) (docs/versioning.rst).
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)
install(FILES ${PROJECT_SOURCE_DIR}/CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_PACKAGE_NAME mbconnect)
set(CPACK_PACKAGE_VENDOR "the mbconnect authors")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_CONTACT "the mbconnect authors <mbconnect@localhost>")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_RESOURCE_FILE_README ${PROJECT_SOURCE_DIR}/README.md)
set(CPACK_PACKAGE_CHECKSUM SHA256)
set(CPACK_STRIP_FILES OFF) # keep the debug info abidiff and debuggers use

set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL OFF)
# installed under /usr: CPACK_PACKAGING_INSTALL_PREFIX defaults to /usr for DEB (not for TGZ)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # mbconnect_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_PACKAGE_LICENSE BSD-3-Clause)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "C library and toolchain for multibody-dynamics connectors\n\
Connector types (contacts and joints) are declared once as Lua specs; the\n\
generator mbcgen emits C code and reStructuredText documentation from them.\n\
The package holds the shared and static core library (no Lua), the Lua\n\
front end libmbconnect-lua (case files), the headers, mbcgen, the mbc\n\
command with man pages and bash completion, the built-in specs, a CMake\n\
package, pkg-config files, the documentation site and the examples.")
# Library dependencies from the binaries (dpkg-shlibdeps, package dpkg-dev),
# and a shlibs file for packages linking libmbconnect.so.<major> or
# libmbconnect-lua.so.<major>.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
# mbconnect_add_connectors() and the headers are for building: a compiler,
# CMake or pkg-config are what a user builds with, not run-time needs.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cmake, pkg-config, gcc | c-compiler")

set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_PACKAGE_FILE_NAME mbconnect-${PROJECT_VERSION})
set(CPACK_SOURCE_IGNORE_FILES
  "/\\\\.git$" "/\\\\.git/" "/build/" "/build-[^/]*/" "\\\\.swp$" "/__pycache__/")

include(CPack)
