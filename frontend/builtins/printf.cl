// SPDX-License-Identifier: MIT
// printf's device side (docs/printf.md). frontend/printf.c replaces each printf call by
// __oclhls_printf_begin (reserve a record, write its format id) and one __oclhls_printf_word
// per argument word; the host formats the records when the command completes.
//
// The record buffer and its counter are hidden kernel arguments that HLS adds (lower.c):
// __oclhls_printf_counter() is the word counting the bytes asked for, __oclhls_printf_records()
// the records, __oclhls_printf_capacity() their size in bytes (the board's printf buffer less
// the counter). A record is written only when it fits whole, so the host always reads whole
// records; the counter goes on counting, which tells the host how much was lost.

__global uint *__oclhls_printf_counter(void) __attribute__((const));
__global uint *__oclhls_printf_records(void) __attribute__((const));
uint __oclhls_printf_capacity(void) __attribute__((const));

// The index of the record's first argument word, or ~0u when the record does not fit.
uint __oclhls_printf_begin(uint id, uint words)
{
    uint bytes = 4u * (words + 1u);
    uint at = atomic_add(__oclhls_printf_counter(), bytes);
    uint capacity = __oclhls_printf_capacity();
    if (bytes > capacity || at > capacity - bytes)
        return ~0u;
    __oclhls_printf_records()[at / 4u] = id;
    return at / 4u + 1u;
}

void __oclhls_printf_word(uint at, uint k, uint word)
{
    if (at != ~0u)
        __oclhls_printf_records()[at + k] = word;
}
