/* SPDX-License-Identifier: MIT */
/*
 * Frontend internals shared between the files of frontend/. Not installed, not used outside
 * frontend/ (the contract is frontend.h).
 */
#ifndef OCLHLS_FE_INTERNAL_H
#define OCLHLS_FE_INTERNAL_H

#include "fe_program.h"

#include <llvm-c/Target.h>

/* oclhls_util (common): the build log is a strbuf, clang's command line an argv. */
#include "argv.h"
#include "strbuf.h"

/* shell_words.c: splits like a POSIX shell (quotes, backslashes; no expansions). */
int fe_shell_split(const char *s, struct oclhls_argv *out, struct oclhls_strbuf *log);

/* options.c: user build options checked and translated for clang. */
struct fe_options {
    struct oclhls_argv clang_args; /* what goes on clang's command line */
    char *cl_std;                  /* "-cl-std=CL3.0" or the user's -cl-std= */
};

int fe_options_parse(const char *options, struct fe_options *opts, struct oclhls_strbuf *log);
void fe_options_free(struct fe_options *opts);

/* source_lines.c: the source line by line, comments and literals tracked (for pragmas). */
struct fe_line_scan {
    const char *s;
    size_t len, pos;
    unsigned line; /* of the line fe_next_line returned last, 1-based */
    int state, continued;
};

struct fe_src_line {
    size_t begin, end;     /* [begin, end) in the source, without the newline */
    long code;             /* offset of its first character of code (not blank, not comment); -1 */
    long open_comment;     /* offset of a block comment still open at its end; -1 */
    int starts_in_comment; /* it starts inside a block comment */
    int continuation;      /* the line before ends with a backslash-newline */
    int spliced;           /* it ends with a backslash-newline */
};

/* The next line into li: 1, or 0 at the end. sc starts as {.s = text, .len = length}. */
int fe_next_line(struct fe_line_scan *sc, struct fe_src_line *li);

/* loop_pragmas.c: `#pragma ii N` and `#pragma ivdep` out of the source, into res (see there). */
int fe_loop_pragmas(const struct fe_request *req, char **text, size_t *len, struct fe_result *res,
                    struct oclhls_strbuf *log);

/* source_name.c: the name clang and our messages call the source ("kernel.cl"); malloc'ed. */
char *fe_source_file_name(const char *source_name);

/* tempdir.c: $TMPDIR/oclhls-fe-XXXXXX (mode 0700), malloc'ed; NULL with errno set. */
char *fe_tempdir_create(void);

/* clang_driver.c: source → bitcode → module in ctx. */
/* Calls of the work-group functions' scratch stand-ins become hidden __local arrays. */
void fe_work_group_scratch(LLVMModuleRef mod);

/* channels_line: fe_channels_prepare's answer (the channel macros are added when not 0). */
int fe_run_clang(const struct fe_request *req, unsigned channels_line, LLVMContextRef ctx,
                 LLVMModuleRef *mod, struct oclhls_strbuf *log);

/* objects.c: req->objects parsed, checked (a symbol defined twice; with executable, one
   defined nowhere) and linked into *mod in ctx. */
int fe_link_units(const struct fe_request *req, LLVMContextRef ctx, int executable,
                  LLVMModuleRef *mod, struct oclhls_strbuf *log);
/* The linked units' #pragma ii / ivdep into res->loop_hints, each with its unit. */
int fe_read_unit_hints(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log);

/* library_link.c: the builtin library's definitions that mod calls, linked into it. */
int fe_link_library(LLVMModuleRef mod, struct oclhls_strbuf *log);

/* recursion.c */
int fe_check_recursion(LLVMModuleRef mod, struct oclhls_strbuf *log);

/* inline_prep.c */
void fe_prepare_inlining(LLVMModuleRef mod);
void fe_finish_inlining(LLVMModuleRef mod);

/* passes.c */
extern const char fe_pass_pipeline[];
int fe_run_passes(LLVMModuleRef mod, struct oclhls_strbuf *log);

/* private_arrays.c: small private arrays and constant tables into scalars; -1 out of memory. */
int fe_private_arrays(LLVMModuleRef mod);

/* strength_reduce.c: loop counter times a kernel argument becomes a running sum. */
void fe_strength_reduce(LLVMModuleRef mod);

/* split_accesses.c: accesses wider than their alignment become aligned pieces, and block
   copies and fills of __local memory element accesses. 0, or -1 when out of memory. */
int fe_split_accesses(LLVMModuleRef mod);
/* What ptr points into (a variable, alloca or argument) under its getelementptrs and casts;
   *constant: every index on the way was a constant. NULL past 16 of them. */
