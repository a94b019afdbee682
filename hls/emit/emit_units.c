// SPDX-License-Identifier: MIT
/*
 * num_compute_units(N) (or (X, Y, Z)): N copies of a kernel's module in the system top, each
 * with its own dispatcher, LSUs and __local memories, each a master of the memory arbiter
 * (round-robin: fair between them). The host sees one kernel: a CSR window of the system's
 * own (ocl_kernel_csr) answers its reads (STATUS and CYCLES over all the copies) while every
 * copy takes the same writes into its own registers (the arguments, the launch sizes), and
 * an ocl_cu_groups hands the work-groups out, one per cycle, to whichever copy's dispatcher
 * is idle. A copy runs each group it takes entirely (its dispatcher launched over that one
 * group), so barriers and __local memory stay within a copy. get_compute_id is the copy's
 * cu_id input, a constant at each instance, so synthesis specialises every copy. The copies'
 * global atomic units take turns (an ocl_cu_mutex): ocl_atomic is atomic only among its own
 * requests.
 */
#include <stdio.h>
#include <string.h>

#include "emit_util.h"
#include "target.h"

int emit_unit_copies(const struct hir_kernel *k)
{
    return k->compute_units > 1 ? (int)k->compute_units : 1;
}

/* A global atomic site (its own ocl_atomic, or a site of a shared one). */
static int is_global_atomic(const struct hir_op *op)
{
    return op->live && op->atomic && op->lsu != HIR_NONE && op->parray == HIR_NONE;
}

/* The copies' global atomic units take turns (ocl_cu_mutex). */
static int unit_atomics(const struct hir_kernel *k)
{
    if (k->compute_units <= 1)
        return 0;
    for (int i = 0; i < k->nops; i++)
        if (is_global_atomic(&k->ops[i]))
            return 1;
    return 0;
}

const char *emit_unit_atomic_accept(const struct hir_kernel *k)
{
    return unit_atomics(k) ? "can_accept_unit" : "can_accept";
}

const char *emit_unit_atomic_clear(const struct hir_kernel *k)
{
    return unit_atomics(k) ? "csr_start | cu_atom_take" : "csr_start";
}

/* printf's counter with compute units: each copy's ocl_printf_counter, cleared only at the
   start; a copy taking the lock loads the count the copies reached (the system's largest of
   their `now`: only the holder counts, and a count only grows). */
static int unit_printf(const struct hir_kernel *k)
{
    if (k->compute_units <= 1)
        return 0;
    for (int i = 0; i < k->nops; i++)
        if (k->ops[i].live && hir_is_printf_counter(k, &k->ops[i]))
            return 1;
    return 0;
}

void emit_unit_printf_counter(struct nl_module *m, struct nl_instance *u,
                              const struct hir_kernel *k)
{
    int cu = unit_printf(k);
    nl_connect(m, u, "clear", "csr_start");
    nl_connect(m, u, "load", cu ? "cu_atom_take" : "1'b0");
    nl_connect(m, u, "load_count", cu ? "cu_printf_base" : "32'd0");
    if (cu)
        nl_connect(m, u, "now", "cu_printf_now");
    else
        nl_connect_open(m, u, "now");
}

void emit_unit_atomic_gate(struct nl_module *m, const struct hir_kernel *k, int j)
{
    if (!unit_atomics(k))
        return;
    char rhs[64];
    nl_comment(m, "compute units: its requests only while this copy holds the lock");
    nl_net(m, "wire", 0, "lsu%d_can_accept_unit", j);
    snprintf(rhs, sizeof(rhs), "lsu%d_can_accept_unit & cu_atom_lock", j);
    nl_assign_to(m, rhs, "lsu%d_can_accept", j);
}

void emit_unit_atomic_busy(struct nl_module *m, const struct hir_kernel *k)
{
    if (!unit_atomics(k))
        return;
    struct oclhls_strbuf e = {0};
    nl_comment(m, "compute units: the lock stays while an atomic unit works or fires");
    oclhls_strbuf_puts(&e, "1'b0");
    for (int i = 0; i < k->nops; i++)
        if (is_global_atomic(&k->ops[i]))
            oclhls_strbuf_printf(&e, " | !lsu%d_idle | lsu%d_fire", k->ops[i].lsu, k->ops[i].lsu);
    nl_assign(m, "cu_atom_busy", "%s", emit_text(m, &e));
    oclhls_strbuf_release(&e);
}

