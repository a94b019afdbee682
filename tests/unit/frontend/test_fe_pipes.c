/* SPDX-License-Identifier: MIT */
/*
 * Pipes and Intel channels in the frontend (issue 8; frontend/pipes.c, channels.c):
 * - the pipe builtins become __oclhls_pipe_* calls with the packet as chunks (int, float4, a
 *   struct {int; float; short}, char), reservation ids become i64s, the work-group forms use
 *   the library; pipe arguments are described truthfully;
 * - channels become __oclhls_chan_* calls on ids, in a table with names, sizes and depths;
 *   channel variables are gone; autorun is read;
 * - the errors: packets over 64 bytes, sub-group pipe functions, channels indexed at run time,
 *   autorun kernels with arguments, channels in OpenCL C 1.2, all with file:line.
 */
#include "fe_test.h"

static const char pipes_src[] =
    "typedef struct { int a; float b; short c; } S;\n"
    "kernel void produce(write_only pipe int pi, write_only pipe float4 pf,\n"
    "                    write_only pipe S ps, write_only pipe char pc, global int *o)\n"
    "{\n"
    "    S s = {o[0], 1.5f, (short)o[1]};\n"
    "    o[2] = write_pipe(pi, &o[3]) + write_pipe(pf, &(float4){1, 2, 3, (float)o[4]});\n"
    "    o[5] = write_pipe(ps, &s);\n"
    "    char c = (char)o[6];\n"
    "    o[7] = write_pipe(pc, &c);\n"
    "    reserve_id_t r = reserve_write_pipe(pi, 2);\n"
    "    if (is_valid_reserve_id(r)) {\n"
    "        write_pipe(pi, r, 1, &o[8]);\n"
    "        commit_write_pipe(pi, r);\n"
    "    }\n"
    "    o[9] = get_pipe_num_packets(pi) + get_pipe_max_packets(pf);\n"
    "}\n"
    "kernel void consume(read_only pipe S ps, read_only pipe float4 pf, global float *o)\n"
    "{\n"
    "    S s = {0, 0, 0};\n"
    "    float4 v = 0;\n"
    "    int st = read_pipe(ps, &s) + read_pipe(pf, &v);\n"
    "    reserve_id_t r = work_group_reserve_read_pipe(pf, get_local_size(0));\n"
    "    if (is_valid_reserve_id(r))\n"
    "        read_pipe(pf, r, get_local_id(0), &v);\n"
    "    work_group_commit_read_pipe(pf, r);\n"
    "    o[get_global_id(0)] = s.a + s.b + s.c + v.x + v.w + st;\n"
    "    for (int i = 0; i < 8; i++) {\n"
    "        if (read_pipe(pf, &v))\n"
    "            break;\n"
    "        o[i] = v.y;\n"
    "    }\n"
    "}\n";

static const char big_src[] = "typedef struct { int x[17]; } Big;\n"
                              "kernel void k(read_only pipe Big p, global int *o)\n"
                              "{\n"
                              "    Big b;\n"
                              "    read_pipe(p, &b);\n"
                              "    o[0] = b.x[3];\n"
                              "}\n";

static const char sub_group_src[] = "kernel void k(read_only pipe int p, global int *o)\n"
                                    "{\n"
                                    "    reserve_id_t r = sub_group_reserve_read_pipe(p, 2);\n"
                                    "    read_pipe(p, r, 0, o);\n"
                                    "    sub_group_commit_read_pipe(p, r);\n"
                                    "}\n";

static const char channels_src[] =
    "#pragma OPENCL EXTENSION cl_intel_channels : enable\n"
    "typedef struct { int a; float b; short c; } S;\n"
    "channel int c0 __attribute__((depth(8)));\n"
    "channel S cs[2][3];\n"
    "channel float4 cf[4] __attribute__((depth(2)));\n"
    "__attribute__((max_global_work_dim(0))) __attribute__((autorun))\n"
    "kernel void a(void)\n"
    "{\n"
    "    int x = read_channel_intel(c0);\n"
    "    write_channel_intel(cf[1], (float4)(x));\n"
    "}\n"
    "__attribute__((max_global_work_dim(0)))\n"
    "kernel void k(global int *o)\n"
    "{\n"
    "    bool ok;\n"
    "    S s = read_channel_nb_intel(cs[1][2], &ok);\n"
    "    o[0] = s.a + ok;\n"
    "    o[1] = write_channel_nb_altera(c0, 3);\n"
    "    #pragma unroll\n"
    "    for (int i = 0; i < 4; i++)\n"
    "        write_channel_intel(cf[i], (float4)(i));\n"
    "}\n";

