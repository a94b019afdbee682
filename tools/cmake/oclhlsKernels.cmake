# SPDX-License-Identifier: MIT
#
# oclhls_add_kernel(<target> <kernel.cl>
#                   [BOARD <board>] [OUTPUT <file.oclbin>] [OPTIONS <build option>...]
#                   [NO_BITSTREAM] [MODEL])
#
# Builds <kernel.cl> into a program file at build time (`oclhls build`), by default
# <binary dir>/<kernel name>.oclbin for the board `sim`, and adds the target <target> that
# stands for it (built with `all`; its OCLHLS_PROGRAM property is the file's path). The
# headers the kernel includes are tracked (oclhls build --depfile), so editing one rebuilds
# the program. OPTIONS are `oclhls build` options (-D, -I, -cl-*, -w, -Werror); NO_BITSTREAM
# and MODEL pass --no-bitstream (iCE40 boards: no synthesis) and --model (sim: the
# Verilator model built now, not on the first run).
if(POLICY CMP0116) # DEPFILE paths as the build tool gives them, relative to the build dir
  cmake_policy(SET CMP0116 NEW)
endif()

function(oclhls_add_kernel target source)
  cmake_parse_arguments(K "NO_BITSTREAM;MODEL" "BOARD;OUTPUT" "OPTIONS" ${ARGN})
  if(K_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "oclhls_add_kernel(${target}): unknown arguments ${K_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET oclhls::oclhls)
    message(FATAL_ERROR "oclhls_add_kernel(${target}): find_package(oclhls) first")
  endif()
  get_filename_component(src "${source}" ABSOLUTE)
  get_filename_component(name "${source}" NAME_WE)
  if(NOT K_BOARD)
    set(K_BOARD sim)
  endif()
  if(NOT K_OUTPUT)
    set(K_OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/${name}.oclbin")
  endif()
  get_filename_component(out "${K_OUTPUT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  set(flags)
  if(K_NO_BITSTREAM)
    list(APPEND flags --no-bitstream)
  endif()
  if(K_MODEL)
    list(APPEND flags --model)
  endif()
  add_custom_command(OUTPUT "${out}"
    COMMAND oclhls::oclhls build "${src}" --board ${K_BOARD} -o "${out}" --depfile "${out}.d"
            ${flags} ${K_OPTIONS}
    DEPENDS "${src}" oclhls::oclhls
    DEPFILE "${out}.d"
    COMMENT "oclhls: building ${name}.oclbin for board ${K_BOARD}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS "${out}")
  set_target_properties(${target} PROPERTIES OCLHLS_PROGRAM "${out}")
endfunction()
