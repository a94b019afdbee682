// SPDX-License-Identifier: MIT
//
// ocl_pipe_site: one pipe operation of a kernel pipeline (a read_pipe, reserve, commit...)
// in front of its pipe's ocl_mem_arbiter and ocl_pipe_port (hls/emit/emit_stream.c).
//
// The pipeline issues a command in one stage (req_fire) and takes the answer some stages
// later (rsp_pop), like a load. The site queues the command until the arbiter takes it
// and queues the answers until the pipeline takes them. Answers arrive without back-pressure,
// so the site accepts a command only while every command in flight has a place for its
// answer (credits: at most DEPTH commands between req_fire and rsp_pop).
//
// Parameters
//   CW     command data and answer bits
//   AW     command bits (opcode and argument)
//   DEPTH  commands in flight at most (>= 2)
//
// Ports
//   req_can_accept  a command fired this cycle is taken
//   req_fire        push {req_addr, req_wdata}
//   rsp_valid       the oldest answer is at rsp_data; rsp_pop drops it
//   m_*             valid/ready command bus to the arbiter; answers at m_rsp_valid
//   clear           drops queued commands, answers and credits; only while the arbiter has
//                   no command of this site in flight (a new launch)
//   idle            no command queued or in flight, no answer waiting
`default_nettype none

module ocl_pipe_site #(
    parameter integer CW = 64,
    parameter integer AW = 35,
    parameter integer DEPTH = 8
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          clear,
    output wire          req_can_accept,
    input  wire          req_fire,
    input  wire [AW-1:0] req_addr,
    input  wire [CW-1:0] req_wdata,
    output wire          rsp_valid,
    input  wire          rsp_pop,
    output wire [CW-1:0] rsp_data,
    output wire          m_req_valid,
    input  wire          m_req_ready,
    output wire [AW-1:0] m_req_addr,
    output wire [CW-1:0] m_req_wdata,
    input  wire          m_rsp_valid,
    input  wire [CW-1:0] m_rsp_data,
    output wire          idle
);
    localparam integer NW = $clog2(DEPTH + 1);

    wire          cmd_empty, cmd_full, rsp_empty;
    /* verilator lint_off UNUSED */ // counts and full: the credits bound the answers
    wire          rsp_full;
    wire [1:0]    cmd_count;
    wire [NW-1:0] rsp_count;
    /* verilator lint_on UNUSED */
    reg  [NW-1:0] credits_used; // commands fired and answers not yet popped

    wire [31:0] used32 = {{(32 - NW){1'b0}}, credits_used};
    assign req_can_accept = !cmd_full && used32 < DEPTH;

    wire take = req_fire && req_can_accept;
    wire give = rsp_pop && !rsp_empty;

    ocl_fifo #(.WIDTH(AW + CW), .DEPTH(2)) u_cmd (
        .clk(clk), .rst(rst | clear),
        .push(take), .push_data({req_addr, req_wdata}),
        .pop(m_req_ready), .pop_data({m_req_addr, m_req_wdata}),
        .empty(cmd_empty), .full(cmd_full), .count(cmd_count));
    assign m_req_valid = !cmd_empty;

    ocl_fifo #(.WIDTH(CW), .DEPTH(DEPTH)) u_rsp (
        .clk(clk), .rst(rst | clear),
        .push(m_rsp_valid), .push_data(m_rsp_data),
        .pop(rsp_pop), .pop_data(rsp_data),
        .empty(rsp_empty), .full(rsp_full), .count(rsp_count));
    assign rsp_valid = !rsp_empty;

    always @(posedge clk) begin
        if (rst || clear)
            credits_used <= {NW{1'b0}};
        else if (take && !give)
            credits_used <= credits_used + 1'b1;
        else if (give && !take)
            credits_used <= credits_used - 1'b1;
    end

    assign idle = credits_used == {NW{1'b0}};
endmodule

`default_nettype wire
