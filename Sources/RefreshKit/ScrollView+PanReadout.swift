/// What a pan gesture recognizer reports of the drag (`UIPanGestureRecognizer.translation(in:)`
/// and `velocity(in:)`).
extension ScrollView {
    /// The finger's vertical movement since the pan began (points; positive pulls the content
    /// down); zero when no drag is in progress.
    public var panTranslation: Double { isDragging ? dragTranslation : 0 }

    /// The finger's vertical velocity now (points per second, positive downward), measured from
    /// the drag's samples of the last 0.1 s; zero when no drag is in progress.
    public var panVelocity: Double { isDragging ? velocityTracker.velocity(at: time) : 0 }
}
