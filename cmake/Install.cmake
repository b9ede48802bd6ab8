# SPDX-License-Identifier: BSD-3-Clause
# Installation and downstream use (included at the end of CMakeLists.txt):
#
#   cmake --install build --prefix PREFIX
#
# installs
#   lib/libmbconnect.a, lib/libmbconnect.so.<version> (SONAME libmbconnect.so.<major>)
#   lib/libmbconnect-lua.a, lib/libmbconnect-lua.so.<version> (SONAME
#     libmbconnect-lua.so.<major>): the Lua front end, case files (mbconnect/case.h)
#   lib/libmbconnect_invariants.a (the physics-invariant harness; its own header
#     include/mbconnect/invariants.h, from harness/include/, not in the umbrella)
#   include/mbconnect/*.h, include/mbconnect/generated/*.h, include/mbconnect/version.h,
#     include/mbconnect/mbconnect.h (the umbrella header); exactly what these
#     declare with MBC_API is what libmbconnect.so exports (dev/exports.sh)
#   bin/mbcgen, bin/mbc
#   share/mbconnect/specs/ (types.lua, the type registry, and the built-in specs)
#   share/doc/mbconnect/ (html/, the documentation site, or without Sphinx the
#     pages' .rst sources; examples/, every subfolder of examples/)
#   share/man/man1/mbc.1, mbcgen.1 (cmake/ManPages.cmake)
#   share/bash-completion/completions/mbc, mbcgen (cli/completion/mbc.bash)
#   lib/cmake/mbconnect/ (find_package(mbconnect CONFIG): mbconnect::mbconnect,
#     mbconnect::mbconnect_shared, mbconnect::mbconnect_lua,
#     mbconnect::mbconnect_lua_shared, mbconnect::mbcgen, mbconnect::mbc and
#     mbconnect_add_connectors())
#   lib/pkgconfig/mbconnect.pc, lib/pkgconfig/mbconnect-lua.pc
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(MBC_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/mbconnect)
set(MBC_INSTALL_SPECSDIR ${CMAKE_INSTALL_DATADIR}/mbconnect/specs)

# Usage requirements of the libraries: the source and build trees while
# building, PREFIX/include once installed. (cmake/Library.cmake gives plain
# source paths, which install(EXPORT) refuses; the build tree also needs the
# generated mbconnect/version.h.)
foreach(lib mbconnect mbconnect_shared mbconnect_lua_shared)
  set_property(TARGET ${lib} PROPERTY INTERFACE_INCLUDE_DIRECTORIES
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/generated/include>
    $<BUILD_INTERFACE:${MBC_VERSION_INCLUDE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()
# the in-tree archive also gives sandbox/ (sandbox.h, reader.h: not installed)
set_property(TARGET mbconnect_lua PROPERTY INTERFACE_INCLUDE_DIRECTORIES
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/sandbox>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)

# The names the package gives, also in the build tree (add_subdirectory use).
add_library(mbconnect::mbconnect ALIAS mbconnect)
add_library(mbconnect::mbconnect_shared ALIAS mbconnect_shared)
add_library(mbconnect::mbconnect_lua ALIAS mbconnect_lua)
add_library(mbconnect::mbconnect_lua_shared ALIAS mbconnect_lua_shared)
add_executable(mbconnect::mbcgen ALIAS mbcgen)
add_executable(mbconnect::mbc ALIAS mbc)
set_property(GLOBAL PROPERTY MBCONNECT_TYPES_FILE ${PROJECT_SOURCE_DIR}/specs/types.lua)
include(${PROJECT_SOURCE_DIR}/cmake/MbconnectAddConnectors.cmake)

install(TARGETS mbconnect mbconnect_shared mbconnect_lua mbconnect_lua_shared mbcgen mbc
  mbconnect_invariants
  EXPORT mbconnectTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# Headers: hand-written, generated, and the version header.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/mbconnect/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/mbconnect
  FILES_MATCHING PATTERN "*.h")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/generated/include/mbconnect/generated/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/mbconnect/generated
  FILES_MATCHING PATTERN "*.h")
install(FILES ${MBC_VERSION_INCLUDE_DIR}/mbconnect/version.h
  ${PROJECT_SOURCE_DIR}/harness/include/mbconnect/invariants.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/mbconnect)

# The type registry and the built-in specs (the installed mbcgen finds
# ../share/mbconnect/specs/types.lua by itself).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/specs/
  DESTINATION ${MBC_INSTALL_SPECSDIR}
  FILES_MATCHING PATTERN "*.lua")