void emit_unit_ports(struct nl_module *m, const struct hir_kernel *k)
{
    if (k->compute_units <= 1)
        return;
    nl_port(m, "input", 1, "[95:0]", "cu_id");
    nl_port(m, "output", 1, "", "cu_req");
    nl_port(m, "input", 1, "", "cu_grant");
    nl_port(m, "input", 1, "", "cu_more");
    nl_port(m, "input", 1, "", "cu_all_busy");
    nl_port(m, "input", 1, "[95:0]", "cu_group_id");
    nl_port(m, "input", 1, "[95:0]", "cu_group_offset");
    nl_port(m, "input", 1, "[95:0]", "cu_group_last");
    nl_port(m, "input", 1, "[31:0]", "cu_group_items_m1");
    if (!unit_atomics(k))
        return;
    nl_port(m, "input", 1, "", "cu_atom_lock");
    nl_port(m, "input", 1, "", "cu_atom_take");
    nl_port(m, "output", 1, "", "cu_atom_busy");
    if (!unit_printf(k))
        return;
    nl_port(m, "output", 1, "[31:0]", "cu_printf_now");
    nl_port(m, "input", 1, "[31:0]", "cu_printf_base");
}

void emit_unit_control(struct nl_module *m, const struct hir_kernel *k)
{
    if (k->compute_units <= 1)
        return;
    nl_comment(m, "Compute unit cu_id: it asks the system's ocl_cu_groups for a work-group\n"
                  "whenever its dispatcher is idle and runs the group it is granted.");
    nl_declare(m, &(struct nl_decl){"reg ", "[95:0]", 0, NULL, NULL}, "cu_group_r");
    nl_lint(m, 0, "UNUSED", NULL);
    nl_declare(m, &(struct nl_decl){"wire", "[95:0]", 0, NULL, "  /* 0: one group's range */"},
               "cu_disp_group_id");
    nl_declare(m, &(struct nl_decl){"wire", "[95:0]", 0, "cu_id", " /* the ids the kernel reads */"},
               "cu_id_read");
    nl_lint(m, 1, "UNUSED", NULL);
    nl_always_form(m, NL_ALWAYS_LINE, "clk", "if (cu_grant) cu_group_r <= cu_group_id;");
    nl_assign(m, "disp_group_id", "cu_group_r");
    nl_assign(m, "cu_req", "running & !disp_busy");
}

const char *emit_unit_dispatch(const struct hir_kernel *k, const char *port)
{
    static const struct {
        const char *port, *one, *unit;
    } map[] = {
        {"start", "csr_start", "cu_grant"},
        {"work_items_m1", "csr_work_items_m1", "cu_group_items_m1"},
        {"global_offset", "csr_global_offset", "cu_group_offset"},
        {"last_global_id", "csr_last_global_id", "cu_group_last"},
        {"group_id", "disp_group_id", "cu_disp_group_id"},
        {"done", "", " && !cu_more"},
        /* a copy's registers take a start only while every copy is idle, as the system's */
        {"busy", "running", "running | cu_all_busy"},
    };
    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (!strcmp(map[i].port, port))
            return k->compute_units > 1 ? map[i].unit : map[i].one;
    return "";
}

/* The system's wires of kernel i's n copies (the launch values the copies share). */
static void emit_unit_wires(struct nl_module *m, const struct hir_kernel *k, int i, int n)
{
    char range[32];
    struct nl_decl d = {"wire", "", 6, NULL, NULL};
    nl_net(m, "wire", (unsigned)n, "k%d_cu_busy, k%d_cu_req, k%d_cu_grant", i, i, i);
    nl_declare(m, &d, "k%d_start, k%d_more", i, i);
    d.range = "[95:0]";
    nl_declare(m, &d, "k%d_local_size, k%d_offset, k%d_last", i, i, i);
    nl_declare(m, &d, "k%d_group_id, k%d_group_offset, k%d_group_last", i, i, i);
    d.range = "[31:0]";
    nl_declare(m, &d, "k%d_group_items_m1", i);
    nl_lint(m, 0, "UNUSED", NULL);
    snprintf(range, sizeof(range), "[%d*32-1:0]", n);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, "  /* the copies are not read */"},
               "k%d_cu_rdata", i);
    nl_declare(m, &d, "k%d_work_dim, k%d_work_items_m1", i, i);
    d.range = "[95:0]";
    nl_declare(m, &d, "k%d_global_size, k%d_num_groups", i, i);
    snprintf(range, sizeof(range), "[%u:0]", k->arg_words * 32 - 1);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, NULL}, "k%d_args", i);
    nl_lint(m, 1, "UNUSED", NULL);
}

