import Testing

/// The tag `make test-fast` leaves out (Tests/SnapshotTesting/SlowTags.swift declares it and the
/// others for the test targets that draw; this target depends on LayerKit only).
extension Tag {
    /// Many frames or inputs checked in the test process (fuzzing): seconds of computation.
    @Tag static var exhaustive: Self
}
