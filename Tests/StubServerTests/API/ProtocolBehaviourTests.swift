import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

/// Cross-cutting HTTP behaviour: envelopes, request ids, signatures, limits, headers.
@Suite struct ProtocolBehaviourTests {
    @Test func everyResponseHasARequestIdAndEchoesAGivenOne() async throws {
        try await withStub(try makeBackend()) { client in
            let generated = try await client.send(.get, "/v1/status")
            #expect(generated.header("X-Request-Id")?.hasPrefix("req_") == true)
            let missing = try await client.send(.get, "/nowhere")
            #expect(missing.header("X-Request-Id") != nil)
            let echoed = try await client.send(.get, "/v1/status", headers: ["X-Request-Id": "trace-42"])
            #expect(echoed.header("X-Request-Id") == "trace-42")
        }
    }

    @Test func signatureIsHMACOfTheBodyAndTamperingBreaksIt() async throws {
        let signer = ResponseSigner(key: "stubbank-dev-signing-key")
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.get, "/v1/status")
            #expect(response.header("X-Signature") == signer.signature(for: Array(response.text.utf8)))
        }
        try await withStub(try makeBackend { $0.scenario = "tampered-signature" }) { client in
            let response = try await client.send(.get, "/v1/status")
            let signature = try #require(response.header("X-Signature"))
            #expect(signature.count == 64)
            #expect(signature != signer.signature(for: Array(response.text.utf8)))
        }
    }

    @Test func unknownRouteNamesTheClosestAndWrongMethodIs405() async throws {
        try await withStub(try makeBackend()) { client in
            let missing = try await client.send(.get, "/v1/acounts")
            #expect(missing.status == .notFound)
            #expect((missing.errorBody["message"] as? String)?.contains("GET /v1/accounts") == true)
            let wrong = try await client.send(.put, "/v1/cards")
            #expect(wrong.status == .methodNotAllowed)
            #expect(wrong.header("Allow") == "GET")
        }
    }

    @Test func oversizedBodyIs413() async throws {
        try await withStub(try makeBackend { $0.maxBodyBytes = 1024 }) { client in
            let big = #"{"grant_type":"password","username":""# + String(repeating: "a", count: 4096) + #""}"#
            let response = try await client.send(.post, "/v1/auth/token", json: big)
            #expect(response.status == .contentTooLarge)
            #expect(response.errorBody["code"] as? String == "payload_too_large")
        }
    }

    @Test func malformedJSONIs400AndWrongContentTypeIs415() async throws {
        try await withStub(try makeBackend()) { client in
            let broken = try await client.send(.post, "/v1/auth/token", json: #"{"grant_type": "password",,"#)
            #expect(broken.status == .badRequest)
            #expect(broken.errorBody["code"] as? String == "malformed_json")
            let form = try await client.send(.post, "/v1/auth/token", headers: ["Content-Type": "text/plain"])
            #expect(form.status == .unsupportedMediaType)
        }
    }

    @Test func stubHeadersOverrideStatusAndRejectBadValues() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let forced = try await client.send(.get, "/v1/accounts", token: token, headers: ["X-Stub-Status": "429"])
            #expect(forced.status == .tooManyRequests)
            #expect(forced.header("Retry-After") != nil)
            #expect(forced.errorBody["retryable"] as? Bool == true)
            for (header, value) in [("X-Stub-Status", "abc"), ("X-Stub-Delay", "-5"), ("X-Stub-Fault", "explode"), ("X-Stub-Session", "has space")] {
                let response = try await client.send(.get, "/v1/accounts", token: token, headers: [header: value])
                #expect(response.status == .badRequest, "\(header): \(value)")
                #expect((response.errorBody["details"] as? [[String: Any]])?.first?["path"] as? String == header)
            }
        }
    }

    @Test func malformedAndWrongContentTypeFaultsChangeTheBody() async throws {
        try await withStub(try makeBackend()) { client in
            let malformed = try await client.send(.get, "/v1/status", headers: ["X-Stub-Fault": "malformed"])
            #expect(malformed.status == .ok)
            #expect((try? JSONSerialization.jsonObject(with: Data(malformed.text.utf8))) == nil)
            let html = try await client.send(.get, "/v1/status", headers: ["X-Stub-Fault": "wrong-content-type"])
            #expect(html.header("Content-Type")?.hasPrefix("text/html") == true)
        }
    }
}

@Suite struct RequestBodyRulesTests {
    @Test func nullForADeclaredFieldIs400ButUnknownFieldsAreIgnored() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let nulled = try await client.send(.post, "/v1/support/tickets", token: token, json: #"{"subject":"a","message":"b","category":null}"#)
            #expect(nulled.status == .badRequest)
            #expect((nulled.errorBody["details"] as? [[String: Any]])?.first?["path"] as? String == "category")
            let extra = try await client.send(.post, "/v1/support/tickets", token: token, json: #"{"subject":"a","message":"b","x":null}"#)
            #expect(extra.status == .created)
        }
    }

    @Test func halfALocationIs422() async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.get, "/v1/atms?lat=52.5")
            #expect(response.status == .unprocessableContent)
            #expect(response.errorBody["code"] as? String == "location_incomplete")
        }
    }
}
