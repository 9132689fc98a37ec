import Testing
@testable import StubEngine

/// What a behaviour may ask for: each bound on both of its sides, refused naming the field the
/// admin API's error envelope names, so a client sees which value to change.
@Suite struct BehaviourSpecTests {
    private func fields(_ spec: BehaviourSpec) -> [String] { spec.problems().map(\.path) }

    @Test func eachBoundIsCheckedOnBothSidesNamingItsField() {
        let route = "GET /v1/accounts"
        let cases: [(BehaviourSpec, [String])] = [
            (BehaviourSpec(route: route, status: 200), []), (BehaviourSpec(route: route, status: 599), []),
            (BehaviourSpec(route: route, status: 199), ["status"]), (BehaviourSpec(route: route, status: 600), ["status"]),
            (BehaviourSpec(route: route, status: 503, probability: 0), []), (BehaviourSpec(route: route, status: 503, probability: 1), []),
            (BehaviourSpec(route: route, status: 503, probability: -0.01), ["probability"]),
            (BehaviourSpec(route: route, status: 503, probability: 1.01), ["probability"]),
            (BehaviourSpec(route: route, status: 503, times: 1), []), (BehaviourSpec(route: route, status: 503, times: 0), ["times"]),
            (BehaviourSpec(route: route, status: 503, expiresInSeconds: 1), []),
            (BehaviourSpec(route: route, status: 503, expiresInSeconds: 86_400), []),
            (BehaviourSpec(route: route, status: 503, expiresInSeconds: 0.5), ["expiresInSeconds"]),
            (BehaviourSpec(route: route, status: 503, expiresInSeconds: 86_401), ["expiresInSeconds"]),
            (BehaviourSpec(route: route, bandwidth: Bandwidth(bytesPerSecond: 1, chunkBytes: 1)), []),
            (BehaviourSpec(route: route, bandwidth: Bandwidth(bytesPerSecond: 0)), ["bandwidth.bytesPerSecond"]),
            (BehaviourSpec(route: route, bandwidth: Bandwidth(bytesPerSecond: 10, chunkBytes: 0)), ["bandwidth.chunkBytes"]),
            (BehaviourSpec(route: route, latency: LatencyModel(type: .fixed, ms: 600_000)), []),
            (BehaviourSpec(route: route, latency: LatencyModel(type: .fixed, ms: 600_001)), ["latency.ms"]),
            (BehaviourSpec(route: route, latency: LatencyModel(type: .fixed, ms: -1)), ["latency.ms"]),
            (BehaviourSpec(route: route, latency: LatencyModel(type: .uniform, minMs: 5, maxMs: 5)), []),
            (BehaviourSpec(route: route, latency: LatencyModel(type: .uniform, minMs: 6, maxMs: 5)), ["latency.minMs"]),
            (BehaviourSpec(route: route, latency: LatencyModel(type: .lognormal, medianMs: 80, sigma: 5)), []),
            (BehaviourSpec(route: route, latency: LatencyModel(type: .lognormal, medianMs: 80, sigma: 5.01)), ["latency.sigma"]),
            (BehaviourSpec(route: route, headers: ["X-Trace": "a"]), []),
            (BehaviourSpec(route: route, headers: ["Bad Name": "a"]), ["headers.Bad Name"]),
            (BehaviourSpec(route: route, headers: ["Content-Length": "9"]), ["headers.Content-Length"]),
            (BehaviourSpec(route: route, headers: ["X-Trace": "a\r\nX-Evil: 1"]), ["headers.X-Trace"]),
            (BehaviourSpec(route: "FETCH /v1", status: 503), ["route"]),
            (BehaviourSpec(route: route, except: ["GET /ok", "v1/no-slash"], status: 503), ["except[1]"]),
            (BehaviourSpec(route: route), [""]),
            (BehaviourSpec(route: route, tamperSignature: true), []),
            (BehaviourSpec(route: route, tamperSignature: false), [""]),
        ]
        for (spec, expected) in cases {
            #expect(fields(spec) == expected, "\(spec.status.map(String.init) ?? "") \(spec.probability.map { "\($0)" } ?? "")")
        }
    }
}