# The documentation: the site (share/doc/mbconnect/html), or without Sphinx
# the pages' sources (cmake/Docs.cmake).

# CMake package.
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/mbconnectConfig.cmake.in
  ${PROJECT_BINARY_DIR}/mbconnectConfig.cmake
  INSTALL_DESTINATION ${MBC_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR MBC_INSTALL_SPECSDIR)
# docs/versioning.rst: from 1.0 a major version keeps the API; 0.x: a new
# minor version may break it.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(MBC_PACKAGE_COMPATIBILITY SameMinorVersion)
else()
  set(MBC_PACKAGE_COMPATIBILITY SameMajorVersion)
endif()
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/mbconnectConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY ${MBC_PACKAGE_COMPATIBILITY})
install(EXPORT mbconnectTargets
  NAMESPACE mbconnect::
  DESTINATION ${MBC_INSTALL_CMAKEDIR})
install(FILES
  ${PROJECT_BINARY_DIR}/mbconnectConfig.cmake
  ${PROJECT_BINARY_DIR}/mbconnectConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/MbconnectAddConnectors.cmake
  DESTINATION ${MBC_INSTALL_CMAKEDIR})

# pkg-config, relocatable: the prefix is computed from the .pc file's place,
# so `cmake --install build --prefix ANY` gives a working file.
file(RELATIVE_PATH MBC_PC_PREFIX_FROM_PCDIR
  /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" MBC_PC_PREFIX_FROM_PCDIR "${MBC_PC_PREFIX_FROM_PCDIR}")
list(TRANSFORM MBC_OPENMP_LIB_NAMES PREPEND "-l" OUTPUT_VARIABLE MBC_PC_LIBS_PRIVATE)
string(JOIN " " MBC_PC_LIBS_PRIVATE ${MBC_PC_LIBS_PRIVATE})
configure_file(${PROJECT_SOURCE_DIR}/cmake/mbconnect.pc.in ${PROJECT_BINARY_DIR}/mbconnect.pc @ONLY)
configure_file(${PROJECT_SOURCE_DIR}/cmake/mbconnect-lua.pc.in ${PROJECT_BINARY_DIR}/mbconnect-lua.pc
  @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/mbconnect.pc ${PROJECT_BINARY_DIR}/mbconnect-lua.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# What a user meets besides the library: bash completion of mbc and mbcgen
# (one script, loaded by bash-completion under either name) and the
# examples, every subfolder of examples/ (cases for mbc eval, scenes for mbc
# simulate, the Python example, the reference solver, the downstream
# project, ...) under share/doc/mbconnect/examples. The man pages are
# installed by mbc_add_man_page (cmake/ManPages.cmake), the HTML site by
# cmake/Docs.cmake; tests/cli/test_install_tree.sh checks the tree.
foreach(program mbc mbcgen)
  install(FILES ${PROJECT_SOURCE_DIR}/cli/completion/mbc.bash
    DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME ${program})
endforeach()
file(GLOB _mbc_example_dirs LIST_DIRECTORIES true CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/examples/*)
foreach(dir IN LISTS _mbc_example_dirs)
  if(IS_DIRECTORY ${dir})
    install(DIRECTORY ${dir} DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples
      PATTERN "__pycache__" EXCLUDE)
  endif()
endforeach()
