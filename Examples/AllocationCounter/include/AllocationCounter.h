#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// The number of calls to malloc, calloc and realloc made by this process since it started
/// (0 where counting is not supported, see allocation_counting_is_supported).
uint64_t allocation_count(void);

/// Whether this platform counts allocations (glibc: the counter interposes malloc).
int allocation_counting_is_supported(void);

/// Bytes the C allocator has handed out and not taken back (glibc's mallinfo2: the heap's
/// chunks in use, uordblks, and the blocks mapped on their own, hblkhd),
/// or -1 where unknown.
int64_t heap_bytes_in_use(void);

#endif
