import Foundation
import HTTPTypes
import Testing
@testable import StubEngine

/// A route file's answer, rendered by the engine with no HTTP: templates in an inline JSON body and
/// in header values see the request and the route's counter on every request, and a route whose
/// responses are all counted moves on when each is used up.
@Suite struct RouteFileRenderingTests {
    private func probe(_ yaml: String) throws -> EngineProbe {
        let (routes, problems) = RouteFolder.load(yaml)
        try #require(problems.isEmpty, "\(problems)")
        return EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
    }

    /// An inline JSON body with templates is rendered per request (a body without any is written
    /// once), and a header's template makes the route count its requests even when the body is
    /// plain and the mode is `first`.
    @Test func templatesInAnInlineJSONBodyAndInHeadersRenderForEachRequest() throws {
        let probe = try probe("""
            routes:
              - id: one
                request: { method: GET, path: "/v1/accounts/{id}" }
                responses:
                  - status: 200
                    headers: { X-Seq: "{{counter}}", Location: "/v1/accounts/{{path.id}}" }
                    body: { id: "{{path.id}}", seq: "{{counter}}", kind: current }
              - id: plain-body
                request: { method: GET, path: /v1/status }
                responses:
                  - status: 200
                    headers: { X-Seq: "{{counter}}" }
                    body: { up: true }
            """)
        for (index, id) in ["acc_1", "acc_2", "acc_3"].enumerated() {
            let plan = probe.answer("/v1/accounts/\(id)")
            #expect(plan.status == .ok)
            let body = try JSONSerialization.jsonObject(with: Data(plan.body)) as? [String: Any]
            #expect(body?["id"] as? String == id && body?["kind"] as? String == "current", "\(plan.text)")
            #expect(body?["seq"] as? String == String(index + 1), "\(plan.text)")
            #expect(plan.headers[HTTPField.Name("X-Seq")!] == String(index + 1))
            #expect(plan.headers[.location] == "/v1/accounts/\(id)")
        }
        for visit in 1...2 {
            let plan = probe.answer("/v1/status")
            #expect(plan.text == #"{"up":true}"#)
            #expect(plan.headers[HTTPField.Name("X-Seq")!] == String(visit), "a header template alone counts the route's requests")
        }
    }

    /// Mode `first` with every response limited by `times`: each is served its times, then the
    /// next; when all are used up the last stays.
    @Test func aRouteWhoseEveryResponseIsCountedMovesOn() throws {
        let probe = try probe("""
            routes:
              - id: onboarding
                request: { method: POST, path: /v1/kyc/checks }
                responses:
                  - { status: 202, times: 2 }
                  - { status: 200, times: 1 }
            """)
        let served = (0..<5).map { _ in Int(probe.answer("/v1/kyc/checks", method: "POST").status.code) }
        #expect(served == [202, 202, 200, 200, 200])
    }
}
