/* SPDX-License-Identifier: MIT */
/*
 * Synthesis for the iCE40 flow (ice40_internal.h): yosys synth_ice40 on the design with the
 * PLL set, in one of two recipes, and the fit check on what it made.
 *
 *   quick: synth_ice40 [-dsp]; what the flow runs first.
 *   dense: synth_ice40 [-dsp] -abc9 -device <u|lp|hx> -dff -dffe_min_ce_use 4. ABC9 maps the
 *          logic with the device family's delays; with -dff it sees the flip-flops too and
 *          merges those that always hold the same value; a clock enable used by fewer than
 *          4 flip-flops becomes logic, since the 8 cells of a logic block share one enable.
 *          4-7 % fewer logic cells at about the same Fmax (docs/performance.md, "Synthesis
 *          recipes").
 *
 * Both recipes run the same passes up to synth_ice40's map_ffs step (reading, flattening,
 * the coarse optimisations, block RAMs, carries: about two thirds of the quick synthesis);
 * only the cell library they read first differs, in its timing (specify) blocks, which
 * abc9 uses. So the quick synthesis writes the design as it stands there (coarse.il, a
 * few MB), and the dense one starts from it with the library read again for its device:
 * half the time of a dense synthesis from the Verilog. The quick netlist is the one a
 * single synth_ice40 gives, byte for byte; the dense one differs from it only where yosys'
 * order of cells and wires differs after reading the design back (histogram: 4812 packed
 * logic cells against 4805).
 *
 * The dense recipe runs when the quick one's netlist, packed into logic cells by nextpnr
 * (--pack-only, under a second), fills more than ICE40_DENSE_ABOVE_PERCENT of the device:
 * there the cells decide whether placement succeeds and how long routing takes. It does not
 * run when the cells exceed the device by more than it could save: the build stops there
 * with the no-fit report (ice40_fit.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "argv.h"
#include "board.h"
#include "clock.h"
#include "ice40_fit.h"
#include "ice40_internal.h"

/* abc9's timing model for the device family (yosys' -device): u (UltraPlus), lp or hx. */
static const char *abc9_device(const char *fpga)
{
    if (!strncmp(fpga, "up", 2))
        return "u";
    return !strncmp(fpga, "lp", 2) ? "lp" : "hx";
}

/* yosys -D define of the cell library's timing for the device family (synth_ice40's own). */
static const char *cells_define(const char *fpga)
{
    if (!strncmp(fpga, "up", 2))
        return "ICE40_U";
    return !strncmp(fpga, "lp", 2) ? "ICE40_LP" : "ICE40_HX";
}

/* yosys: synth_ice40 in the recipe, then `outputs`. The quick recipe reads the design and
 * sets the PLL, runs synth_ice40 up to map_ffs, writes coarse.il and goes on; the dense one
 * reads coarse.il, swaps the cell library (every box) for its device's and runs the rest. */
static int synth(struct ice40_flow *f, int dense, const char *outputs)
{
    const struct oclhls_board *b = f->board;
    const char *dsp = b->resources.dsp ? "-dsp " : "";
    struct oclhls_argv a = {0};
    double t0 = oclhls_now_s();
    int ret;

    oclhls_argv_addv(&a, (const char *const[]){f->yosys, "-q", "-l", "yosys.log", "-p", NULL});
    if (dense)
        oclhls_argv_addf(&a,
                         "read_rtlil coarse.il; delete =A:blackbox =A:whitebox; read_verilog "
                         "-D %s -lib -specify +/ice40/cells_sim.v; synth_ice40 %s-abc9 -device "
                         "%s %s-dffe_min_ce_use 4 -top %s -run map_ffs:; write_json top.json; "
                         "%s",
                         cells_define(b->fpga), dsp, abc9_device(b->fpga), f->dense_dff,
                         b->shell_top, outputs);
    else
        oclhls_argv_addf(&a,
                         "read_verilog design.v; chparam -set PLL_DIVR %u -set PLL_DIVF %u -set "
                         "PLL_DIVQ %u -set PLL_FILTER_RANGE %u %s; synth_ice40 %s-top %s -run "
                         ":map_ffs; write_rtlil coarse.il; synth_ice40 %s-top %s -run map_ffs:; "
                         "write_json top.json; %s",
                         f->pll.divr, f->pll.divf, f->pll.divq, f->pll.filter_range,
                         b->shell_top, dsp, b->shell_top, dsp, b->shell_top, outputs);
    ret = ice40_run_stage(f, &a, "synthesis (yosys)");
    oclhls_argv_release(&a);
    if (ret == 0)
        fprintf(stderr, "synth%s: %.1f s\n", dense ? " (dense)" : "", oclhls_now_s() - t0);
    return ret;
}

