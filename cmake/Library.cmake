# SPDX-License-Identifier: BSD-3-Clause
# libmbconnect: the handwritten runtime (algorithms, connector hooks, the
# table-driven parameter access) plus the code mbcgen generates from specs/.
include(${PROJECT_SOURCE_DIR}/runtime/connectors.cmake OPTIONAL)

add_library(mbc_core OBJECT
  ${PROJECT_SOURCE_DIR}/runtime/params.c
  ${PROJECT_SOURCE_DIR}/runtime/registry.c
  ${PROJECT_SOURCE_DIR}/runtime/object.c
  ${PROJECT_SOURCE_DIR}/runtime/evaluate.c
  ${PROJECT_SOURCE_DIR}/runtime/evaluate_many.c
  ${MBC_GENERATED_SOURCES}
)
add_dependencies(mbc_core generate)
set_source_files_properties(${PROJECT_SOURCE_DIR}/runtime/evaluate_many.c
  PROPERTIES COMPILE_OPTIONS "${MBC_BATCH_FLAGS}")
foreach(lib mbc_core mbc_runtime)
  target_include_directories(${lib} PUBLIC
    ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/generated/include)
endforeach()
add_dependencies(mbc_runtime generate)
# The evaluation hot paths gain measurably from -O3 (bench/: mbc-bench).
foreach(lib mbc_core mbc_runtime)
  target_compile_options(${lib} PRIVATE $<$<CONFIG:Release,RelWithDebInfo>:-O3>)
endforeach()

set(MBC_LIBRARY_OBJECTS $<TARGET_OBJECTS:mbc_runtime> $<TARGET_OBJECTS:mbc_core>)
add_library(mbconnect STATIC ${MBC_LIBRARY_OBJECTS})
add_library(mbconnect_shared SHARED ${MBC_LIBRARY_OBJECTS})
set_target_properties(mbconnect_shared PROPERTIES
  OUTPUT_NAME mbconnect VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
foreach(lib mbconnect mbconnect_shared)
  target_include_directories(${lib} PUBLIC
    ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/generated/include)
  target_link_libraries(${lib} PUBLIC m ${MBC_OPENMP_LIBS})
endforeach()
