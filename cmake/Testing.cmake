# SPDX-License-Identifier: BSD-3-Clause
enable_testing()

# Two classes of tests (docs/contributing.rst, "Tests"). Every test has a
# TIMEOUT, so that a hung test fails instead of holding the suite; a slow
# test (more than about 10 s on a 2-core machine: the injection and
# differential suites, long LAMMPS runs, the leak and hostile-input runs)
# has the label `slow`. `ctest --preset default` runs the others (a few
# minutes), `ctest --preset full` runs all. tests/release/test_ctest_policy.py
# checks both rules (a TIMEOUT on every test; no test without the label
# slower than MBC_SLOW_TEST_SECONDS in the times ctest recorded).
set(MBC_TEST_TIMEOUT 120)      # s: a test's TIMEOUT unless it says otherwise
set(MBC_SLOW_TEST_TIMEOUT 900) # s: a slow test's
# s: the check's limit for a test without the label: three times the rule's
# 10 s, so that a loaded machine alone does not trip it (the rule is the
# author's to keep; the check catches what was forgotten)
set(MBC_SLOW_TEST_SECONDS 30)
# The sanitizers slow a test down several times: its TIMEOUT is multiplied
# by the scale (.ci/steps/memcheck.sh sets it for valgrind).
if(MBC_SANITIZE OR MBC_TSAN)
  set(_mbc_timeout_scale 4)
else()
  set(_mbc_timeout_scale 1)
endif()
set(MBC_TEST_TIMEOUT_SCALE ${_mbc_timeout_scale} CACHE STRING
  "Factor (a whole number) applied to every test's TIMEOUT: 4 in the sanitizer builds, more under valgrind")

# mbc_test_timeout(SECONDS test...): TIMEOUT SECONDS times the scale.
function(mbc_test_timeout seconds)
  math(EXPR t "${seconds} * ${MBC_TEST_TIMEOUT_SCALE}")
  set_tests_properties(${ARGN} PROPERTIES TIMEOUT ${t})
  mbc_test_defaults()
endfunction()

# mbc_slow_test(test... [TIMEOUT seconds]): the label `slow` (added to the
# test's labels: call it after set_tests_properties(... LABELS ...)) and a
# TIMEOUT, MBC_SLOW_TEST_TIMEOUT unless given.
function(mbc_slow_test)
  cmake_parse_arguments(S "" "TIMEOUT" "" ${ARGN})
  if(NOT S_TIMEOUT)
    set(S_TIMEOUT ${MBC_SLOW_TEST_TIMEOUT})
  endif()
  foreach(t ${S_UNPARSED_ARGUMENTS})
    set_property(TEST ${t} APPEND PROPERTY LABELS slow)
  endforeach()
  mbc_test_timeout(${S_TIMEOUT} ${S_UNPARSED_ARGUMENTS})
endfunction()

# The default TIMEOUT for every test of the current directory that has
# none, once the directory's CMakeLists.txt has been read.
function(_mbc_test_directory_defaults)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(t ${tests})
    get_test_property(${t} TIMEOUT timeout)
    if(NOT timeout)
      mbc_test_timeout(${MBC_TEST_TIMEOUT} ${t})
    endif()
  endforeach()
endfunction()

# mbc_test_defaults(): the tests that this directory registers with plain
# add_test get the default TIMEOUT (mbc_add_test and mbc_slow_test call it).
function(mbc_test_defaults)
  get_property(done DIRECTORY PROPERTY MBC_TEST_DEFAULTS)
  if(NOT done)
    set_property(DIRECTORY PROPERTY MBC_TEST_DEFAULTS ON)
    cmake_language(DEFER CALL _mbc_test_directory_defaults)
  endif()
endfunction()

# mbc_add_test(NAME SOURCES src... [LIBS lib...] [ARGS arg...] [LABELS label...]
#              [SLOW] [TIMEOUT seconds])
# Builds a cmocka test executable and registers it with ctest (TIMEOUT:
# MBC_TEST_TIMEOUT, or MBC_SLOW_TEST_TIMEOUT with SLOW, unless given).
function(mbc_add_test name)
  cmake_parse_arguments(T "SLOW" "TIMEOUT" "SOURCES;LIBS;ARGS;LABELS" ${ARGN})
  set(T_TIMEOUT_ARG)
  if(T_TIMEOUT)
    set(T_TIMEOUT_ARG TIMEOUT ${T_TIMEOUT})
  endif()
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
  if(T_SLOW)
    mbc_slow_test(${name} ${T_TIMEOUT_ARG})
  elseif(T_TIMEOUT)
    mbc_test_timeout(${T_TIMEOUT} ${name})
  else()
    mbc_test_timeout(${MBC_TEST_TIMEOUT} ${name})
  endif()
endfunction()