static const char channel_index_src[] = "#pragma OPENCL EXTENSION cl_intel_channels : enable\n"
                                        "channel int c[4];\n"
                                        "kernel void k(global int *o, int i)\n"
                                        "{\n"
                                        "    write_channel_intel(c[i], o[0]);\n"
                                        "}\n";

static const char autorun_args_src[] = "#pragma OPENCL EXTENSION cl_intel_channels : enable\n"
                                       "channel int c;\n"
                                       "__attribute__((max_global_work_dim(0)))\n"
                                       "__attribute__((autorun)) kernel void k(global int *o)\n"
                                       "{\n"
                                       "    write_channel_intel(c, o[0]);\n"
                                       "}\n";

/* The calls to functions whose name starts with prefix, in the whole module. */
static unsigned count_calls(LLVMModuleRef mod, const char *prefix)
{
    unsigned n = 0;

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn))
            n += fe_test_count(fn, LLVMCall, prefix);
    return n;
}

/* The operand count (without the callee) of the first call to exactly name; -1 if none. */
static int call_args(LLVMModuleRef mod, const char *name)
{
    LLVMValueRef fn = LLVMGetNamedFunction(mod, name);
    LLVMUseRef u = fn ? LLVMGetFirstUse(fn) : NULL;

    return u ? (int)LLVMGetNumArgOperands(LLVMGetUser(u)) : -1;
}

/*
 * Every __oclhls_chunk call takes its status straight from a read (the optimiser must not have
 * replaced it by the constant the program tested it against).
 */
static int chunks_tied_to_reads(LLVMModuleRef mod)
{
    unsigned n = 0, bad = 0;
    size_t len;

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
                 in = LLVMGetNextInstruction(in)) {
                LLVMValueRef s;

                if (!LLVMIsACallInst(in) ||
                    strncmp(LLVMGetValueName2(LLVMGetCalledValue(in), &len), "__oclhls_chunk", 14))
                    continue;
                n++;
                s = LLVMGetOperand(in, 0);
                if (!LLVMIsACallInst(s) || (strncmp(LLVMGetValueName2(LLVMGetCalledValue(s), &len),
                                                    "__oclhls_pipe_read", 18) &&
                                            strncmp(LLVMGetValueName2(LLVMGetCalledValue(s), &len),
                                                    "__oclhls_chan_read", 18)))
                    bad++;
            }
    printf("      %u chunk calls, %u not on a read's status\n", n, bad);
    return n && !bad;
}

/* Is the IR text free of needle? */
static int ir_lacks(LLVMModuleRef mod, const char *needle)
{
    char *s = LLVMPrintModuleToString(mod);
    int ok = !strstr(s, needle);

    if (!ok)
        printf("      IR still has '%s'\n", needle);
    LLVMDisposeMessage(s);
    return ok;
}

/* Channel ids of the calls to name, in order, into ids; returns how many. */
static unsigned channel_ids(LLVMModuleRef mod, const char *name, unsigned *ids, unsigned max)
{
    LLVMValueRef k = LLVMGetNamedFunction(mod, "k"), a = LLVMGetNamedFunction(mod, "a");
    LLVMValueRef fns[2] = {a, k};
    unsigned n = 0;
    size_t len;

    for (int f = 0; f < 2; f++)
        for (LLVMBasicBlockRef bb = fns[f] ? LLVMGetFirstBasicBlock(fns[f]) : NULL; bb;
             bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
                if (LLVMIsACallInst(in) &&
                    !strcmp(LLVMGetValueName2(LLVMGetCalledValue(in), &len), name) && n < max)
                    ids[n++] = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(in, 0));
    return n;
}

