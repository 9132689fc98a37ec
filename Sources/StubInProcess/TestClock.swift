public import Foundation
import NIOConcurrencyHelpers

/// The one clock a test moves: the stub's waits sleep on it (a delay, a route file's latency, a
/// hang until the request's timeout, a bandwidth pause) and return at once, moving it forward by
/// what they asked; and the stub's `now` reads it (templates' `{{now}}` and `now: +2d`, token
/// expiry, session idling), so a test about "tomorrow" does not wait for it either.
///
///     let clock = TestClock(Date(timeIntervalSince1970: 1_767_139_200))   // 2025-12-31
///     let stub = try InProcessStub(stubs: stubsFolder, clock: clock)
///     …                                                                  // a 3 s delay: no wall time
///     #expect(clock.elapsed == .seconds(3))                              // how long the app waited
///     clock.advance(by: .seconds(86_400))                                // tomorrow, at once
///
/// In `.live` mode (a stub on a socket, `withStub(.live, …)`) the socket's waits are real; the
/// clock still gives the stub its `now`.
public final class TestClock: Clock, Sendable {
    /// A moment on the test clock: a date.
    public struct Instant: InstantProtocol, Sendable {
        /// The date this instant stands for.
        public var date: Date

        /// `date` moved by `duration`.
        public func advanced(by duration: Duration) -> Instant { Instant(date: date.addingTimeInterval(duration.timeInterval)) }
        /// The time from `self` to `other`.
        public func duration(to other: Instant) -> Duration { .seconds(other.date.timeIntervalSince(date)) }
        /// Ordered by date.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.date < rhs.date }
    }

    private let start: Date
    private let current: NIOLockedValueBox<Date>

    /// A clock standing at `start` (by default 2026-11-18 21:46:40 UTC, a Wednesday).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        self.start = start
        current = NIOLockedValueBox(start)
    }

    /// The instant the clock stands at.
    public var now: Instant { Instant(date: date) }
    /// The date the clock stands at: what the stub's templates and tokens read.
    public var date: Date { current.withLockedValue { $0 } }
    /// How far the clock has moved since it was made, by sleeps and by `advance`: how long the
    /// code under test waited.
    public var elapsed: Duration { .seconds(date.timeIntervalSince(start)) }
    /// A test clock has no granularity.
    public var minimumResolution: Duration { .zero }

    /// Moves the clock to `deadline` (if it is later) and returns at once; throws when the task
    /// is cancelled, as a real sleep would.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        current.withLockedValue { if $0 < deadline.date { $0 = deadline.date } }
        await Task.yield()
    }

    /// Moves the clock forward (or back, with a negative interval).
    public func advance(by interval: Duration) {
        current.withLockedValue { $0 = $0.addingTimeInterval(interval.timeInterval) }
    }

    /// Moves the clock forward by `interval` seconds (or back, when negative).
    public func advance(by interval: TimeInterval) {
        current.withLockedValue { $0 = $0.addingTimeInterval(interval) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        current.withLockedValue { $0 = date }
    }
}

/// The in-process stub's clock before it became the one test clock.
@available(*, deprecated, renamed: "TestClock")
public typealias VirtualClock = TestClock

extension Duration {
    /// In seconds, as Foundation counts time.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
