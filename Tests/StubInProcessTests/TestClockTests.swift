import Foundation
import StubInProcess
import Testing

/// The one test clock: sleeps move it instead of waiting, `advance` and `set` move it by hand,
/// and `elapsed` says how far it moved since it was made.
@Suite struct TestClockTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func advanceMovesByFractionsAndBackAndSetJumps() {
        let clock = TestClock(start)
        clock.advance(by: .milliseconds(1_500))
        #expect(clock.date == start.addingTimeInterval(1.5))
        clock.advance(by: -0.25)
        #expect(clock.date == start.addingTimeInterval(1.25))
        #expect(clock.elapsed == .milliseconds(1_250))
        clock.set(start.addingTimeInterval(-60))
        #expect(clock.date == start.addingTimeInterval(-60))
        #expect(clock.elapsed == .seconds(-60))
    }

    @Test func aSleepMovesTheClockForwardOnlyAndInstantsAreOrderedByDate() async throws {
        let clock = TestClock(start)
        let earlier = clock.now
        try await clock.sleep(until: clock.now.advanced(by: .seconds(3)), tolerance: nil)
        #expect(clock.elapsed == .seconds(3))
        try await clock.sleep(until: earlier, tolerance: nil)
        #expect(clock.elapsed == .seconds(3), "a deadline already past leaves the clock where it is")
        let later = clock.now
        #expect(earlier < later)
        #expect(!(later < earlier))
        #expect(earlier.duration(to: later) == .seconds(3))
        #expect(later.duration(to: earlier) == .seconds(-3))
        #expect(clock.minimumResolution == .zero)
    }

    @Test func aCancelledSleepThrowsAndLeavesTheClock() async {
        let clock = TestClock(start)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: clock.now.advanced(by: .seconds(5)), tolerance: nil)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.elapsed == .zero)
    }
}