LLVMValueRef fe_pointer_base(LLVMValueRef ptr, int *constant);
/* Splits a load or store wider than its alignment or than max_piece bytes into aligned
   pieces; 1 when it did. */
int fe_split_access(LLVMBuilderRef b, LLVMTargetDataRef td, LLVMValueRef inst,
                    unsigned max_piece);
/* local_puns.c: a __local memory read or written with several element sizes (a uint array
   read as uchar) is accessed in its smallest, so its block RAM has one element size. */
int fe_split_punned_locals(LLVMModuleRef mod);

/* live_across_loops.c: fewer values carried through loops (see there); -1 out of memory. */
int fe_live_across_loops(LLVMModuleRef mod);

/* call_check.c */
int fe_check_calls(LLVMModuleRef mod, struct oclhls_strbuf *log);
int fe_is_work_item_function(const char *name);
/* barrier, work_group_barrier and the mem_fence family (call_check.c). */
int fe_is_sync_function(const char *name);
/* The optional feature (images, device-side enqueue, sub-groups ...) function `name` belongs
   to when the device does not claim it, with the query that says so; else NULL. */
const char *fe_unclaimed_feature(const char *name, const char **query);

/* After clang's "unknown attribute" warnings on Intel FPGA SDK attributes: notes on what
   oclhls does in their place (intel_attributes.c). */
void fe_explain_intel_attributes(const char *clang_out, struct oclhls_strbuf *log);

/* kernel_metadata.c */
int fe_is_kernel(LLVMValueRef fn);
int fe_read_kernels(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log);
int fe_refresh_kernels(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log);
void fe_kernel_free(struct fe_kernel *k);

/* single_work_item.c: single_work_item for kernels that use no work-item ID (after the passes). */
void fe_mark_single_work_items(struct fe_result *res);

/* address_spaces.c: accesses through generic pointers moved onto the named pointers they
   were cast from (after inlining). 0, or -1 when out of memory. */
int fe_infer_address_spaces(LLVMModuleRef mod);

/* address_space_queries.c: to_global, to_local, to_private and get_fence answered from where
   each generic pointer came from (after inlining, before fe_infer_address_spaces). 0, or -1
   when out of memory. */
int fe_address_space_queries(LLVMModuleRef mod);

/* depfile.c: clang's dependencies (-MMD) of the copy of the source, copy_name, as a make rule
   target: source_path and the headers (skip left out), each header with an empty rule. */
int fe_write_depfile(const char *clang_deps, const char *copy_name, const char *source_path,
                     const char *skip, const char *target, const char *out_path,
                     struct oclhls_strbuf *log);

/* device_header.c: the header each kernel gets after clang's (its features, Intel's names). */
void fe_device_header(struct oclhls_strbuf *out, int embedded_profile);

/* simd_lanes.c: a num_simd_work_items kernel's body for its N lanes (wide accesses where the
   lanes' elements are consecutive); an error when it cannot have lanes. */
int fe_simd_lanes(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log);
/* simd_linear_ids.c: get_global_linear_id/get_local_linear_id in fn as sums of ids and sizes,
   before the lanes rewrite those of x. 0. */
int fe_simd_linear_ids(LLVMModuleRef mod, LLVMValueRef fn);
/* simd_uniform.c: the terminators of fn's conditional branches that go the same way for every
   work-item of a work-group (malloc'ed, *n of them; NULL when out of memory). */
LLVMValueRef *fe_simd_uniform_branches(LLVMValueRef fn, unsigned *n);

/* unroll_wide.c: in single work-item kernels, the consecutive copies of an access that an
   unrolled loop made as one wide access (tagged as simd_lanes.c's); -1 out of memory. */
int fe_widen_unrolled(LLVMModuleRef mod, struct fe_result *res);

/* throughput_attributes.c: Intel's num_simd_work_items and num_compute_units, checked. */
int fe_apply_simd_attribute(LLVMValueRef entry, struct fe_result *res, struct oclhls_strbuf *log);
int fe_apply_compute_units_attribute(LLVMValueRef entry, struct fe_result *res,
                                     struct oclhls_strbuf *log);
int fe_check_throughput_attributes(const struct fe_kernel *k, struct oclhls_strbuf *log);

/* annotations.c: max_work_group_size(N), max_global_work_dim(N) via annotate(), see there. */
extern const char *const fe_attribute_macros[];
int fe_read_annotations(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log);
/* annotation_entries.c: an entry of @llvm.global.annotations: is it name; its arguments (a
   constant struct). */
int fe_annotation_is(LLVMValueRef entry, const char *name);
unsigned fe_annotation_args(LLVMValueRef entry, LLVMValueRef *args);
/* The kernel annotation `entry` (attribute attr) is on, with its file and line; NULL and a
   warning in log when it is on another function. */
