/* SPDX-License-Identifier: MIT */
/*
 * When the iCE40 flow synthesises again for density, and when it stops with a no-fit
 * report instead (ice40_synth.c): decisions on cell counts only, so that they can be tested
 * without the tools.
 */
#ifndef OCLHLS_ICE40_FIT_H
#define OCLHLS_ICE40_FIT_H

/* The dense recipe runs above this share of the device's logic cells after packing. */
#define ICE40_DENSE_ABOVE_PERCENT 75u
/* The most the dense recipe is taken to save: measured 3-5 % of the packed cells
 * (docs/performance.md, "Synthesis recipes"); twice that, and a little more. */
#define ICE40_DENSE_SAVES_AT_MOST_PERCENT 10u

enum ice40_fit_step {
    ICE40_FIT_KEEP,   /* the quick netlist stays */
    ICE40_FIT_PACK,   /* pack the quick netlist (nextpnr --pack-only) to decide */
    ICE40_FIT_DENSE,  /* synthesise again with the dense recipe */
    ICE40_FIT_NO_FIT, /* more than the dense recipe could save: stop with the report */
};

/* Before synthesis, the units' estimated logic cells (the build report's cost model, which
 * leaves out the glue between them) above this share of the device's: no synthesis. The
 * examples that fit estimate at 30-40 % of what they pack into; twice the device leaves room
 * for a model that overestimates a unit by half. */
#define ICE40_ESTIMATE_REFUSE_ABOVE_PERCENT 200u

/* Before synthesis: NO_FIT when estimated_lcs is over ICE40_ESTIMATE_REFUSE_ABOVE_PERCENT of
 * the device's, else KEEP (synthesise). */
enum ice40_fit_step ice40_fit_before_synth(unsigned estimated_lcs, unsigned device_lcs);

/* After the quick recipe: min_lcs is the netlist's lower bound of logic cells (its LUTs,
 * flip-flops or carries, whichever is most). PACK, DENSE or NO_FIT. */
enum ice40_fit_step ice40_fit_after_synth(unsigned min_lcs, unsigned device_lcs);

/* After packing the quick netlist into packed_lcs logic cells (0: packing failed).
 * KEEP, DENSE or NO_FIT. */
enum ice40_fit_step ice40_fit_after_packing(unsigned packed_lcs, unsigned device_lcs);

#endif
