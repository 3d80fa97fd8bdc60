// `Observing`'s C shim: the tracking gate, a process-wide count that every `@Observed` read
// checks. Internal to `Observing` (the leading underscore of the module's name says so).
//
// Kept in C so that it is initialized statically: a Swift global holding an `Atomic` is
// initialized lazily, and each read of it went through `swift_once` first (about seven
// instructions in every getter, callgrind). The functions are inline, so a getter compiles to
// one relaxed load of a fixed address.
#ifndef OBSERVING_SHIMS_H
#define OBSERVING_SHIMS_H

#include <stdatomic.h>

/// How many scopes on any thread want `@Observed` reads reported: key-path resolutions that
/// record accesses, and Observation tracking. Not for use outside `Observing`.
extern _Atomic(long) _observing_tracking_gate;

/// Reads the gate. Relaxed: a reader only needs to see the scopes its own thread opened,
/// which program order already guarantees.
static inline long _observing_tracking_gate_load(void) {
  return atomic_load_explicit(&_observing_tracking_gate, memory_order_relaxed);
}

/// Opens (`delta` 1) or closes (`delta` -1) one scope.
static inline void _observing_tracking_gate_add(long delta) {
  atomic_fetch_add_explicit(&_observing_tracking_gate, delta, memory_order_relaxed);
}

/// Nonzero when this C target was compiled with the thread sanitizer (`swift build
/// --sanitize=thread`), which the Swift code cannot test at compile time.
extern const int _observing_thread_sanitizer;

/// Tells the thread sanitizer that this thread's accesses to the object at `address` so far
/// come before a later `_observing_sanitizer_acquire` of it on any thread. Does nothing
/// without the sanitizer.
void _observing_sanitizer_release(const void *address);

/// Tells the thread sanitizer that what follows on this thread comes after every
/// `_observing_sanitizer_release` of `address` so far. Does nothing without the sanitizer.
void _observing_sanitizer_acquire(const void *address);

#endif
