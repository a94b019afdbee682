# SPDX-License-Identifier: MIT
# oclhls.1 from the text of `oclhls --help`, so the two never disagree: the usage as the
# manual's body, preformatted, under the sections man(7) expects.
# In: OCLHLS (the built program), OUT (the page), VERSION.
execute_process(COMMAND ${OCLHLS} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${OCLHLS} --help failed (${rc})")
endif()
# roff: a backslash is written \e, and a line may not start with . or '
string(REPLACE "\\" "\\e" help "${help}")
string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
string(TIMESTAMP year "%Y" UTC)
file(WRITE ${OUT} ".TH OCLHLS 1 \"${year}\" \"oclhls ${VERSION}\" \"User Commands\"
.SH NAME
oclhls \\- compile OpenCL C into FPGA program files, and manage the boards
.SH DESCRIPTION
The text of
.B oclhls --help
follows. The OpenCL runtime (an ICD that ocl-icd's libOpenCL loads) runs the program
files it writes; see the README and docs/ of the oclhls sources.
.PP
.nf
${help}.fi
.SH SEE ALSO
.BR clinfo (1)
")
