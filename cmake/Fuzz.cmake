# SPDX-License-Identifier: BSD-3-Clause
# Fuzzing with libFuzzer (clang only; the `fuzz` preset). MBC_FUZZ=ON builds
# every library with -fsanitize=fuzzer-no-link,address,undefined (coverage
# instrumentation plus ASan and UBSan) and adds the fuzz executables of
# tests/fuzz/, which link -fsanitize=fuzzer (libFuzzer's main).
option(MBC_FUZZ "Build the libFuzzer fuzz targets (clang; ASan + UBSan)" OFF)

if(MBC_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "MBC_FUZZ needs clang (libFuzzer); configure with CC=clang "
                        "(cmake --preset fuzz does). Debian: apt-get install -y clang libclang-rt-14-dev")
  endif()
  set(MBC_FUZZ_FLAGS -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                     -fno-omit-frame-pointer)
  add_compile_options(${MBC_FUZZ_FLAGS})
  add_link_options(-fsanitize=address,undefined)
  # tests/fuzz/CMakeLists.txt: target_link_options(<fuzzer> PRIVATE ${MBC_FUZZ_LINK_FLAGS})
  set(MBC_FUZZ_LINK_FLAGS -fsanitize=fuzzer)
endif()
