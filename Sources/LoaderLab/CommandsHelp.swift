/// Usage text for `loaderlab help [COMMAND]` and `--help`.
public enum Help {
    public static let overview = """
        loaderlab — preview iOS loaders and pull-to-refresh animations

        usage:
          loaderlab [--loader ID] [--scale S] [--size WxH]      open the previewer window (X11)
          loaderlab list                                         loader ids, titles and kinds
          loaderlab render  --loader ID [STATE] [--size WxH] [--scale S] --out FILE.png
          loaderlab inspect --loader ID [STATE] [--size WxH] [--animations]
                                                                 presentation tree as JSON
          loaderlab sheet   [--time T] [--scale S] [--showcase] --out FILE.png
                                                                 every loader side by side
          loaderlab timeline --loader ID [STATE] [--width W] --out FILE.png
                                                                 the animations as a timing diagram
          loaderlab record  --loader ID [STATE] [--duration D] [--fps F] [--size WxH] [--scale S]
                            [--quality Q] [--palette global|frame] [--quiet] --out FILE.webp|.gif|.png
                                                                 an animated WebP, GIF or APNG
          loaderlab export  --loader ID [STATE] [--duration D] [--fps F] [--size WxH] [--scale S]
                            --out FILE.json                      a Lottie animation
          loaderlab preview PATH... [--list | --render NAME … | --sheet … | --inspect NAME …]
                                                                 your own iOS loader code: a window
                                                                 that reloads on save, or headless
          loaderlab help [COMMAND] | --help                      usage

        Loader ids: four-dots, three-dots, airplane (pull-to-refresh headers), orbit, balls
        (standalone loaders). Showcase ids, one LayerKit feature looping each (standalone,
        not in the gallery or the list): showcase-cube (a TransformLayer cube flipping with
        perspective), showcase-spinner (ReplicatorLayer), showcase-gradient (a gradient
        shimmer), showcase-reveal (a mask), showcase-ball (a springy ball with a shadow),
        showcase-text (TextLayer).

        STATE (T in seconds, 0…600; P in points; the default is --time 0):
          --time T                a standalone loader T seconds after it started; a header at rest
          --pull P                a header held pulled down to contentOffset.y = −P, still dragging
          --refreshing [--time T] a header T seconds after it was released past its threshold

        --size is the viewport in points (default: the loader's own); --scale is pixels per
        point (0.1…8, default 1). A bad or missing argument prints one line naming it and
        exits with 2; an output that cannot be written prints one line and exits with 1,
        leaving no partial file.
        """

