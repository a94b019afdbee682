# SPDX-License-Identifier: MIT
# kernels.cli.depfile: builds SOURCE with OCLHLS into OUT.oclbin with --depfile OUT.d and prints
# the dependency file (the test's regex checks it); fails when the build does.
execute_process(COMMAND ${OCLHLS} build ${SOURCE} -o ${OUT}.oclbin --depfile ${OUT}.d
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "oclhls build failed (${rc}):\n${log}")
endif()
file(READ ${OUT}.d deps)
message("${deps}")
