# SPDX-License-Identifier: MIT
# Run by `cmake --install` (tools/cmake/CMakeLists.txt): writes oclhls.pc for the prefix of
# this install. In: OCLHLS_PC_IN (the template), OCLHLS_PC_LIBDIR, OCLHLS_PC_BINDIR,
# OCLHLS_PC_DATADIR (relative), OCLHLS_PC_VERSION, OCLHLS_INSTALL_ICD_DIR (empty: the rule of
# runtime/install_icd.cmake).
set(OCLHLS_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
set(OCLHLS_PC_ICD_VENDORS "${OCLHLS_INSTALL_ICD_DIR}")
if(NOT OCLHLS_PC_ICD_VENDORS)
  if(OCLHLS_PC_PREFIX STREQUAL "/usr" OR OCLHLS_PC_PREFIX STREQUAL "/usr/local")
    set(OCLHLS_PC_ICD_VENDORS /etc/OpenCL/vendors)
  else()
    set(OCLHLS_PC_ICD_VENDORS "${OCLHLS_PC_PREFIX}/etc/OpenCL/vendors")
  endif()
endif()
set(_pc "$ENV{DESTDIR}${OCLHLS_PC_PREFIX}/${OCLHLS_PC_LIBDIR}/pkgconfig/oclhls.pc")
message(STATUS "Installing: ${_pc}")
configure_file("${OCLHLS_PC_IN}" "${_pc}" @ONLY)
