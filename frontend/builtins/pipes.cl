// SPDX-License-Identifier: MIT
// The work-group pipe reservations (OpenCL C 3.0, 6.15.16.3 "Work-group Functions" for pipes):
// one work-item reserves or commits for the whole group. The frontend (pipes.c) turns
// __work_group_reserve_{read,write}_pipe into __oclhls_wg_reserve_{ro,wo} and the commits into
// __oclhls_wg_commit_{ro,wo}; the ids are ulongs (-1: invalid) and the pipes, whatever their
// packet type, are target("spirv.Pipe", 0 | 1) in the IR, so `pipe char` stands for them all.
// The __oclhls_pipe_* functions are what HLS implements (issue 8 contract); their names carry
// which end of the pipe, like those pipes.c declares.
// Device build only: the host build of the library (tests/unit/math) has no pipes.
#ifdef OCLHLS_LIBRARY_BITCODE

ulong __oclhls_pipe_reserve_ro(read_only pipe char p, uint bytes, uint n)
    __asm__("__oclhls_pipe_reserve.ro");
ulong __oclhls_pipe_reserve_wo(write_only pipe char p, uint bytes, uint n)
    __asm__("__oclhls_pipe_reserve.wo");
void __oclhls_pipe_commit_ro(read_only pipe char p, ulong rid) __asm__("__oclhls_pipe_commit.ro");
void __oclhls_pipe_commit_wo(write_only pipe char p, ulong rid)
    __asm__("__oclhls_pipe_commit.wo");

// Work-item 0 reserves; every work-item gets its id (the broadcast ends with a barrier).
ulong __oclhls_wg_reserve_ro(read_only pipe char p, uint bytes, uint n)
{
    ulong rid = 0;
    if (get_local_linear_id() == 0)
        rid = __oclhls_pipe_reserve_ro(p, bytes, n);
    return work_group_broadcast(rid, (size_t)0);
}

ulong __oclhls_wg_reserve_wo(write_only pipe char p, uint bytes, uint n)
{
    ulong rid = 0;
    if (get_local_linear_id() == 0)
        rid = __oclhls_pipe_reserve_wo(p, bytes, n);
    return work_group_broadcast(rid, (size_t)0);
}

// Every work-item has read or written its packets of the reservation before work-item 0
// commits it: the pipe's packets are in global memory.
void __oclhls_wg_commit_ro(read_only pipe char p, ulong rid)
{
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (get_local_linear_id() == 0)
        __oclhls_pipe_commit_ro(p, rid);
}

void __oclhls_wg_commit_wo(write_only pipe char p, ulong rid)
{
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (get_local_linear_id() == 0)
        __oclhls_pipe_commit_wo(p, rid);
}

#endif
