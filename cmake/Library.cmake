# libmbconnect: the handwritten runtime plus the code generated from specs/.
set(MBC_LIBRARY_OBJECTS $<TARGET_OBJECTS:mbc_runtime>)

add_library(mbconnect STATIC ${MBC_LIBRARY_OBJECTS})
add_library(mbconnect_shared SHARED ${MBC_LIBRARY_OBJECTS})
set_target_properties(mbconnect_shared PROPERTIES
  OUTPUT_NAME mbconnect VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
foreach(lib mbconnect mbconnect_shared)
  target_include_directories(${lib} PUBLIC ${PROJECT_SOURCE_DIR}/include)
  target_link_libraries(${lib} PUBLIC m)
endforeach()
