// Counts heap allocations for the benchmark by interposing the C allocator.
//
// A program that defines malloc, calloc and realloc replaces the C library's for the whole
// process (ELF symbol interposition); these forward to glibc's own entry points, so behaviour is
// unchanged and only a relaxed atomic increment is added. The Swift runtime allocates objects
// through malloc, so this counts what a notification allocates.
#include "AllocationCounter.h"

#include <stdatomic.h>
#include <stddef.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static _Atomic uint64_t counter = 0;

void *malloc(size_t size) {
  atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
  return __libc_realloc(pointer, size);
}

uint64_t allocation_count(void) { return atomic_load_explicit(&counter, memory_order_relaxed); }
int allocation_counting_is_supported(void) { return 1; }
// The chunks in use on the heap and those mapped on their own: glibc maps a large block (a
// registry's array of 100,000 observers) or places it on the heap depending on its dynamic
// threshold, which earlier frees of large blocks raise, so counting only the heap's chunks
// counted such a block in one run and not in another.
int64_t heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (int64_t)(info.uordblks + info.hblkhd);
}

#else

uint64_t allocation_count(void) { return 0; }
int allocation_counting_is_supported(void) { return 0; }
int64_t heap_bytes_in_use(void) { return -1; }

#endif
