/* SPDX-License-Identifier: MIT */
/*
 * The hardware IR as text, written and read back: every field of a kernel, its operations,
 * loops, segments, memories, barriers, streams and memory dependences, so that a kernel
 * read from its text is the kernel that was written (hir_text_write of the result gives the
 * same text). Passes are tested on small IR files instead of whole kernels.
 *
 *   hir 1
 *   kernel vadd line=3 nargs=3 depth=27 ...        the kernel's fields
 *   file 1 b.cl                                    a linked program's other files (file=1)
 *   arg 0 width=64 csr=0                           per argument
 *   v0 = arg 64 imm=0 line=3 live=1 ...            per operation: opcode, width, operands
 *   v5 = add 32 v3 v4 line=5 seg=0 stage=2 ...
 *   v9 = store 0 v7 v8 pred=v6 ...
 *   loop 0 parent=-1 begin=4 end=12 cont=11 ...
 *   seg 0 begin=0 end=40 in=v1,v2 in_copy=v41,v42 ...
 *   parray 0 bytes=256 ...  barrier 0 pos=17 ...  stream 0 ...  memdep 0 from=v8 to=v5 ...
 *   end
 *
 * A field equal to its default (what hir_emit and hir_kernel_new set, HIR_NONE for indexes)
 * is left out; an unknown or missing field, a bad value or an operand that names no
 * operation is an error at its line.
 */
#ifndef OCLHLS_HIR_TEXT_H
#define OCLHLS_HIR_TEXT_H

#include <stddef.h>

struct hir_kernel;
struct oclhls_strbuf;

/* Appends the text of k to out. */
void hir_text_write(const struct hir_kernel *k, struct oclhls_strbuf *out);

/*
 * Reads one kernel from text (len bytes; name is the file's name for messages). 0 and *out,
 * or -1 with "name:line: what is wrong" in err.
 */
int hir_text_read(const char *text, size_t len, const char *name, struct hir_kernel **out,
                  char *err, size_t errlen);

#endif