static void check_pipe_args(struct fe_result *res)
{
    struct fe_kernel *k = fe_test_kernel(res, "produce");
    struct fe_arg *a = k ? &k->args[1] : NULL;

    CHECK(a && !strcmp(a->type_name, "float4") && !strcmp(a->type_qualifiers, "pipe") &&
              a->access == FE_ACCESS_WRITE_ONLY && a->size == 4 && !a->is_pointer,
          "a write_only pipe float4 argument: type float4, qualifier pipe, 4 bytes");
    k = fe_test_kernel(res, "consume");
    a = k ? &k->args[0] : NULL;
    CHECK(a && !strcmp(a->type_name, "S") && a->access == FE_ACCESS_READ_ONLY && a->size == 4,
          "a read_only pipe S argument: type S, read_only, 4 bytes");
}

static void test_pipes(void)
{
    struct fe_result res;
    int rc = fe_test_compile(pipes_src, "pipes.cl", NULL, &res);
    LLVMModuleRef m = res.module;

    CHECK(rc == 0, "pipes of int, float4, a struct and char compile");
    if (rc)
        return;
    CHECK(ir_lacks(m, "__write_pipe") && ir_lacks(m, "__read_pipe") &&
              ir_lacks(m, "spirv.ReserveId") && ir_lacks(m, "__oclhls_rid") &&
              ir_lacks(m, "reserve_id") && ir_lacks(m, "_pipe_2") && ir_lacks(m, "<2 x"),
          "no clang pipe builtin, reservation id type or vector chunk is left");
    CHECK(call_args(m, "__oclhls_pipe_write.b4") == 3, "int: (pipe, 4, i32) (%d operands)",
          call_args(m, "__oclhls_pipe_write.b4"));
    CHECK(call_args(m, "__oclhls_pipe_write.b16") == 4, "float4: (pipe, 16, i64, i64)");
    CHECK(call_args(m, "__oclhls_pipe_write.b12") == 4, "struct: (pipe, 12, i64, i32)");
    CHECK(call_args(m, "__oclhls_pipe_write.b1") == 3, "char: (pipe, 1, i8)");
    CHECK(LLVMGetNamedFunction(m, "__oclhls_chunk.i32") &&
              LLVMGetNamedFunction(m, "__oclhls_chunk.i64"),
          "reads give their chunks through __oclhls_chunk");
    CHECK(call_args(m, "__oclhls_pipe_write_at.b4") == 5, "write_pipe with a reservation: "
                                                          "(pipe, rid, index, 4, i32)");
    CHECK(call_args(m, "__oclhls_pipe_read_at") == 4, "read_pipe with a reservation");
    CHECK(count_calls(m, "__oclhls_pipe_reserve.wo") == 1 &&
              count_calls(m, "__oclhls_pipe_commit.wo") == 1,
          "reserve_write_pipe and commit_write_pipe");
    CHECK(count_calls(m, "__oclhls_pipe_reserve.ro") == 1 &&
              count_calls(m, "__oclhls_pipe_commit.ro") == 1 && count_calls(m, "_Z7barrierj") >= 2,
          "the work-group reservation: one reserve, barriers, one commit");
    CHECK(count_calls(m, "__oclhls_pipe_num_packets.wo") == 1 &&
              count_calls(m, "__oclhls_pipe_max_packets.wo") == 1,
          "get_pipe_num_packets and get_pipe_max_packets");
    CHECK(count_calls(m, "__oclhls_pipe_read") == 4, "four reads in consume (%u)",
          count_calls(m, "__oclhls_pipe_read"));
    CHECK(chunks_tied_to_reads(m) && ir_lacks(m, "__oclhls_status"),
          "chunks take their read's status, also where the program tested it");
    check_pipe_args(&res);
    fe_result_free(&res);
}

static void test_pipe_errors(void)
{
    struct fe_result res;
    int rc = fe_test_compile(big_src, "big.cl", NULL, &res);

    CHECK(rc != 0 && fe_test_contains(res.log, "big.cl:5: error: pipe packets of 68 bytes: at "
                                               "most 64"),
          "a 68-byte packet: an error at its line");
    fe_result_free(&res);
    rc = fe_test_compile(sub_group_src, "sub.cl", NULL, &res);
    CHECK(rc != 0 && fe_test_contains(res.log, "sub.cl:3: error: sub-group pipe functions are "
                                               "not supported"),
          "sub-group pipe functions: an error at their line");
    fe_result_free(&res);
}

