/// `CAGradientLayerType`: how `startPoint` and `endPoint` place the gradient.
public enum GradientType: String, Hashable, Sendable, CaseIterable {
    /// Along the line from `startPoint` (location 0) to `endPoint` (location 1); constant on
    /// every line perpendicular to it.
    case axial
    /// An ellipse centred on `startPoint` whose half-axes are `endPoint − startPoint` (Apple's
    /// header: width and height `(endPoint − startPoint)·2`): location 0 at the centre, 1 on
    /// the ellipse.
    case radial
    /// Around `startPoint`, location 0 in the direction of `endPoint`, increasing with the
    /// angle from +x towards +y (clockwise on screen) to 1 after a full turn.
    case conic
}

/// What a `GradientLayer` adds to a layer. Defaults are `CAGradientLayer`'s: no colours (draws
/// nothing), even stops, a vertical axial gradient from the top edge's middle (0.5, 0) to the
/// bottom edge's (0.5, 1). Points are in the unit space of the bounds: (0, 0) the top-left
/// corner, (1, 1) the bottom-right. Each property's comment gives its default and whether it
/// is animatable as `GradientTable` declares it (see `LayerProperties` for what "implicitly
/// on a standalone layer" means).
public struct GradientProperties: Hashable, Sendable {
    /// One colour per stop; empty is `CAGradientLayer`'s nil.
    ///
    /// Defaults to empty (nothing drawn). Animatable. A change animates implicitly on a
    /// standalone layer.
    public var colors: [Color] = []
    /// One location per colour in 0…1, ascending; nil spreads the stops evenly (and animates
    /// as that even spread).
    ///
    /// Defaults to nil (the colours spread evenly). Animatable. A change animates implicitly on
    /// a standalone layer.
    public var locations: [Double]? = nil
    /// Where the gradient starts (location 0), in the unit space of the bounds.
    ///
    /// Defaults to (0.5, 0), the top edge's middle. Animatable. A change animates implicitly on
    /// a standalone layer.
    public var startPoint = Point(x: 0.5, y: 0)
    /// Where the gradient ends (location 1), in the unit space of the bounds; see `GradientType`
    /// for its meaning in radial and conic gradients.
    ///
    /// Defaults to (0.5, 1), the bottom edge's middle. Animatable. A change animates implicitly
    /// on a standalone layer.
    public var endPoint = Point(x: 0.5, y: 1)
    /// How `startPoint` and `endPoint` place the gradient.
    ///
    /// Defaults to `.axial`. Not animatable.
    public var type: GradientType = .axial

    public init() {}
}

/// A colour stop as drawn: where along the gradient (0…1) and which colour.
public struct GradientStop: Hashable, Sendable {
    public var location: Double
    public var color: Color

    public init(location: Double, color: Color) {
        self.location = location
        self.color = color
    }
}

extension GradientProperties {
    /// `count` locations spread evenly over 0…1 (a single one at 0): what a nil `locations`
    /// means, and what an animation of `locations` starts from when it is nil.
    public static func evenLocations(count: Int) -> [Double] {
        if count <= 1 { return Array(repeating: 0, count: Swift.max(count, 0)) }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// The stops as drawn. The contract (each case is tested):
    /// - No colours: no stops; the layer draws no gradient.
    /// - `locations` is used when it has exactly one finite entry per colour; otherwise (nil,
    ///   another count — Apple leaves a mismatch undefined — or a NaN or infinite entry) the
    ///   stops spread evenly, as with nil, like a keyframe animation's invalid `keyTimes`.
    /// - Locations are clamped to 0…1 and made ascending: one below an earlier location moves
    ///   up to it (CSS's rule for stops out of order), so what an animation passes through is
    ///   always a valid gradient.
    /// - Colours are clamped to 0…1 per component (NaN becomes 0), as every colour is drawn.
    public var stops: [GradientStop] {
        guard !colors.isEmpty else { return [] }
        var positions = Self.evenLocations(count: colors.count)
        if let l = locations, l.count == colors.count, l.allSatisfy(\.isFinite) { positions = l }
        var stops: [GradientStop] = []
        stops.reserveCapacity(colors.count)
        var floor = 0.0
        for (color, location) in zip(colors, positions) {
            floor = Swift.max(floor, Swift.min(Swift.max(location, 0), 1))
            stops.append(GradientStop(location: floor, color: color.clamped))
        }
        return stops
    }
}

extension [GradientStop] {
    /// The colour at location `t` (NaN counts as 0): the first stop's before it, the last
    /// stop's after it (the gradient pads, as `CAGradientLayer` draws before its start and past
    /// its end), and in between the straight blend of the two stops around `t`, component by
    /// component, alpha not premultiplied (Core Graphics' rule: a fade from clear black to red
    /// is dark red half-way). Where stops coincide, the later one applies from that location
    /// on (a hard edge). Nil when there are no stops.
    public func color(at t: Double) -> Color? {
        guard let first, let last else { return nil }
        let t = t.isNaN ? 0 : t
        if t < first.location { return first.color }
        if t >= last.location { return last.color }
        var i = 0
        while i + 1 < count, self[i + 1].location <= t { i += 1 }
        let a = self[i]
        let b = self[i + 1]
        let span = b.location - a.location
        guard span > 0 else { return b.color }
        return a.color.interpolated(to: b.color, fraction: (t - a.location) / span)
    }
}
