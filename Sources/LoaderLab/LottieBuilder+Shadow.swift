import Foundation
import LayerKit
import LayerKitCairo

/// A layer's shadow as Lottie's drop shadow effect (After Effects' "Drop Shadow", `ty` 25),
/// which players apply to what the layer draws.
///
/// - **Colour and opacity**: the shadow colour (`c`), and its alpha (colour alpha times
///   `shadowOpacity`) as the effect's opacity, 0…255.
/// - **Offset**: the effect's direction is clockwise from straight up (180° casts straight
///   down) and its distance the offset's length, in the layer's space: players draw the
///   effect there, turned and scaled with the layer, as Core Animation turns `shadowOffset`
///   with it.
/// - **Blur**: LoaderLab blurs by a Gaussian of σ = `shadowRadius`. Players read the effect's
///   softness differently (ThorVG σ = 0.3 × softness; lottie-ios takes a fifth of it as
///   `shadowRadius`; Skia a blur radius); the softness written is σ / 0.3, ThorVG's reading,
///   the one the export is checked with.
/// - Frames without a shadow have opacity 0.
extension LottieBuilder {
    /// Softness per point of σ (ThorVG's reading of the effect's softness).
    static let softnessPerSigma = 1 / 0.3

    /// The drop shadow effect for `samples`, nil when no frame casts one.
    func shadowEffect(_ samples: [LottieSample]) -> [String: Any]? {
        guard let model = samples.lazy.compactMap(\.shadow).first else { return nil }
        let shadows = held(samples.map(\.shadow), model)
        let shown = samples.map { $0.shadow == nil ? 0.0 : 1.0 }
        func value(_ index: Int, _ name: String, _ type: Int, _ property: [String: Any]) -> [String: Any] {
            ["ty": type, "nm": name, "mn": "ADBE Drop Shadow-000\(index)", "ix": index, "v": property]
        }
        let colours = shadows.map { [$0.color.red, $0.color.green, $0.color.blue, 1] }
        let opacities = zip(shadows, shown).map { $0.color.alpha * 255 * $1 }
        let directions = unwound(shadows.map { atan2($0.offset.width, -$0.offset.height) * 180 / .pi })
        let distances = shadows.map { hypot($0.offset.width, $0.offset.height) }
        let softness = shadows.map { $0.sigma * Self.softnessPerSigma }
        return [
            "ty": 25, "nm": "Drop Shadow", "mn": "ADBE Drop Shadow", "ix": 1, "en": 1, "np": 8,
            "ef": [
                value(1, "Shadow Color", 2, vector(colours, tolerance: LottieExport.Tolerance.colour)),
                value(2, "Opacity", 0, scalar(opacities, tolerance: LottieExport.Tolerance.percent)),
                value(3, "Direction", 0, scalar(directions, tolerance: LottieExport.Tolerance.angle)),
                value(4, "Distance", 0, scalar(distances, tolerance: LottieExport.Tolerance.length)),
                value(5, "Softness", 0, scalar(softness, tolerance: LottieExport.Tolerance.length)),
                value(6, "Shadow Only", 7, ["a": 0, "k": 0]),
            ],
        ]
    }
}