struct fe_kernel *fe_annotated_kernel(LLVMValueRef entry, const char *attr, struct fe_result *res,
                                      struct oclhls_strbuf *log, const char **file, unsigned *line);
#define FE_ANNOT_AUTORUN "oclhls.autorun"

/* stream_calls.c: what pipes.c and channels.c share (packets as chunks, issue 8 contract). */
#define FE_MAX_PACKET_BYTES 64
unsigned fe_packet_chunks(unsigned bytes);
LLVMTypeRef fe_chunk_type(LLVMContextRef ctx, unsigned bytes, unsigned k);
/* __oclhls_pipe_*, __oclhls_chan_*, __oclhls_chunk*: calls HLS lowers (call_check.c). */
int fe_is_stream_function(const char *name);
/* A builder before inst, with inst's debug location; the caller disposes of it. */
LLVMBuilderRef fe_builder_at(LLVMValueRef inst);
/* Declaration of name (spir_func; pure: no memory access), made when missing. */
LLVMValueRef fe_stream_function(LLVMModuleRef mod, const char *name, LLVMTypeRef ret,
                                LLVMTypeRef *params, unsigned n, int pure);
LLVMValueRef fe_stream_call(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef *args, unsigned n);
/* The packet at ptr (bytes, alignment) as chunk values. */
void fe_load_chunks(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef ptr, unsigned bytes,
                    unsigned align, LLVMValueRef *chunks);
/* __oclhls_chunk(status, k) stored to ptr; when valid (i1) is given, only where it is true. */
void fe_store_chunks(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef ptr, unsigned bytes,
                     unsigned align, LLVMValueRef status, LLVMValueRef valid);
/* A read's status for the program's tests (the chunks keep the original); and, after the
 * pipeline, the copies replaced by their originals. */
LLVMValueRef fe_status_copy(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef status);
void fe_drop_status_copies(LLVMModuleRef mod);
int fe_const_operand(LLVMValueRef call, unsigned i, unsigned *out);
/* "file:line: error: <fmt>\n" at call's line, once per message. */
void fe_call_error(LLVMValueRef call, struct oclhls_strbuf *log, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The calls of fn, malloc'ed into *calls (NULL when none). */
unsigned fe_collect_calls(LLVMValueRef fn, LLVMValueRef **calls);

/* pipes.c: pipe builtins into __oclhls_pipe_* calls (before the library link); reservation
 * ids into i64s (after the pass pipeline). */
int fe_rewrite_pipes(LLVMModuleRef mod, struct oclhls_strbuf *log);
int fe_resolve_reserve_ids(LLVMModuleRef mod, struct oclhls_strbuf *log);

/* channels.c: Intel channels. fe_channels_prepare: the line of the first mention of the
 * extension in the source (0: none) and its #pragma blanked; the macros clang then gets; the
 * channel table and raw calls (before the pipeline); channel ids (after it). */
unsigned fe_channels_prepare(char *text, size_t len);
extern const char *const fe_channel_macros[];
int fe_rewrite_channels(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log);
int fe_resolve_channels(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log);

/* printf.c: printf calls into records of a buffer (before the library link); the calls HLS
 * lowers into the buffer's hidden arguments; the call-site table freed. */
/* unroll_limit.c: `#pragma unroll N` above FE_MAX_UNROLL is an error at the loop's line
   (before the pipeline, which would take minutes to make the copies). */
#define FE_MAX_UNROLL 4096
int fe_check_unroll(LLVMModuleRef mod, struct oclhls_strbuf *log);

/* images.c: the image and sampler functions HLS answers (call_check.c); does the module read
 * an image or a sampler; samplers declared in the source folded to their bits, images and
 * samplers checked to be kernel arguments (after inlining and sroa, before the pipeline). */
int fe_is_image_function(const char *name);
int fe_images_used(LLVMModuleRef mod);
int fe_resolve_images(LLVMModuleRef mod, struct oclhls_strbuf *log);

/* passes.c: one LLVM pass pipeline (text form) on the module; 0, -1 logged. */
int fe_run_pipeline(LLVMModuleRef mod, const char *pipeline, struct oclhls_strbuf *log);
int fe_rewrite_printf(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log);
int fe_is_printf_function(const char *name);
void fe_printf_free(struct fe_result *res);

/* debug_loc.c */
unsigned fe_function_line(LLVMValueRef fn, const char **file);
/* "file:line: " or "" into log, for error messages. */
void fe_log_location(struct oclhls_strbuf *log, const char *file, unsigned line);
/* "get_global_id" for "_Z13get_global_idj"; the name itself otherwise. Into buf of size n. */
const char *fe_demangle(const char *name, char *buf, size_t n);

#endif
