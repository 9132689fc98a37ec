import Foundation
import NIOConcurrencyHelpers
import StubEngine
import Testing

/// `SessionRegistry` under random traffic and a clock that jumps or stands still, checked after
/// every request against what `SessionLimits` promises: never more than `maxSessions`; a session
/// evicted for space is the least recently used; one evicted as idle was unused longer than
/// `idleSeconds` (and is never the session of the request itself); none outlives `idleSeconds`
/// by more than the sweep's period, `min(60, idleSeconds)`; `default` is never tracked; and
/// `recent()` lists sessions by their last use, also when the clock has not moved.
@Suite struct SessionRegistryPropertyTests {
    private final class Clock: Sendable {
        let now = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))
        var date: Date { now.withLockedValue { $0 } }
        func advance(_ seconds: Double) { now.withLockedValue { $0 += seconds } }
    }

    @Test(arguments: [(3, 30.0), (2, 10.0), (4, 90.0), (1, 5.0)])
    func everyPromiseHoldsAfterEveryRequest(maxSessions: Int, idleSeconds: Double) {
        var limits = SessionLimits()
        limits.maxSessions = maxSessions
        limits.idleSeconds = idleSeconds
        let clock = Clock()
        let registry = SessionRegistry(limits: limits, clock: { clock.date })
        var generator = SeededGenerator(seed: UInt64(maxSessions) * 1000 + UInt64(idleSeconds))
        var lastUse: [String: (at: Date, order: Int)] = [:]   // what the test saw, for the sessions it thinks are kept
        var order = 0
        for step in 0..<3000 {
            // Often the clock stands still (a test clock), sometimes it jumps past the idle limit.
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4: break
            case 4..<9: clock.advance(Double(Int.random(in: 1...Int(idleSeconds / 2) + 1, using: &generator)))
            default: clock.advance(idleSeconds + Double(Int.random(in: -1...61, using: &generator)))
            }
            let session = ["default", "a", "b", "c", "d", "e"].randomElement(using: &generator)!
            let now = clock.date
            let before = lastUse
            let evicted = registry.touch(session)
            let context = "step \(step), \(session) at +\(Int(now.timeIntervalSince1970 - 1_800_000_000)) s"
            for (gone, reason) in evicted {
                #expect(gone != session, "\(context): the request's own session went (\(reason.rawValue))")
                #expect(gone != "default", "\(context): default went")
                guard let used = before[gone] else {
                    Issue.record("\(context): \(gone) went, but it was not kept")
                    continue
                }
                switch reason {
                case .idle:
                    #expect(now.timeIntervalSince(used.at) > idleSeconds, "\(context): \(gone) went idle after \(now.timeIntervalSince(used.at)) s")
                case .leastRecentlyUsed:
                    let survivors = before.filter { name, _ in name != gone && !evicted.contains { $0.session == name } }
                    #expect(survivors.allSatisfy { $0.value.order > used.order }, "\(context): \(gone) was not the least recently used")
                }
                lastUse[gone] = nil
            }
            order += 1
            if session != "default" { lastUse[session] = (now, order) }
            let recent = registry.recent()
            #expect(registry.count <= maxSessions, "\(context): \(registry.count) sessions kept")
            #expect(!recent.contains { $0.session == "default" }, "\(context): default is tracked")
            #expect(Set(recent.map(\.session)) == Set(lastUse.keys), "\(context): kept \(recent.map(\.session)), expected \(lastUse.keys.sorted())")
            #expect(recent.map(\.session) == lastUse.sorted { $0.value.order > $1.value.order }.map(\.key),
                    "\(context): recent() is not by last use")
            if session != "default" { #expect(recent.first?.session == session, "\(context): the session just used is not first") }
            // No session outlives its idle limit by more than the sweep's period.
            let period = min(60, idleSeconds)
            for (name, used) in lastUse where name != session {
                #expect(now.timeIntervalSince(used.at) <= idleSeconds + period,
                        "\(context): \(name) unused for \(now.timeIntervalSince(used.at)) s is still kept")
            }
        }
    }
}
