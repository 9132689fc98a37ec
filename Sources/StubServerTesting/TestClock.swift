public import Foundation
import NIOConcurrencyHelpers

/// A clock a test moves by hand: the `now` of a stub's templates (`{{now}}`, `now: +2d`), token
/// expiry and session idling, so a test about "tomorrow" or "an hour later" does not wait.
public final class TestClock: Sendable {
    private let current: NIOLockedValueBox<Date>

    /// A clock standing at `start` (by default 2026-11-18 21:46:40 UTC, a Wednesday).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        current = NIOLockedValueBox(start)
    }

    /// The time the clock stands at.
    public var now: Date { current.withLockedValue { $0 } }

    /// Moves the clock forward (or back, with a negative interval).
    public func advance(by interval: TimeInterval) {
        current.withLockedValue { $0 = $0.addingTimeInterval(interval) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        current.withLockedValue { $0 = date }
    }
}
