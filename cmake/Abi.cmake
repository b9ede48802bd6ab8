# SPDX-License-Identifier: BSD-3-Clause
# cmake --build build --target abi-baseline: refreshes abi/ (the ABI baseline
# of libmbconnect.so and the spec baseline) from this build; see
# dev/abi-baseline.sh and docs/versioning.rst. Not part of ALL.
add_custom_target(abi-baseline
  COMMAND ${CMAKE_COMMAND} -E env MBC_BUILD_DIR=${PROJECT_BINARY_DIR}
          ${PROJECT_SOURCE_DIR}/dev/abi-baseline.sh
  DEPENDS mbconnect_shared
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  COMMENT "abi/: refreshing the ABI and spec baseline"
  USES_TERMINAL
  VERBATIM)
