# SPDX-License-Identifier: BSD-3-Clause
enable_testing()

# mbc_add_test(NAME SOURCES src... [LIBS lib...] [ARGS arg...] [LABELS label...])
# Builds a cmocka test executable and registers it with ctest.
function(mbc_add_test name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS;ARGS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE PkgConfig::CMOCKA ${T_LIBS})
  # tests may include anything: the runtime's internal headers too
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests ${PROJECT_SOURCE_DIR}/runtime)
  target_compile_definitions(${name} PRIVATE
    MBC_SOURCE_DIR="${PROJECT_SOURCE_DIR}" MBC_BINARY_DIR="${PROJECT_BINARY_DIR}")
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/tests)
  add_test(NAME ${name} COMMAND ${name} ${T_ARGS})
  if(T_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}")
  endif()
endfunction()
