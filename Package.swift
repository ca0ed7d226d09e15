// swift-tools-version:6.0
import PackageDescription

/// The release build of the programs a person runs links the Swift runtime and Foundation in
/// (`-static-stdlib`). Their sources compile against the shared runtime's modules (the preview
/// process beside them needs those), whose autolink entries name only `Foundation`: the rest of
/// the static Foundation comes by name.
let staticRuntime: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-Xlinker", "--start-group"]
            + [
                "Foundation", "CoreFoundation", "FoundationEssentials", "FoundationInternationalization",
                "_FoundationICU", "_FoundationCShims", "_FoundationCollections", "swiftSynchronization",
            ].flatMap { ["-Xlinker", "-l" + $0] } + ["-Xlinker", "--end-group"],
        .when(configuration: .release))
]

let package = Package(
    name: "LoaderLab",
    products: [
        .executable(name: "loaderlab", targets: ["loaderlab"]),
        .executable(name: "loaderlab-preview-process", targets: ["loaderlab-preview-process"]),
        .executable(name: "loaderlab-bench", targets: ["loaderlab-bench"]),
    ],
    targets: [
        // C libraries from Debian, reached through pkg-config.
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo"),
        .systemLibrary(name: "CX11", path: "Sources/CX11", pkgConfig: "x11"),
        // Linux calls Swift cannot make directly (memfd_create, prctl, tgkill): inline C.
        .systemLibrary(name: "CProcess", path: "Sources/CProcess"),
        // Animated images out: libwebp's WebPAnimEncoder (libwebpmux), giflib (which has no
        // pkg-config file) and libimagequant's palettes.
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpmux"),
        .systemLibrary(name: "CGIF", path: "Sources/CGIF"),
        .systemLibrary(name: "CImageQuant", path: "Sources/CImageQuant", pkgConfig: "imagequant"),

        // PNG resources (the airplane icon …) bundled for the loaders.
        .target(
            name: "LoaderLabResources",
            path: "Resources",
            exclude: ["tools"],
            resources: [.copy("images")]
        ),

        // The engine: geometry, paths, layers, animations, time. Pure Swift, no C.
        .target(name: "LayerKit"),
        // Draws a presentation tree with Cairo; images; PNG out; animations out (WebP, GIF, APNG).
        .target(
            name: "LayerKitCairo", dependencies: ["LayerKit", "CCairo", "CWebP", "CGIF", "CImageQuant"]),
        // Scroll-view physics and the refresh-control state machine.
        .target(name: "RefreshKit", dependencies: ["LayerKit"]),
        // The five loaders, built only from LayerKit and RefreshKit.
        .target(name: "Loaders", dependencies: ["LayerKit", "RefreshKit", "LoaderLabResources"]),
        // The seam between a window system and what it shows: `WindowApp`, the pixel buffer,
        // input. The host knows only this; the app and the preview process speak it.
        .target(name: "HostSeam", dependencies: ["LayerKit"]),
        // The app without a window system: gallery, playback, keys, HUD, commands.
        .target(
            name: "LoaderLab",
            dependencies: ["HostSeam", "LayerKit", "LayerKitCairo", "RefreshKit", "Loaders"]),
        // Window, events, paced render loop, presenting frames.
        .target(name: "X11Host", dependencies: ["HostSeam", "LayerKit", "CX11"]),
        // The messages between `loaderlab preview` and its preview process, and the shared
        // memory frames travel in.
        .target(name: "PreviewSeam", dependencies: ["HostSeam", "LayerKit", "CProcess"]),
        // `loaderlab preview`, the side that owns the window: finds and builds the user's
        // sources, watches them, and runs the previews in a preview process it supervises.
        .target(
            name: "PreviewHost",
            dependencies: ["PreviewSeam", "HostSeam", "LoaderLab", "LayerKit", "LayerKitCairo", "X11Host"]),
        // The preview process: loads the user's library (its symbols bind to this executable's,
        // which it exports) and runs the previews for a window or a headless command.
        .target(
            name: "PreviewRunner",
            dependencies: [
                "PreviewSeam", "HostSeam", "LoaderLab", "Loaders", "LayerKit", "LayerKitCairo", "RefreshKit",
                "QuartzCore", "UIKit",
            ]),
        .executableTarget(
            name: "loaderlab", dependencies: ["LoaderLab", "HostSeam", "X11Host", "LayerKit", "PreviewHost"],
            // The release build links the Swift runtime and Foundation in: less resident memory
            // and a faster start (BENCHMARKS.md). User code never loads into this program.
            linkerSettings: staticRuntime),
        .executableTarget(
            name: "loaderlab-preview-process", dependencies: ["PreviewRunner", "LayerKitCairo"],
            // A preview library leaves the engine's and the compatibility modules' symbols
            // undefined; they bind to this program's own, with the Swift runtime shared.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),
        // The benchmarks (`make bench`, BENCHMARKS.md): frame costs against Cairo alone,
        // headless renders, and the `loaderlab` window under Xvfb, watched from outside.
        .executableTarget(
            name: "loaderlab-bench",
            dependencies: ["LoaderLab", "Loaders", "LayerKitCairo", "LayerKit", "CCairo", "XvfbHarness"],
            linkerSettings: staticRuntime
        ),

        // Source-compatible subsets of Apple's frameworks over the engine, so that iOS loader
        // code compiles unchanged. Pure Swift all the way down (no C module), so a user's file
        // importing UIKit needs only `-I <build>/Modules`.
        .target(name: "CoreGraphics", dependencies: ["LayerKit"]),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "LayerKit"]),
        .target(name: "UIKit", dependencies: ["QuartzCore", "CoreGraphics", "LayerKit", "RefreshKit"]),

        // Test support shared by the test targets that draw: rendering a tree, comparing
        // against committed snapshots.
        .target(
            name: "SnapshotTesting",
            dependencies: ["LayerKitCairo", "LayerKit"],
            path: "Tests/SnapshotTesting"
        ),
        // Support shared by the window tests and the benchmark: a private Xvfb, the app
        // running in it with its frame log, xdotool and screenshots.
        .target(name: "XvfbHarness", path: "Tests/XvfbHarness"),

        .testTarget(name: "LayerKitTests", dependencies: ["LayerKit"]),
        .testTarget(
            name: "PreviewHostTests",
            dependencies: [
                "PreviewHost", "PreviewRunner", "PreviewSeam", "HostSeam", "UIKit", "Loaders", "LayerKit",
                "SnapshotTesting", "XvfbHarness",
            ],
            // Swift Testing's cross-import overlays for Apple's UIKit do not exist here (see
            // CompatTests).
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]
        ),
        .testTarget(
            name: "LayerKitCairoTests",
            dependencies: ["LayerKitCairo", "LayerKit", "SnapshotTesting"],
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "RefreshKitTests", dependencies: ["RefreshKit", "LayerKit"]),
        .testTarget(
            name: "LoadersTests",
            dependencies: [
                "Loaders", "LayerKit", "RefreshKit", "LayerKitCairo", "SnapshotTesting", "LoaderLabResources",
            ],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "LoaderLabTests",
            dependencies: [
                "LoaderLab", "HostSeam", "Loaders", "LayerKit", "LayerKitCairo", "SnapshotTesting",
                "XvfbHarness",
            ]
        ),
        .testTarget(
            name: "CompatTests",
            dependencies: [
                "UIKit", "QuartzCore", "CoreGraphics", "LayerKit", "RefreshKit", "LayerKitCairo",
                "SnapshotTesting",
            ],
            exclude: ["Snapshots"],
            // Swift 5 mode, as `loaderlab preview` compiles users' files: the iOS-style code
            // here must compile unchanged the way theirs does. Swift Testing declares
            // cross-import overlays for Apple's CoreGraphics and UIKit, which do not exist on
            // Linux; with our modules of those names they would be looked for and not found.
            swiftSettings: [
                .swiftLanguageMode(.v5), .unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"]),
            ]
        ),
        .testTarget(
            name: "X11HostTests",
            dependencies: ["X11Host", "HostSeam", "LoaderLab", "XvfbHarness", "SnapshotTesting"]),
        .testTarget(
            name: "loaderlab-benchTests",
            dependencies: ["loaderlab-bench", "LoaderLab", "LayerKitCairo", "LayerKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The release build reaches the metadata of concrete generic types (`LayerProperty<LayerProperties,
// Rect>`, a dictionary's storage) through their accessors instead of by mangled name. A
// mangled name is decoded at run time on first use, and checking its generic requirements
// scans every protocol conformance in the program (thousands, with Foundation linked in) for
// each one not seen before: 2–3 ms of the window's start went to building the property
// tables that way (BENCHMARKS.md). The code is a little larger; nothing else changes.
let directMetadataAccess: [SwiftSetting] = [
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
        .when(configuration: .release))
]
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + directMetadataAccess
}