/* --profile: the copies answer reads of the profile words (emit_system.c), each 0 but in the
   cycle after such a read, so the kernel's answer is the system's registers' ORed with the
   copies' sum: each counter summed over the copies (busy cycles are copy-cycles). */
static void emit_unit_profile(struct nl_module *m, const struct hir_kernel *k, int i, int n)
{
    if (!k->profile || !hls_profile_words(k))
        return;
    struct oclhls_strbuf e = {0};
    char lhs[32];
    nl_comment(m, "its profile counters: the copies' summed");
    oclhls_strbuf_printf(&e, "k%d_csr_rdata | (", i);
    for (int c = 0; c < n; c++)
        oclhls_strbuf_printf(&e, "%sk%d_cu_rdata[%d*32 +: 32]", c ? " + " : "", i, c);
    oclhls_strbuf_puts(&e, ")");
    nl_net(m, "wire", 32, "k%d_csr_rdata", i);
    snprintf(lhs, sizeof(lhs), "k_rdata[%d*32 +: 32]", i);
    nl_assign(m, lhs, "%s", emit_text(m, &e));
    oclhls_strbuf_release(&e);
    nl_blank(m);
}

/* The host's side of kernel i: its window's registers, the group distributor, the wires. */
void emit_units_front(struct nl_module *m, const struct hir_kernel *k, int i,
                      const struct oclhls_board *board)
{
    struct hls_target t = hls_target_of(board);
    int n = emit_unit_copies(k);
    nl_comment(m, "kernel %d: %s, CSR window 0x%04x, %d compute units (num_compute_units)", i,
               k->name, HIR_KCSR_WINDOW * (unsigned)(i + 1), n);
    char lhs[32], name[32];
    snprintf(lhs, sizeof(lhs), "k_sel[%d]", i);
    nl_assign(m, lhs, "csr_addr[15:11] == 5'd%d", i + 1);
    emit_unit_wires(m, k, i, n);
    snprintf(lhs, sizeof(lhs), "k_busy[%d]", i);
    nl_assign(m, lhs, "|k%d_cu_busy", i);
    snprintf(name, sizeof(name), "u_k%d_csr", i);
    struct nl_instance *u = nl_instance(m, "ocl_kernel_csr", name);
    nl_param(m, u, "NUM_ARG_WORDS", k->arg_words);
    nl_param(m, u, "READBACK", !t.compact_launch);
    nl_param(m, u, "CYCLE_BITS", t.cycle_counter_bits);
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    nl_connect(m, u, "csr_wr", "csr_wr & k_sel[%d]", i);
    nl_connect(m, u, "csr_rd", "csr_rd & k_sel[%d]", i);
    nl_connect_break(m, u, "csr_addr", "csr_addr[10:0]");
    nl_connect(m, u, "csr_wdata", "csr_wdata");
    if (k->profile && hls_profile_words(k))
        nl_connect_break(m, u, "csr_rdata", "k%d_csr_rdata", i);
    else
        nl_connect_break(m, u, "csr_rdata", "k_rdata[%d*32 +: 32]", i);
    nl_connect(m, u, "start", "k%d_start", i);
    nl_connect_break(m, u, "work_dim", "k%d_work_dim", i);
    nl_connect(m, u, "global_offset", "k%d_offset", i);
    nl_connect_break(m, u, "global_size", "k%d_global_size", i);
    nl_connect(m, u, "local_size", "k%d_local_size", i);
    nl_connect_break(m, u, "num_groups", "k%d_num_groups", i);
    nl_connect(m, u, "last_global_id", "k%d_last", i);
    nl_connect_break(m, u, "work_items_m1", "k%d_work_items_m1", i);
    nl_connect(m, u, "args", "k%d_args", i);
    nl_connect(m, u, "busy", "k_busy[%d]", i);
    snprintf(name, sizeof(name), "u_k%d_groups", i);
    u = nl_instance(m, "ocl_cu_groups", name);
    nl_param(m, u, "N", n);
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    nl_connect(m, u, "start", "k%d_start", i);
    nl_connect(m, u, "local_size", "k%d_local_size", i);
    nl_connect_break(m, u, "global_offset", "k%d_offset", i);
    nl_connect(m, u, "last_global_id", "k%d_last", i);
    nl_connect(m, u, "req", "k%d_cu_req", i);
    nl_connect(m, u, "grant", "k%d_cu_grant", i);
    nl_connect_break(m, u, "group_id", "k%d_group_id", i);
    nl_connect(m, u, "group_offset", "k%d_group_offset", i);
    nl_connect_break(m, u, "group_last", "k%d_group_last", i);
    nl_connect(m, u, "group_items_m1", "k%d_group_items_m1", i);
    nl_connect(m, u, "busy", "k%d_more", i);
    nl_blank(m);
    emit_unit_profile(m, k, i, n);
    if (!unit_atomics(k))
        return;
    nl_comment(m, "its copies' global atomic units take turns");
    nl_net(m, "wire", (unsigned)n, "k%d_atom_hold, k%d_atom_take, k%d_atom_busy", i, i, i);
    snprintf(name, sizeof(name), "u_k%d_atom_lock", i);
    u = nl_instance(m, "ocl_cu_mutex", name);
    nl_param(m, u, "N", n);
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    nl_connect(m, u, "want", "k%d_cu_busy", i);
    nl_connect(m, u, "busy", "k%d_atom_busy", i);
    nl_connect(m, u, "hold", "k%d_atom_hold", i);
    nl_connect(m, u, "take", "k%d_atom_take", i);
    nl_blank(m);
    if (!unit_printf(k))
        return;
    char rhs[160];
    nl_comment(m, "printf's count: the largest of the copies' counters, for the next holder");
    nl_net(m, "wire", (unsigned)n * 32, "k%d_printf_now", i);
    snprintf(rhs, sizeof(rhs), "k%d_printf_now[31:0]", i);
    nl_wire_to(m, 32, rhs, "k%d_printf_max0", i);
    for (int c = 1; c < n; c++) {
        snprintf(rhs, sizeof(rhs),
                 "k%d_printf_now[%d*32 +: 32] > k%d_printf_max%d ? "
                 "k%d_printf_now[%d*32 +: 32] : k%d_printf_max%d",
                 i, c, i, c - 1, i, c, i, c - 1);
        nl_wire_to(m, 32, rhs, "k%d_printf_max%d", i, c);
    }
    nl_blank(m);
}

