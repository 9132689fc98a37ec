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

    @Test func aLimitChangedLaterIsTheOneSent() throws {
        let read = try spec(StubBehaviour.status(500, on: "GET /v1/cards").limited(to: .requests(1)))
        #expect(read.times == 1 && read.expiresInSeconds == nil)
    }
}
