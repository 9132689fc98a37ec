import Foundation
import HTTPTypes
@testable import StubControl
@testable import StubEngine
@testable import StubRuntime
import Testing

/// Every builder's wire form, read back the way the admin API reads it (strict: an unknown field
/// or a wrong type is refused) and installed in a behaviour book, so a builder that writes a
/// field the stub does not know, or knows differently, fails here rather than in a team's UI test.
@Suite struct StubBehaviourWireTests {
    /// The spec the admin API decodes from the builder's JSON.
    private func spec(_ behaviour: StubBehaviour) throws -> BehaviourSpec {
        let body = try JSONEncoder().encode(behaviour.json)
        var request = RouteExchange(method: "POST", path: "/__stubbank/behaviours", rawQuery: nil,
                                    headers: [.contentType: "application/json"], requestId: "r", authority: "localhost").request
        request.body = Array(body)
        let spec = try AdminInput.decode(BehaviourSpec.self, from: request, shape: AdminInput.behaviour)
        _ = try BehaviourBook(seed: 1).install(spec, session: "wire")
        return spec
    }

    @Test func statusWithHeadersAndACount() throws {
        let read = try spec(.status(503, on: "GET /v1/accounts", headers: ["Retry-After": "120"], for: .requests(2)))
        #expect(read == BehaviourSpec(route: "GET /v1/accounts", status: 503, headers: ["Retry-After": "120"], times: 2))
    }

    @Test func aFixedDelayIsMillisecondsAndARangeIsUniform() throws {
        #expect(try spec(.delay(.milliseconds(1500), on: "GET /v1/atms")).latency == .fixed(1500))
        let range = try spec(.delay(.milliseconds(250)...(.seconds(2))))
        #expect(range.route == "* /**")
        #expect(range.latency == LatencyModel(type: .uniform, minMs: 250, maxMs: 2000))
    }