/* The synthesised cells (top.json) into f->net. */
static int read_netlist(struct ice40_flow *f)
{
    char *json, err[160];
    size_t size;
    int ret;

    if (!(json = ice40_read_in_tmp(f, "top.json", &size)))
        return -1;
    ret = ice40_netlist_read(json, f->board->shell_top, &f->net, err, sizeof(err));
    free(json);
    if (ret)
        oclhls_strbuf_printf(&f->log, "%s\n", err);
    return ret;
}

/* 1 when the block RAMs, SPRAMs and DSPs are within the device's (no recipe changes them). */
static int memories_and_dsps_fit(const struct ice40_flow *f)
{
    const struct oclhls_board_resources *r = &f->board->resources;

    return f->net.ebr <= r->ebr && f->net.spram <= r->spram && f->net.dsp <= r->dsp;
}

/* nextpnr's logic cells after packing top.json; 0 when it could not pack it. */
static unsigned packed_lcs(struct ice40_flow *f)
{
    struct oclhls_argv a = {0};
    unsigned lcs = 0;
    char *log;
    size_t size;

    ice40_nextpnr_argv(f, &a);
    oclhls_argv_addv(&a, (const char *const[]){"--pack-only", "-q", "-l", "pack.log", NULL});
    if (ice40_run_stage(f, &a, "packing (nextpnr-ice40 --pack-only)") == 0 &&
        (log = ice40_read_in_tmp(f, "pack.log", &size))) {
        lcs = ice40_report_packed_lcs(log);
        free(log);
    }
    oclhls_argv_release(&a);
    return lcs;
}

int ice40_synthesise(struct ice40_flow *f, const char *outputs)
{
    const unsigned device_lcs = f->board->resources.lc;
    enum ice40_fit_step step;
    unsigned lcs = 0;

    if (synth(f, 0, outputs) || read_netlist(f))
        return -1;
    step = ice40_fit_after_synth(ice40_netlist_min_lcs(&f->net), device_lcs);
    if (!memories_and_dsps_fit(f) || step == ICE40_FIT_NO_FIT) {
        ice40_explain_no_fit(f, "after synthesis", 0);
        return -1;
    }
    if (step == ICE40_FIT_PACK) {
        lcs = packed_lcs(f);
        step = ice40_fit_after_packing(lcs, device_lcs);
    }
    if (step == ICE40_FIT_KEEP)
        return 0;
    if (step == ICE40_FIT_NO_FIT) {
        ice40_explain_no_fit(f, "after packing, more than the dense synthesis recipe saves",
                             lcs);
        return -1;
    }
    oclhls_strbuf_release(&f->log); /* a failed packing is no error: the dense recipe follows */
    if (lcs)
        fprintf(stderr,
                "synth: %u of %u logic cells after packing (over %u %%): synthesising "
                "again for density\n",
                lcs, device_lcs, ICE40_DENSE_ABOVE_PERCENT);
    else
        fprintf(stderr,
                "synth: over the device's %u logic cells: synthesising again for "
                "density\n",
                device_lcs);
    if (synth(f, 1, outputs) || read_netlist(f))
        return -1;
    if (ice40_netlist_min_lcs(&f->net) > device_lcs) {
        ice40_explain_no_fit(f, "after synthesis", 0);
        return -1;
    }
    return 0;
}
