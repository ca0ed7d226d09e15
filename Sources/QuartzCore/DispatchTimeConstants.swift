// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Dispatch's C names, spelled as iOS code uses them.

/// Nanoseconds in a second: Darwin's `NSEC_PER_SEC` (`<dispatch/time.h>`), which Dispatch on
/// Linux does not export. iOS code builds delays with it:
/// `.now() + Double(Int64(0.5 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)`.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000

/// Nanoseconds in a millisecond: Darwin's `NSEC_PER_MSEC`.
public let NSEC_PER_MSEC: UInt64 = 1_000_000

/// Microseconds in a second: Darwin's `USEC_PER_SEC`.
public let USEC_PER_SEC: UInt64 = 1_000_000

/// Nanoseconds in a microsecond: Darwin's `NSEC_PER_USEC`.
public let NSEC_PER_USEC: UInt64 = 1_000
