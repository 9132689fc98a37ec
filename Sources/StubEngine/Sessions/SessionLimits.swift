/// How many session namespaces the stub keeps, and for how long an unused one lives.
///
/// A session's state is its customers' ledgers, its tokens, its admin behaviours and its
/// route-file counters. The `default` session (no header, no prefix) is never evicted.
public struct SessionLimits: Sendable, Equatable {
    /// Sessions kept at once; a new one beyond this evicts the least recently used. Default 1,000.
    public var maxSessions: Int = 1000
    /// A session unused this long is forgotten. Default 3,600 s.
    public var idleSeconds: Double = 3600

    /// The defaults.
    public init() {}
}
