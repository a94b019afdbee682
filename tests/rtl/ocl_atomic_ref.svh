// SPDX-License-Identifier: MIT
// The reference of ocl_atomic_alu's operations, shared by its bench and ocl_atomic's:
// ref_alu(op, old, a, b) is the new word.
function automatic logic [31:0] ref_alu(logic [3:0] f, logic [31:0] o, logic [31:0] x,
                                        logic [31:0] y);
    int          so, sx;
    int unsigned uo, ux;
    so = o;
    sx = x;
    uo = o;
    ux = x;
    case (f)
        0: return uo + ux;
        1: return uo - ux;
        2: return x;
        3: return (o == x) ? y : o;
        4: return (sx < so) ? x : o;
        5: return (sx > so) ? x : o;
        6: return (ux < uo) ? x : o;
        7: return (ux > uo) ? x : o;
        8: return o & x;
        9: return o | x;
        10: return o ^ x;
        default: return o;
    endcase
endfunction
