import Foundation
import StubEngine
import StubFormats
import Testing

/// The behaviour fields a route, a response or the folder defaults may carry (`latency`,
/// `bandwidth`, `fault`, `probability`, `times`, `tamperSignature`), each at the ends of what it
/// takes: the last value accepted and the first refused, with the field named in the refusal.
@Suite struct RouteBehaviourFieldsTests {
    /// The problems of a route file whose one response carries `fields`, and the behaviour loaded.
    private func load(response fields: String) -> (reasons: [String], behaviour: RouteBehaviour?) {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - id: r
                request: { path: /v1/r }
                responses:
                  - { status: 200, \(fields) }
            """)
        return (problems.map(\.reason), routes.routes.first?.responses.first?.behaviour)
    }

    /// The same fields on the route itself, and in the folder defaults.
    private func reasons(route fields: String) -> [String] {
        RouteFolder.load("""
            routes:
              - id: r
                request: { path: /v1/r }
                \(fields)
                responses:
                  - { status: 200 }
            """).1.map(\.reason)
    }

    /// A response's drawn latency is drawn again for each request (seeded by the route, the
    /// session and the count), not once for the route: a route with nothing else to count or
    /// draw still is no fixed answer when its latency is a range.
    @Test func aRangeOfLatencyIsDrawnForEachRequest() throws {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - id: slow
                request: { path: /v1/slow }
                responses:
                  - { status: 200, latency: { type: uniform, minMs: 0, maxMs: 1000 } }
            """)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 7), clock: Date.init)])
        let delays = (0..<8).map { _ in probe.answer("/v1/slow").delayMs }
        #expect(delays.allSatisfy { (0...1000).contains($0) }, "\(delays)")
        #expect(Set(delays).count > 4, "drawn for each request: \(delays)")
    }

    @Test func probabilityTakesZeroToOneBothIncluded() {
        for accepted in ["0", "0.0", "0.5", "1", "1.0"] {
            let (reasons, behaviour) = load(response: "probability: \(accepted)")
            #expect(reasons.isEmpty, "probability: \(accepted): \(reasons)")
            #expect(behaviour?.probability == Double(accepted), "probability: \(accepted)")
        }
        for refused in ["-0.01", "1.01", "2", "-1"] {
            #expect(load(response: "probability: \(refused)").reasons == ["routes[0].responses[0].probability must be between 0 and 1"],
                    "probability: \(refused)")
        }
        #expect(load(response: "probability: half").reasons == ["routes[0].responses[0].probability must be a number"])
    }

    @Test func timesTakesOneOrMoreWholeTimes() {
        for accepted in [1, 2, 1000] {
            let (reasons, behaviour) = load(response: "times: \(accepted)")
            #expect(reasons.isEmpty && behaviour?.times == accepted, "times: \(accepted): \(reasons)")
        }
        for refused in ["0", "-1"] {
            #expect(load(response: "times: \(refused)").reasons == ["routes[0].responses[0].times must be at least 1"], "times: \(refused)")
        }
        #expect(load(response: "times: 1.5").reasons == ["routes[0].responses[0].times must be a whole number"])
    }

    @Test func bandwidthNeedsAtLeastOneBytePerSecondAndPerChunk() {
        let (reasons, behaviour) = load(response: "bandwidth: { bytesPerSecond: 1 }")
        #expect(reasons.isEmpty)
        #expect(behaviour?.bandwidth == Bandwidth(bytesPerSecond: 1), "chunkBytes may be left out")
        #expect(load(response: "bandwidth: { bytesPerSecond: 1, chunkBytes: 1 }").reasons.isEmpty)
        for refused in ["{ bytesPerSecond: 0 }", "{ bytesPerSecond: -5 }", "{ bytesPerSecond: 10, chunkBytes: 0 }"] {
            #expect(load(response: "bandwidth: \(refused)").reasons
                    == ["routes[0].responses[0].bandwidth: bytesPerSecond and chunkBytes must be at least 1"], "\(refused)")
        }
    }

    @Test func faultIsOneOfTheNamedFaultsSpelledExactly() {
        for fault in Fault.allCases {
            let (reasons, behaviour) = load(response: "fault: \(fault.rawValue)")
            #expect(reasons.isEmpty && behaviour?.fault == fault, "\(fault.rawValue): \(reasons)")
        }
        for refused in ["Reset", "reset_after", "boom"] {
            let reasons = load(response: "fault: \(refused)").reasons
            #expect(reasons.count == 1 && reasons[0].hasPrefix("routes[0].responses[0].fault must be one of reset, reset-after"),
                    "\(refused): \(reasons)")
        }
    }

    @Test func latencyIsCheckedForItsType() {
        #expect(load(response: "latency: { type: fixed, ms: 0 }").reasons.isEmpty)
        #expect(load(response: "latency: { type: fixed, ms: 600000 }").reasons.isEmpty)
        #expect(load(response: "latency: { type: fixed, ms: 600001 }").reasons == ["routes[0].responses[0].latency.ms must be between 0 and 600000 ms"])
        #expect(load(response: "latency: { type: fixed }").reasons == ["routes[0].responses[0].latency.ms a fixed latency needs ms"])
        #expect(load(response: "latency: { type: uniform, minMs: 5, maxMs: 5 }").reasons.isEmpty)
        #expect(load(response: "latency: { type: uniform, minMs: 6, maxMs: 5 }").reasons == ["routes[0].responses[0].latency.minMs minMs must not exceed maxMs"])
        #expect(load(response: "latency: { type: lognormal, medianMs: 100, sigma: 5 }").reasons.isEmpty)
        #expect(load(response: "latency: { type: lognormal, medianMs: 100, sigma: 5.1 }").reasons == ["routes[0].responses[0].latency.sigma sigma must be between 0 and 5"])
        #expect(load(response: "latency: { type: jittery, ms: 1 }").reasons.first?.hasPrefix("routes[0].responses[0].latency:") == true)
    }

    @Test func tamperSignatureIsTrueOrFalse() {
        #expect(load(response: "tamperSignature: true").behaviour?.tamperSignature == true)
        #expect(load(response: "tamperSignature: false").behaviour?.tamperSignature == false)
        #expect(load(response: "tamperSignature: sometimes").reasons == ["routes[0].responses[0].tamperSignature must be true or false"])
    }

    /// `times` and `probability` belong to a response; the route and the folder defaults take
    /// the others, checked alike.
    @Test func theRouteAndTheFolderDefaultsAreCheckedAlike() {
        #expect(reasons(route: "fault: reset") == [])
        #expect(reasons(route: "fault: boom").first?.hasPrefix("routes[0].fault must be one of") == true)
        #expect(reasons(route: "bandwidth: { bytesPerSecond: 0 }") == ["routes[0].bandwidth: bytesPerSecond and chunkBytes must be at least 1"])
        #expect(reasons(route: "times: 2").first?.contains("unknown field \"times\"") == true)
        let defaults = RouteFolder.load("""
            defaults:
              bandwidth: { bytesPerSecond: 0 }
            routes:
              - id: r
                request: { path: /v1/r }
                responses:
                  - { status: 200 }
            """).1.map(\.reason)
        #expect(defaults == ["defaults.bandwidth: bytesPerSecond and chunkBytes must be at least 1"], "\(defaults)")
    }

    /// A response's own field wins over its route's, which wins over the folder's.
    @Test func theNearestFieldWins() throws {
        let (routes, problems) = RouteFolder.load("""
            defaults:
              fault: empty
              tamperSignature: true
              bandwidth: { bytesPerSecond: 100 }
              latency: { type: fixed, ms: 500 }
            routes:
              - id: r
                request: { path: /v1/r }
                fault: reset
                bandwidth: { bytesPerSecond: 200 }
                latency: { type: fixed, ms: 10 }
                responses:
                  - { status: 200, fault: malformed, latency: { type: fixed, ms: 1 } }
                  - { status: 201 }
              - id: s
                request: { path: /v1/s }
                responses:
                  - { status: 200, tamperSignature: false }
            """)
        #expect(problems.isEmpty, "\(problems)")
        let r = try #require(routes.routes.first { $0.id == "r" }?.responses)
        #expect(r.map(\.behaviour.fault) == [.malformed, .reset])
        #expect(r.map(\.behaviour.bandwidth?.bytesPerSecond) == [200, 200])
        #expect(r.map(\.behaviour.tamperSignature) == [true, true])
        #expect(r.map(\.behaviour.latency) == [.fixed(1), .fixed(10)])
        let s = try #require(routes.routes.first { $0.id == "s" }?.responses)
        #expect(s.map(\.behaviour.fault) == [.empty])
        #expect(s.map(\.behaviour.tamperSignature) == [false])
        #expect(s.map(\.behaviour.bandwidth?.bytesPerSecond) == [100])
        #expect(s.map(\.behaviour.latency) == [.fixed(500)])
    }
}
