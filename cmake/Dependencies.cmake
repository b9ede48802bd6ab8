# SPDX-License-Identifier: BSD-3-Clause
# Third-party dependencies come from Debian packages only; nothing is vendored.
set(MBC_APT_LINE "apt-get install -y cmake gcc liblua5.4-dev libcmocka-dev liblapacke-dev")

find_package(PkgConfig QUIET)
if(NOT PkgConfig_FOUND)
  message(FATAL_ERROR "pkg-config not found. Install the prerequisites with:\n  ${MBC_APT_LINE} pkg-config")
endif()

pkg_check_modules(LUA QUIET IMPORTED_TARGET lua5.4)
if(NOT LUA_FOUND)
  message(FATAL_ERROR "Lua 5.4 (liblua5.4-dev) not found. Install the prerequisites with:\n  ${MBC_APT_LINE}")
endif()

pkg_check_modules(CMOCKA QUIET IMPORTED_TARGET cmocka)
if(NOT CMOCKA_FOUND)
  message(FATAL_ERROR "cmocka (libcmocka-dev) not found. Install the prerequisites with:\n  ${MBC_APT_LINE}")
endif()

find_library(MBC_LIBM m)
