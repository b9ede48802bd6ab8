# SPDX-License-Identifier: BSD-3-Clause
# libmbconnect: the handwritten runtime (algorithms, connector hooks, the
# table-driven parameter access) plus the code mbcgen generates from specs/.
# Layer: the core (runtime/, include/mbconnect/ but case.h, generated/; see
# docs/contributing.rst, "Layers"): it includes only the C library and its
# own headers -- no Lua, no cmocka, nothing of the layers above.
#
# Export control: every object of the library is compiled with
# -fvisibility=hidden, so libmbconnect.so exports exactly the functions and
# variables that the installed headers declare with MBC_API
# (include/mbconnect/export.h; checked by dev/exports.sh --check, the test
# test_exports). In-tree tests, tools and benchmarks that reach internals
# link the static library `mbconnect`.
include(${PROJECT_SOURCE_DIR}/runtime/connectors.cmake OPTIONAL)

add_library(mbc_core OBJECT
  ${PROJECT_SOURCE_DIR}/runtime/object/params.c
  ${PROJECT_SOURCE_DIR}/runtime/object/registry.c
  ${PROJECT_SOURCE_DIR}/runtime/mbconnect.c
  ${PROJECT_SOURCE_DIR}/runtime/object/object.c
  ${PROJECT_SOURCE_DIR}/runtime/eval/evaluate.c
  ${PROJECT_SOURCE_DIR}/runtime/eval/evaluate_many.c
  ${PROJECT_SOURCE_DIR}/runtime/eval/evaluate_1_0.c
  ${PROJECT_SOURCE_DIR}/runtime/eval/pair_eval.c
  ${PROJECT_SOURCE_DIR}/runtime/eval/pair_eval_check.c
  ${PROJECT_SOURCE_DIR}/runtime/eval/wall_eval.c
  ${PROJECT_SOURCE_DIR}/runtime/object/state_check.c
  ${MBC_GENERATED_SOURCES}
)
# The evaluation API beyond the hooks: state assembly (input.c), results and
# their JSON form (result.c, json_out.c) and plugins (plugin.c, dlopen;
# plugin_path.c, the search path). No Lua: case files are the Lua front
# end's (sandbox/, libmbconnect-lua).
add_library(mbc_api OBJECT
  ${PROJECT_SOURCE_DIR}/runtime/eval/input.c
  ${PROJECT_SOURCE_DIR}/runtime/eval/result.c
  ${PROJECT_SOURCE_DIR}/runtime/base/json_out.c
  ${PROJECT_SOURCE_DIR}/runtime/object/plugin.c
  ${PROJECT_SOURCE_DIR}/runtime/object/plugin_path.c
)
add_dependencies(mbc_api generate)
# The installed plugin directory, the plugin search path's last entry
# (mbconnect/plugin.h); the package gives it as MBCONNECT_PLUGIN_DIR, where a
# project installs the plugins it builds.
include(GNUInstallDirs)
set(MBC_PLUGIN_DIR ${CMAKE_INSTALL_FULL_LIBDIR}/mbconnect/plugins)
target_compile_definitions(mbc_api PRIVATE MBC_PLUGIN_DIR="${MBC_PLUGIN_DIR}")
add_dependencies(mbc_core generate)
set_source_files_properties(${PROJECT_SOURCE_DIR}/runtime/eval/evaluate_many.c
  PROPERTIES COMPILE_OPTIONS "${MBC_BATCH_FLAGS}")
foreach(lib mbc_core mbc_runtime mbc_api)
  target_include_directories(${lib} PUBLIC
    ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/generated/include
    ${MBC_VERSION_INCLUDE_DIR})
  # the runtime's internal headers across its folders: "mechanics/sticking.h"
  target_include_directories(${lib} PRIVATE ${PROJECT_SOURCE_DIR}/runtime)
endforeach()
foreach(lib mbc_core mbc_runtime mbc_api)
  set_target_properties(${lib} PROPERTIES C_VISIBILITY_PRESET hidden)
endforeach()
add_dependencies(mbc_runtime generate)
# The evaluation hot paths gain measurably from -O3 (bench/: mbc-bench).
# -fno-semantic-interposition: calls between the library's own exported
# functions (a generated hook table entry to its typed hook) bind directly,
# not through the PLT; interposing such a symbol from outside does not
# change what the library calls (as CPython builds itself).
foreach(lib mbc_core mbc_runtime)
  target_compile_options(${lib} PRIVATE $<$<CONFIG:Release,RelWithDebInfo>:-O3>
    -fno-semantic-interposition)
endforeach()

set(MBC_LIBRARY_OBJECTS $<TARGET_OBJECTS:mbc_runtime> $<TARGET_OBJECTS:mbc_core>
  $<TARGET_OBJECTS:mbc_api>)
add_library(mbconnect STATIC ${MBC_LIBRARY_OBJECTS})
add_library(mbconnect_shared SHARED ${MBC_LIBRARY_OBJECTS})
set_target_properties(mbconnect_shared PROPERTIES
  OUTPUT_NAME mbconnect VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
foreach(lib mbconnect mbconnect_shared)
  target_include_directories(${lib} PUBLIC
    ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/generated/include)
  target_link_libraries(${lib} PUBLIC m ${MBC_OPENMP_LIBS})
endforeach()
# dlopen (plugins): by name, so that the installed static library's users
# link it too (-ldl).
target_link_libraries(mbconnect PUBLIC ${CMAKE_DL_LIBS})
target_link_libraries(mbconnect_shared PRIVATE ${CMAKE_DL_LIBS})