    public static func text(for command: String?) -> String {
        switch command {
        case "list":
            return """
                usage: loaderlab list

                Prints every loader, one a line: its id, title and kind ("header" or
                "standalone"), separated by tabs.
                """
        case "preview":
            return """
                usage: loaderlab preview PATH... [--loader NAME] [--scale S] [--size WxH]
                       loaderlab preview PATH... --list
                       loaderlab preview PATH... --render NAME [STATE] [--size WxH] [--scale S] --out FILE.png
                       loaderlab preview PATH... --sheet [--time T] [--scale S] --out FILE.png
                       loaderlab preview PATH... --inspect NAME [STATE] [--size WxH] [--animations]
                       loaderlab preview PATH... --record NAME [record's options] --out FILE
                       loaderlab preview PATH... --export NAME [export's options] --out FILE.json
                       loaderlab preview PATH... --timeline NAME [STATE] [--width W] --out FILE.png

                Compiles the Swift files in PATH (files, or folders searched for .swift files)
                as iOS code — Swift 5 language mode, DEBUG defined, against LoaderLab's
                CoreGraphics, QuartzCore and UIKit — and shows every preview of every type
                conforming to LoaderPreviewProvider (`static var previews: [LoaderPreview]`).
                A preview's name is its id. With no mode it opens the window: one tile per
                preview, rebuilt when a source changes; compile errors are shown over the
                tiles and on standard error while the last good build keeps running.
                The other modes work as the commands of the same name (`loaderlab help
                render` …). A compile error exits 1 with the compiler's diagnostics on
                standard error; an unknown preview name or a bad argument exits 2.
                The previews run in loaderlab-preview-process (built beside loaderlab): a
                preview that traps, overflows its stack, calls exit or hangs (no answer to a
                window's frame in 2 s; headless, no progress in 10 s; both set by
                LOADERLAB_PREVIEW_DEADLINE=SECONDS) is reported with its name, the reason and
                the first line of your code; the window stays (R starts the previews again),
                a headless mode exits 1, and --sheet marks the failed cells.
                Skipped in folders: hidden ones, .build, .git, Pods, Carthage, DerivedData and
                node_modules (unless named); at most 500 files and 2,000 folders.
                """
        case "render":
            return """
                usage: loaderlab render --loader ID [STATE] [--size WxH] [--scale S] --out FILE.png

                Draws the loader at the moment STATE picks into a PNG of size × scale pixels,
                transparent where no layer draws. The file is written whole or not at all (a
                symbolic link's target is replaced; a device or a FIFO is written to).

                STATE: --time T | --pull P | --refreshing [--time T]   (default --time 0)
                --size WxH   viewport in points, each side 0 < s ≤ 4096 (default: the loader's)
                --scale S    pixels per point, 0.1 ≤ S ≤ 8 (default 1); size × scale ≤ 8192 pixels
                """
        case "inspect":
            return """
                usage: loaderlab inspect --loader ID [STATE] [--size WxH] [--animations]

                Prints the presentation tree at that moment as JSON:
                  {"loader", "state", "time", "size": [w, h], "root": LAYER}
                LAYER: name, kind ("layer" | "shape" | "gradient" | "text" | "image" |
                "transform": a CATransformLayer, which keeps its sublayers in 3D),
                bounds [x, y, w, h], position, anchorPoint, transform [a, b, c, d, tx, ty]
                (the 2D affine part), toRoot (this layer's bounds coordinates to the
                root's), opacity, hidden;
                shape layers also strokeStart, strokeEnd (clamped to 0…1), lineWidth,
                lineDashPattern, strokeColor, fillColor ([r, g, b, a] or null), pathBounds;
                gradient layers also gradientType ("axial" | "radial" | "conic"), colors
                (array of [r, g, b, a]), locations (array, or null for even), startPoint,
                endPoint (unit coordinates of the bounds);
                text layers also string (or null), font, fontSize, foregroundColor,
                alignmentMode, truncationMode, wrapped;
                when used (absent otherwise): transform3D and sublayerTransform3D (the 16
                entries m11 … m44 of CATransform3D, row by row) when not affine;
                sublayerTransform [a, b, c, d, tx, ty] when affine and not the identity;
                zPosition when not 0; doubleSided false when the layer hides its back; projection (the
                9 entries of the map from its bounds to the root's, [x y 1]·M = [X Y W],
                point (X/W, Y/W)) when that map has perspective — the layer is drawn
                flattened, then projected, and toRoot is only the map's affine part; depth
                (z/w of its centre, higher drawn later) for a layer a transform layer keeps
                in 3D; cornerRadius and maskedCorners (CACornerMask:
                1 top-left, 2 top-right, 4 bottom-left, 8 bottom-right) when rounded or
                not all four; shadowColor, shadowOpacity, shadowOffset [w, h], shadowRadius,
                shadowPathBounds ([x, y, w, h] or null) when shadowOpacity is not 0;
                contentsRect, contentsCenter ([x, y, w, h], unit) and contentsScale when
                the contents use them; transition {type, subtype, progress} while a
                transition runs (its old rendering giving way to the new); shouldRasterize
                (true) and rasterizationScale (bitmap pixels per point) when the layer is
                drawn from a bitmap of its subtree, kept while the subtree looks the same;
                each other property while not its default: backgroundColor, borderWidth,
                borderColor, masksToBounds, contents (the image's path), contentsGravity;
                fillRule, lineCap, lineJoin, miterLimit, lineDashPhase (shape layers);
                instanceCount, instanceTransform (16 entries), instanceDelay,
                instanceColor, instanceRedOffset, instanceGreenOffset, instanceBlueOffset,
                instanceAlphaOffset (replicator layers);
                mask (a LAYER in this layer's coordinates);
                then sublayers, in drawing order. Matrices follow CGAffineTransform:
                x' = a·x + c·y + tx, y' = b·x + d·y + ty.
                A number that is not finite (NaN or infinity) is written as null.

                --animations adds "rootTime" (the root layer's local time at that moment)
                and to each LAYER "animations": the animations on it, in the order they
                apply. ANIMATION: key, keyPath, kind ("basic" | "keyframe" | "spring" |
                "group" | "transition" | "plain"), origin ("explicit"; "implicit": added by the engine for a model
                change; "viewAnimation": by a view-animation block), localTime (the layer's
                local time now), beginTime (in that local time), duration, speed,
                timeOffset, repeatCount (null: forever), repeatDuration, activeDuration
                (null: forever), autoreverses, fillMode, removedOnCompletion, additive,
                cumulative, timingFunction ([x1, y1, x2, y2]; null: linear); basic
                animations also from, to, by; springs from, to, by, mass, stiffness,
                damping, initialVelocity, settlingDuration; keyframe animations calculationMode, values,
                path ({"pathBounds"}), keyTimes (as set), keyframeTimes (as used),
                timingFunctions; transitions type ("fade" | "moveIn" | "push" | "reveal"),
                subtype ("fromLeft" | "fromRight" | "fromTop" | "fromBottom" | null),
                startProgress, endProgress; groups "animations", their children (no localTime: they
                run in the group's time). Values: numbers, [x, y] points, [w, h] sizes,
                [x, y, w, h] rects, [a, b, c, d, tx, ty] transforms, [r, g, b, a] colours.
                """
        case "sheet":
            return """
                usage: loaderlab sheet [--time T] [--scale S] [--showcase] --out FILE.png

                Draws every loader side by side in a grid, each with its title, on a neutral
                grey: standalone loaders T seconds after they started, headers T seconds into a
                refresh (default T = 1). --showcase draws the showcase's loops instead.
                """
        case "timeline":
            return """
                usage: loaderlab timeline --loader ID [STATE] [--size WxH] [--width W] [--scale S]
                                          --out FILE.png

                Draws the animations running at the moment STATE picks as the window's
                timeline panel (T) draws them: one row per animation (a group's children
                under it) with its layer, key path and kind; a bar from its begin to its end
                (pale where a fill mode holds it before or after, ticks at each repeat,
                fading out to the right when it repeats forever); the value curve inside
                the bar (the value normalised to 0…1 against time, after the timing
                function; keyframes as dots); the playhead at that moment. Times count from
                the state's own start (a standalone loader's start, a header's release).
                The file is written whole or not at all, as render writes it.

                STATE: --time T | --pull P | --refreshing [--time T]   (default --time 0)
                --width W    the picture's width in points, 240 ≤ W ≤ 4096 (default 720);
                             its height follows from the number of rows
                --scale S    pixels per point, 0.1 ≤ S ≤ 8 (default 1)
                """
        case "record":
            return """
                usage: loaderlab record --loader ID [STATE] [--duration D] [--fps F] [--size WxH]
                                        [--scale S] [--quality Q] [--palette global|frame]
                                        [--format webp|gif|png] [--quiet] --out FILE

                Records the loader as an animated image that loops forever: a WebP (.webp,
                lossless unless --quality is given), a GIF (.gif) or an animated PNG (.png,
                lossless). Frame k is the loader k/F seconds after the moment STATE picks, in
                the animation's own time, so frame 0 is what `render` draws for STATE and frame
                k what it draws k/F seconds later. From the moment on, the loader goes on by
                itself: a standalone loader keeps running; a header at rest (--time, or no
                STATE) is pulled past its threshold over 0.25 s, held 0.5 s and let go at
                0.75 s, then refreshes until it comes back to rest; a header held at --pull P
                is let go at once; --refreshing [--time T] goes on to the refresh's end.

                STATE: --time T | --pull P | --refreshing [--time T]   (default --time 0)
                --duration D  seconds to record, 0 < D ≤ 600: the frames at 0, 1/F, 2/F, …
                              before D. Default: a standalone loader records one loop of its
                              longest repeating animation (the last frame flows into the
                              first); a header records until it comes to rest, that frame
                              included.
                --fps F       frames per second, 1…120, 1…50 for a GIF (default 30); a GIF
                              stores hundredths of a second: frame k starts at round(100·k/F)
                              hundredths (at 30 fps: 3, 3, 4, 3, 3, 4, …)
                --quality Q   WebP only: lossy, 0…100
                --palette P   GIF only: one palette per frame (frame, the default) or one for
                              every frame (global: the frames are drawn twice)
                --format F    webp, gif or png, when the file's name does not say (/dev/stdout)
                --quiet       no progress bar (it is shown on a terminal only, once a
                              recording takes more than half a second)
                --size, --scale  as for render; at most \(ArgumentParser.maximumFrames) frames

                The file is written whole or not at all, by render's rules; where it goes is
                checked before the work begins.
                """
        case "export":
            return """
                usage: loaderlab export --loader ID [STATE] [--duration D] [--fps F] [--size WxH]
                                        [--scale S] --out FILE.json

                Writes the loader as a Lottie animation (the format's version 5.7, as
                lottie-web, lottie-android, lottie-ios, rlottie and ThorVG play it), made from
                the frames `record` would draw: frame k is the loader k/F seconds after the
                moment STATE picks, and the length is record's (one loop, or until a header
                comes to rest). Each layer is a Lottie layer with its parent; anchor point,
                position, rotation, scale and opacity, background and corner radius, border,
                shape paths with fill, stroke, dashes and strokeStart/strokeEnd as a trim,
                gradients (conic ones as 2° wedges), text (as glyph outlines), images
                (embedded), masksToBounds clipping and mask layers are written; each value is
                a keyframe where a straight line between the frames kept does not give it
                within a hundredth of a point, degree or percent. What does not map (perspective,
                shadows) is named on standard error, one line per layer and feature, and the
                file is written without it.

                STATE: --time T | --pull P | --refreshing [--time T]   (default --time 0)
                --duration D  seconds to export, 0 < D ≤ 600 (default: as record)
                --fps F       frames per second, 1…120 (default 60)
                --size, --scale  as for render: the animation's size is the viewport's in
                              pixels; at most \(ArgumentParser.maximumFrames) frames

                The file is written whole or not at all, by render's rules; where it goes is
                checked before the work begins.
                """
        case "help":
            return """
                usage: loaderlab help [COMMAND]

                Prints the usage of COMMAND (list, render, inspect, sheet, timeline, record,
                export, help), or of all.
                """
        default:
            return overview
        }
    }
}
