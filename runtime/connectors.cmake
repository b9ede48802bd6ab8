# SPDX-License-Identifier: BSD-3-Clause
# The runtime hooks of every connector type: runtime/connectors/<type>/
# connector_<type>.c, one folder per type (mbcgen --new-type writes a new
# one; nothing to list here). A type's other files (kernels, pair loops) are
# listed in runtime/CMakeLists.txt, with the flags of batch sources.
file(GLOB MBC_CONNECTOR_HOOK_SOURCES CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_LIST_DIR}/connectors/*/connector_*.c)
target_sources(mbc_runtime PRIVATE ${MBC_CONNECTOR_HOOK_SOURCES})
