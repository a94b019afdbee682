# SPDX-License-Identifier: MIT
# Run by `cmake --install` (tools/cmake/CMakeLists.txt): writes oclhls.pc for the prefix of
# this install. In: OCLHLS_PC_IN (the template), OCLHLS_PC_LIBDIR, OCLHLS_PC_BINDIR,
# OCLHLS_PC_DATADIR (relative), OCLHLS_PC_VERSION, OCLHLS_INSTALL_ICD_DIR and
# OCLHLS_ICD_VENDORS_RULE (runtime/icd_vendors_dir.cmake, which chooses where oclhls.icd goes).
set(OCLHLS_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
include("${OCLHLS_ICD_VENDORS_RULE}")
set(OCLHLS_PC_ICD_VENDORS "${OCLHLS_ICD_VENDORS}")
set(_pc "$ENV{DESTDIR}${OCLHLS_PC_PREFIX}/${OCLHLS_PC_LIBDIR}/pkgconfig/oclhls.pc")
message(STATUS "Installing: ${_pc}")
configure_file("${OCLHLS_PC_IN}" "${_pc}" @ONLY)