    @Test func everyFaultIsOneTheStubKnows() throws {
        for fault in StubBehaviour.Fault.allCases {
            let read = try spec(.fault(fault, on: "POST /v1/transfers", for: .seconds(30)))
            #expect(read.fault?.rawValue == fault.rawValue)
            #expect(read.expiresInSeconds == 30)
        }
        #expect(Set(StubBehaviour.Fault.allCases.map(\.rawValue)) == Set(StubEngine.Fault.allCases.map(\.rawValue)),
                "the control library offers every fault the stub has, and no other")
    }

    @Test func offlineResetsEverythingButItsExceptions() throws {
        let read = try spec(.offline(except: ["GET /v1/status"]))
        #expect(read == BehaviourSpec(route: "* /**", except: ["GET /v1/status"], fault: .reset, note: "offline"))
    }

    /// A whole number too large for an exact integer (a count of `Int.max` requests, which is
    /// 2^63 as a `Double`) is written as a JSON number, not trapped on its way to an `Int`.
    @Test func aCountPastIntsRangeIsWrittenNotTrapped() throws {
        let behaviour = StubBehaviour.status(500, on: "GET /v1/cards").limited(to: .requests(Int.max))
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(behaviour.json)) as? [String: Any]
        #expect(object?["times"] as? Double == 9_223_372_036_854_775_808, "\(String(describing: object))")
    }

    @Test func aLimitChangedLaterIsTheOneSent() throws {
        let read = try spec(StubBehaviour.status(500, on: "GET /v1/cards").limited(to: .requests(1)))
        #expect(read.times == 1 && read.expiresInSeconds == nil)
    }

    /// Every field of the stub's vocabulary, set from Swift, reaches the admin API as the stub reads it.
    @Test func everyFieldTheStubKnowsCanBeWrittenFromSwift() throws {
        var behaviour = StubBehaviour.status(402, on: "POST /v1/transfers", headers: ["Retry-After": "5"], for: .requestsWithin(3, seconds: 60))
        behaviour.error = StubBehaviour.ErrorBody(code: "limit", message: "m", displayMessage: "d", retryable: false)
        behaviour.delay = .lognormal(median: .milliseconds(300), sigma: 0.7, cap: .seconds(3))
        behaviour.bandwidth = StubBehaviour.Bandwidth(bytesPerSecond: 2048, chunkBytes: 256)
        behaviour.probability = 0.25
        behaviour.tamperSignature = true
        behaviour.except = ["POST /v1/transfers/preview"]
        behaviour.note = "all"
        let read = try spec(behaviour)
        #expect(read == BehaviourSpec(route: "POST /v1/transfers", except: ["POST /v1/transfers/preview"], status: 402,
                                      headers: ["Retry-After": "5"],
                                      error: ErrorOverride(code: "limit", message: "m", displayMessage: "d", retryable: false),
                                      latency: LatencyModel(type: .lognormal, maxMs: 3000, medianMs: 300, sigma: 0.7),
                                      bandwidth: Bandwidth(bytesPerSecond: 2048, chunkBytes: 256), probability: 0.25, times: 3,
                                      tamperSignature: true, note: "all", expiresInSeconds: 60))
        // And the typed value reads its own JSON back unchanged (a contract case holds this form).
        #expect(try JSONDecoder().decode(StubBehaviour.self, from: JSONEncoder().encode(behaviour)) == behaviour)
    }

    /// Every behaviour of the repository's scenarios, as the engine loads it, reads as a typed
    /// `StubBehaviour` and is written back to the same spec: one vocabulary on both sides.
    @Test func theScenariosBehavioursReadAsTypedBehavioursAndBack() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Stubs")
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("scenarios").path).filter { $0.hasSuffix(".yaml") }
        var problems: [FixtureProblem] = []
        var seen = 0
        for file in files {
            let scenario = try #require(ScenarioLoader.load(relativePath: "scenarios/\(file)", root: root, problems: &problems))
            for original in scenario.behaviours ?? [] {
                let typed = try JSONDecoder().decode(StubBehaviour.self, from: JSONEncoder().encode(original))
                #expect(try spec(typed) == original, "\(file): \(original.route)")
                seen += 1
            }
        }
        #expect(problems.isEmpty)
        #expect(seen >= 3)
    }

    @Test func decodingRefusesWhatTheStubWouldRefuseByName() {
        func reason(_ json: String) -> String {
            do {
                _ = try JSONDecoder().decode(StubBehaviour.self, from: Data(json.utf8))
                return "decoded"
            } catch { return "\(error)" }
        }
        #expect(reason(#"{"route":"GET /x","statuss":503}"#).contains("unknown field statuss"))
        #expect(reason(#"{"route":"GET /x","fault":"resett"}"#).contains("unknown fault resett"))
        #expect(reason(#"{"route":"GET /x","latency":{"type":"fixed"}}"#).contains("ms"))
        #expect(reason(#"{"route":"GET /x","latency":{"type":"gaussian","ms":1}}"#).contains("unknown latency type gaussian"))
        #expect(reason(#"{"route":"GET /x","error":{"kode":"x"}}"#).contains("unknown field kode"))
        #expect(reason(#"{"route":"GET /x","zstatus":503,"statuss":503,"times ":1}"#).contains("unknown fields statuss, times , zstatus;"),
                "every unknown field is named, in name order")
        #expect(reason(#"{"status":503}"#).contains("route"))
    }

    /// A refusal is read from the stub's envelope: its code, and the first detail's field and
    /// message (the one the stub puts first is the one to fix first); without an envelope, the
    /// status and the start of the body.
    @Test func aRefusalNamesTheFirstDetailsField() {
        let envelope = #"{"error":{"code":"validation_failed","message":"Check the behaviour.","details":["#
            + #"{"path":"latency.ms","message":"ms must be at least 0."},{"path":"times","message":"times must be at least 1."}]}}"#
        let error = AdminTransport.error(status: 400, body: Data(envelope.utf8), method: "POST", path: "behaviours")
        #expect(error.status == 400 && error.code == "validation_failed")
        #expect(error.field == "latency.ms")
        #expect(error.message == "Check the behaviour. ms must be at least 0.")
        let plain = AdminTransport.error(status: 502, body: Data("Bad Gateway".utf8), method: "GET", path: "journal")
        #expect(plain.code == "unexpected_status" && plain.field == nil)
        #expect(plain.message == "GET /__stubbank/journal answered 502: Bad Gateway")
        // What a failing test prints: the status, the code, the field to fix and the message.
        #expect("\(error)" == "400 validation_failed (latency.ms): Check the behaviour. ms must be at least 0.")
        #expect("\(plain)" == "502 unexpected_status: GET /__stubbank/journal answered 502: Bad Gateway")
        #expect("\(StubControlError(status: nil, code: "unreachable", message: "m"))" == "no answer unreachable: m")
    }
}
