extension Duration {
    /// The duration in milliseconds, with the fraction: what the journal, the run store and the
    /// reports print. (StubControl, which must stay Foundation-only, keeps its own copy.)
    @inlinable
    public var inMilliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
