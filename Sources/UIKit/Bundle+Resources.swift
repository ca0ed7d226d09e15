import Foundation

extension Bundle {
    /// The bundle of the code being previewed: its resources laid out as its iOS bundle's root
    /// (set by the host before the preview's code runs); nil outside a preview.
    @_spi(LoaderLabHost) nonisolated(unsafe) public static var previewResources: Bundle?

    /// `Bundle(for:)` as previewed code means it, the bundle `aClass`'s code was built into:
    /// under `loaderlab preview` the bundle of the previewed sources' resources (the
    /// `NAME.bundle`, `NAME.xcassets` and `LANG.lproj` folders and the images, strings and other
    /// resource files found beside them, each at the top, as Xcode copies a target's resources),
    /// so a library that finds its images or strings with
    /// `Bundle(for: Self.self).path(forResource:ofType:)` finds them. Elsewhere it is
    /// `Bundle.main`, as Foundation on Linux answers `Bundle(for:)`.
    ///
    /// `loaderlab preview` writes `Bundle(for:)` calls in the sources so (Foundation's
    /// `Bundle(for:)` on Linux is the program's own folder for every class).
    public convenience init(previewFor aClass: AnyClass) {
        let bundle = Bundle.previewResources ?? Bundle.main
        // A folder that exists always makes a bundle; the main bundle's is where this program is.
        self.init(path: bundle.bundlePath)!
    }
}
