#include "ObservingShims.h"

// Where SwiftUI exists (Apple's platforms), the gate starts open: reads are reported to
// Observation there by default (`ObservationRegistry.reportsEveryReadToObservation`), and
// `Observing` opens no scope of its own for them.
#if defined(__APPLE__)
_Atomic(long) _observing_tracking_gate = 1;
#else
_Atomic(long) _observing_tracking_gate = 0;
#endif

// The thread sanitizer's annotations. Swift's reference counts order a copy-on-write buffer's
// last reader before the writer that then finds the buffer unique (the runtime releases with
// release ordering and checks uniqueness with an acquiring load), but the runtime is not built
// with the sanitizer, so it cannot see that ordering; `ObserverEntries` states it through
// these. Out of line: the compiler's importer of this header does not know the sanitizer is on.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define OBSERVING_THREAD_SANITIZER 1
#endif
#endif

#ifdef OBSERVING_THREAD_SANITIZER
void __tsan_acquire(void *address);
void __tsan_release(void *address);

const int _observing_thread_sanitizer = 1;
void _observing_sanitizer_release(const void *address) { __tsan_release((void *)address); }
void _observing_sanitizer_acquire(const void *address) { __tsan_acquire((void *)address); }
#else
const int _observing_thread_sanitizer = 0;
void _observing_sanitizer_release(const void *address) { (void)address; }
void _observing_sanitizer_acquire(const void *address) { (void)address; }
#endif
