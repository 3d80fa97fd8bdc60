#include "ObservingShims.h"

// Where SwiftUI exists (Apple's platforms), the gate starts open: reads are reported to
// Observation there by default (`ObservationRegistry.reportsEveryReadToObservation`), and
// `Observing` opens no scope of its own for them.
#if defined(__APPLE__)
_Atomic(long) _observing_tracking_gate = 1;
#else
_Atomic(long) _observing_tracking_gate = 0;
#endif
