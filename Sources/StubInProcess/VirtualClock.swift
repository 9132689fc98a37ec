import NIOConcurrencyHelpers

/// A clock whose sleeps return at once and move its time forward by what was asked: inject it
/// into `InProcessStub` and a 3-second delay, a 2-second latency or a hang until a 30-second
/// timeout take no wall time, while `now` still says how long the code under test waited.
public final class VirtualClock: Clock, Sendable {
    /// An instant of virtual time.
    public struct Instant: InstantProtocol, Sendable {
        /// Virtual time since the clock was made.
        public var offset: Duration

        /// `offset` moved by `duration`.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The virtual time from `self` to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Ordered by virtual time.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current = NIOLockedValueBox(Instant(offset: .zero))

    /// A clock at virtual time zero.
    public init() {}

    /// The virtual time: the sum of every sleep so far.
    public var now: Instant { current.withLockedValue { $0 } }
    /// Virtual time has no granularity.
    public var minimumResolution: Duration { .zero }

    /// Moves the clock to `deadline` (if it is later) and returns at once; throws when the
    /// task is cancelled, as a real sleep would.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        current.withLockedValue { if $0 < deadline { $0 = deadline } }
        await Task.yield()
    }
}
