# SPDX-License-Identifier: MIT
# Where an install puts oclhls.icd, for the install scripts (install_icd.cmake, and
# tools/cmake/install_pc.cmake, which names it in oclhls.pc): OCLHLS_INSTALL_ICD_DIR when set,
# else /etc/OpenCL/vendors for the prefixes /usr and /usr/local (the system loader reads
# it), else <prefix>/etc/OpenCL/vendors, which a user install names with OCL_ICD_VENDORS,
# so that it needs no root. Sets OCLHLS_ICD_VENDORS for the prefix of this install.
set(OCLHLS_ICD_VENDORS "${OCLHLS_INSTALL_ICD_DIR}")
if(NOT OCLHLS_ICD_VENDORS)
  if(CMAKE_INSTALL_PREFIX STREQUAL "/usr" OR CMAKE_INSTALL_PREFIX STREQUAL "/usr/local")
    set(OCLHLS_ICD_VENDORS /etc/OpenCL/vendors)
  else()
    set(OCLHLS_ICD_VENDORS "${CMAKE_INSTALL_PREFIX}/etc/OpenCL/vendors")
  endif()
endif()