void emit_unit_connect(struct nl_module *m, struct nl_instance *u, const struct hir_kernel *k,
                       int i, int copy)
{
    unsigned x = k->cu_dims[0] ? k->cu_dims[0] : 1, y = k->cu_dims[1] ? k->cu_dims[1] : 1;
    unsigned c = (unsigned)copy;
    nl_connect_break(m, u, "cu_id", "{32'd%u, 32'd%u, 32'd%u}", c / (x * y), c / x % y, c % x);
    nl_connect(m, u, "cu_req", "k%d_cu_req[%d]", i, copy);
    nl_connect(m, u, "cu_grant", "k%d_cu_grant[%d]", i, copy);
    nl_connect(m, u, "cu_more", "k%d_more", i);
    nl_connect(m, u, "cu_all_busy", "k_busy[%d]", i);
    nl_connect_break(m, u, "cu_group_id", "k%d_group_id", i);
    nl_connect(m, u, "cu_group_offset", "k%d_group_offset", i);
    nl_connect_break(m, u, "cu_group_last", "k%d_group_last", i);
    nl_connect(m, u, "cu_group_items_m1", "k%d_group_items_m1", i);
    if (!unit_atomics(k))
        return;
    nl_connect(m, u, "cu_atom_lock", "k%d_atom_hold[%d]", i, copy);
    nl_connect(m, u, "cu_atom_take", "k%d_atom_take[%d]", i, copy);
    nl_connect(m, u, "cu_atom_busy", "k%d_atom_busy[%d]", i, copy);
    if (!unit_printf(k))
        return;
    nl_connect(m, u, "cu_printf_now", "k%d_printf_now[%d*32 +: 32]", i, copy);
    nl_connect(m, u, "cu_printf_base", "k%d_printf_max%d", i, emit_unit_copies(k) - 1);
}
