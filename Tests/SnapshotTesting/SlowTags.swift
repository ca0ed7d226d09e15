import Testing

/// What makes a test slow: it starts something outside the test process, or it computes for
/// many seconds. A suite that starts something carries the tag of what it starts in its `@Suite`
/// attribute; a long computation carries `.exhaustive` in its `@Test` attribute. `make test-fast`
/// leaves them out and `make test` runs them with the rest. `scripts/test-speed` reads these tags
/// (they are the one list of slow tests) and fails when a test file starts something from a
/// suite without one. (LayerKitTests, which does not depend on this module, declares
/// `.exhaustive` for itself.)
extension Tag {
    /// A private Xvfb, and usually the app in it.
    @Tag public static var xvfb: Self
    /// `swiftc`: a preview's build, or the source preparer's.
    @Tag public static var compiler: Self
    /// Another program: `loaderlab`, the preview process, a shell.
    @Tag public static var subprocess: Self
    /// Pillow, in a `python3` process, decoding a recording.
    @Tag public static var pillow: Self
    /// Many frames or inputs checked in the test process (the damage oracles, fuzzing): seconds
    /// of computation.
    @Tag public static var exhaustive: Self
}
