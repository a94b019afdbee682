// SPDX-License-Identifier: MIT
//
// ref_spram64: the UP5K's four SB_SPRAM256KA (16K x 16 bits each) side by side as one
// 16K x 64-bit memory, read latency 1, a write mask bit per 16-bit half (MASKWREN).
`default_nettype none

module ref_spram64 (
    input  wire        clk,
    input  wire [13:0] addr,
    input  wire        we,
    input  wire [3:0]  wmask,
    input  wire [63:0] wdata,
    output wire [63:0] rdata
);
    genvar i;
    generate
        for (i = 0; i < 4; i = i + 1) begin : g_bank
            SB_SPRAM256KA u_ram (
                .ADDRESS(addr),
                .DATAIN(wdata[16*i+15:16*i]),
                .MASKWREN({4{wmask[i]}}),
                .WREN(we),
                .CHIPSELECT(1'b1),
                .CLOCK(clk),
                .STANDBY(1'b0),
                .SLEEP(1'b0),
                .POWEROFF(1'b1),
                .DATAOUT(rdata[16*i+15:16*i])
            );
        end
    endgenerate
endmodule

`default_nettype wire
