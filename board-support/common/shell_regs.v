// SPDX-License-Identifier: MIT
//
// shell_regs: the board-independent half of every board shell.
//
// Owns the shell's control/status registers (CSR byte addresses 0x0000-0x03FF, see
// docs/architecture.md) and routes the host's 32-bit CSR bus:
//
//   0x0000             MAGIC   0x4F434C48 ("OCLH")
//   0x0004             VERSION shell register-map version (1)
//   0x0008             CYCLES  low word of the 64-bit cycle counter; reading it latches the
//                              high word, so a LO-then-HI read pair is one consistent value
//   0x000C             CYCLES  high word as latched by the last read of 0x0008
//                              (both read 0 with CYCLE_COUNTER = 0)
//   0x0010             BUSY    bit 0: the system is busy (any kernel running)
//   other < 0x0400     read 0, writes ignored
//   0x0400 - 0xFFFF    forwarded to the system (oclhls_system), low 16 address bits
//   >= 0x10000         read 0, writes ignored
//
// Timing: a write takes effect at the clock edge that samples csr_wr (it reaches the
// system combinationally, so a kernel started by it is busy from the next cycle on).
// csr_rvalid and csr_rdata are valid the cycle after the cycle that sampled csr_rd, for
// shell registers and system registers alike (the system answers the cycle after its
// csr_rd too, and its csr_rdata is 0 in every other cycle, as the shell's own answer is: the
// two are ORed, with no multiplexer). Read one register at a time; reads have no side
// effects except CYCLES lo.
// The cycle counter counts clock edges since reset was released. The runtime does not read
// it (kernel times come from each kernel's own CYCLES), so the iCE40 shells leave it out
// (CYCLE_COUNTER = 0): with its read path it cost about 200 logic cells of the UP5K.

module shell_regs #(
    parameter [31:0]  VERSION       = 32'd1,
    parameter integer CYCLE_COUNTER = 1      // 0: no cycle counter, CYCLES reads 0
) (
    input  wire        clk,
    input  wire        rst,

    // Host side: from the board's host link (or the simulator harness).
    input  wire        csr_wr,
    input  wire        csr_rd,
    input  wire [31:0] csr_addr,
    input  wire [31:0] csr_wdata,
    output wire [31:0] csr_rdata,
    output wire        csr_rvalid,

    // System side: toward oclhls_system.
    output wire        sys_csr_wr,
    output wire        sys_csr_rd,
    output wire [15:0] sys_csr_addr,
    output wire [31:0] sys_csr_wdata,
    input  wire [31:0] sys_csr_rdata,
    input  wire        sys_busy
);
    localparam [31:0] MAGIC = 32'h4F43_4C48;

    // Address decode.
    wire in_shell = (csr_addr[31:10] == 22'd0);
    wire in_sys   = (csr_addr[31:16] == 16'd0) && !in_shell;

    assign sys_csr_wr    = csr_wr && in_sys;
    assign sys_csr_rd    = csr_rd && in_sys;
    assign sys_csr_addr  = csr_addr[15:0];
    assign sys_csr_wdata = csr_wdata;

    wire [63:0] cycles;
    generate
        if (CYCLE_COUNTER != 0) begin : g_cycles
            reg [63:0] count;
            always @(posedge clk) begin
                if (rst) count <= 64'd0;
                else count <= count + 64'd1;
            end
            assign cycles = count;
        end else begin : g_no_cycles
            assign cycles = 64'd0;
        end
    endgenerate

    reg [31:0] cycles_hi;     // high word latched by a read of CYCLES lo
    reg [31:0] shell_rdata;
    reg        rvalid_q;

    always @(posedge clk) begin
        if (rst) begin
            cycles_hi   <= 32'd0;
            shell_rdata <= 32'd0;
            rvalid_q    <= 1'b0;
        end else begin
            rvalid_q    <= csr_rd;
            shell_rdata <= 32'd0;  // but in the cycle after a read of a shell register
            if (csr_rd && in_shell) begin
                case (csr_addr[9:0])
                10'h000: shell_rdata <= MAGIC;
                10'h004: shell_rdata <= VERSION;
                10'h008: begin
                    shell_rdata <= cycles[31:0];
                    cycles_hi   <= cycles[63:32];
                end
                10'h00C: shell_rdata <= cycles_hi;
                10'h010: shell_rdata <= {31'd0, sys_busy};
                default: shell_rdata <= 32'd0;
                endcase
            end
        end
    end

    assign csr_rdata  = sys_csr_rdata | shell_rdata;
    assign csr_rvalid = rvalid_q;
endmodule