static void check_channel_table(struct fe_result *res)
{
    static const char *const names[] = {"c0",       "cs[0][0]", "cs[0][1]", "cs[0][2]",
                                        "cs[1][0]", "cs[1][1]", "cs[1][2]", "cf[0]",
                                        "cf[1]",    "cf[2]",    "cf[3]"};
    int names_ok = res->nchannels == 11;

    for (unsigned i = 0; names_ok && i < 11; i++)
        names_ok = !strcmp(res->channels[i].name, names[i]);
    CHECK(names_ok, "11 channels: c0, cs[0][0] .. cs[1][2], cf[0] .. cf[3] (%u)", res->nchannels);
    if (!names_ok)
        return;
    CHECK(res->channels[0].bytes == 4 && res->channels[0].depth == 8 && res->channels[0].line == 3,
          "c0: 4 bytes, depth 8, line 3");
    CHECK(res->channels[6].bytes == 12 && res->channels[6].depth == 0,
          "cs[1][2]: 12 bytes, no depth");
    CHECK(res->channels[10].bytes == 16 && res->channels[10].depth == 2,
          "cf[3]: 16 bytes, depth 2");
}

static void test_channels(void)
{
    struct fe_result res;
    int rc = fe_test_compile(channels_src, "chan.cl", NULL, &res);
    unsigned ids[8], n;
    struct fe_kernel *a, *k;

    CHECK(rc == 0 && !fe_test_contains(res.log, "warning"),
          "channels compile without warnings (the extension pragma too)");
    if (rc)
        return;
    check_channel_table(&res);
    CHECK(!LLVMGetNamedGlobal(res.module, "c0") && !LLVMGetNamedGlobal(res.module, "cs") &&
              !LLVMGetNamedGlobal(res.module, "cf") && ir_lacks(res.module, "__oclhls_chanp") &&
              ir_lacks(res.module, "_raw"),
          "the channel variables and the raw calls are gone");
    n = channel_ids(res.module, "__oclhls_chan_write.b16", ids, 8);
    CHECK(n == 5 && ids[0] == 8 && ids[1] == 7 && ids[2] == 8 && ids[3] == 9 && ids[4] == 10,
          "cf[1] in a, then the unrolled loop's cf[0..3]: ids 8, 7, 8, 9, 10");
    n = channel_ids(res.module, "__oclhls_chan_read", ids, 8);
    CHECK(n == 1 && ids[0] == 0, "read_channel_intel(c0): id 0");
    n = channel_ids(res.module, "__oclhls_chan_read_nb", ids, 8);
    CHECK(n == 1 && ids[0] == 6 && call_args(res.module, "__oclhls_chan_read_nb") == 2,
          "read_channel_nb_intel(cs[1][2]): (6, 12)");
    n = channel_ids(res.module, "__oclhls_chan_write_nb.b4", ids, 8);
    CHECK(n == 1 && ids[0] == 0, "write_channel_nb_altera(c0, 3): id 0");
    CHECK(chunks_tied_to_reads(res.module), "channel reads' chunks take the read's status");
    a = fe_test_kernel(&res, "a");
    k = fe_test_kernel(&res, "k");
    CHECK(a && a->autorun && k && !k->autorun, "autorun: kernel a only");
    fe_result_free(&res);
}

static void test_channel_errors(void)
{
    struct fe_result res;
    int rc = fe_test_compile(channel_index_src, "index.cl", NULL, &res);

    CHECK(rc != 0 && fe_test_contains(res.log, "index.cl:5: error: channels must be indexed by "
                                               "constants"),
          "a channel indexed at run time: an error at its line");
    fe_result_free(&res);
    rc = fe_test_compile(autorun_args_src, "autorun.cl", NULL, &res);
    CHECK(rc != 0 && fe_test_contains(res.log, "autorun.cl:4: error: autorun kernel 'k' has "
                                               "arguments"),
          "an autorun kernel with arguments: an error at its line");
    fe_result_free(&res);
    rc = fe_test_compile(channel_index_src, "old.cl", "-cl-std=CL1.2", &res);
    CHECK(rc != 0 && fe_test_contains(res.log, "old.cl:1: error: Intel FPGA channels need "
                                               "OpenCL C 2.0 or later"),
          "channels with -cl-std=CL1.2: a clear error");
    fe_result_free(&res);
}

int main(void)
{
    test_pipes();
    test_pipe_errors();
    test_channels();
    test_channel_errors();
    return fe_test_finish("test_fe_pipes");
}
