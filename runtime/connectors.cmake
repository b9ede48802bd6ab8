# The runtime hooks of every connector type: runtime/connector_*.c, one file
# per type (mbcgen --new-type writes a new one; nothing to list here).
file(GLOB MBC_CONNECTOR_HOOK_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/connector_*.c)
target_sources(mbc_runtime PRIVATE ${MBC_CONNECTOR_HOOK_SOURCES})
