# SPDX-License-Identifier: MIT
# Run by `cmake --install` (tools/cmake/CMakeLists.txt): writes oclhls.pc for the prefix of
# this install, and oclhlsIcdDir.cmake beside the CMake package (oclhlsConfig.cmake includes
# it): both name the directory of oclhls.icd as the install chose it, so the rule is in one
# place. In: OCLHLS_PC_IN (the template), OCLHLS_PC_LIBDIR, OCLHLS_PC_BINDIR,
# OCLHLS_PC_DATADIR (relative), OCLHLS_PC_VERSION, OCLHLS_INSTALL_ICD_DIR and
# OCLHLS_ICD_VENDORS_RULE (runtime/icd_vendors_dir.cmake, which chooses where oclhls.icd goes).
set(OCLHLS_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
include("${OCLHLS_ICD_VENDORS_RULE}")
set(OCLHLS_PC_ICD_VENDORS "${OCLHLS_ICD_VENDORS}")
set(_pc "$ENV{DESTDIR}${OCLHLS_PC_PREFIX}/${OCLHLS_PC_LIBDIR}/pkgconfig/oclhls.pc")
message(STATUS "Installing: ${_pc}")
configure_file("${OCLHLS_PC_IN}" "${_pc}" @ONLY)
set(_icd_dir_file
    "$ENV{DESTDIR}${OCLHLS_PC_PREFIX}/${OCLHLS_PC_LIBDIR}/cmake/oclhls/oclhlsIcdDir.cmake")
message(STATUS "Installing: ${_icd_dir_file}")
file(WRITE "${_icd_dir_file}"
     "# Written by oclhls's install (tools/cmake/install_pc.cmake): where oclhls.icd is.\n"
     "set(OCLHLS_ICD_VENDORS_DIR \"${OCLHLS_ICD_VENDORS}\")\n")
