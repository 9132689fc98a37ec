import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine

/// The admin API reads its input as strictly as the bank API: each mistake gets a 4xx with the
/// envelope naming the field, and none is taken silently.
@Suite struct AdminStrictInputTests {
    private func post(_ body: String, contentType: String = "application/json") async throws -> TestResponse {
        try await withStub(try makeBackend()) { client in
            try await client.execute(uri: "/__stubbank/behaviours", method: .post, headers: [.contentType: contentType],
                                     body: .init(string: body))
        }
    }

    private func detail(_ response: TestResponse) -> (path: String?, code: String?, message: String?) {
        let first = (response.errorBody["details"] as? [[String: Any]])?.first
        return (first?["path"] as? String, first?["code"] as? String, first?["message"] as? String)
    }

    @Test func unknownFieldsAreNamedWithTheNearestKnownOne() async throws {
        let top = try await post(#"{"route":"GET /v1/status","stauts":503}"#)
        #expect(top.status == .badRequest)
        #expect(detail(top).path == "stauts")
        #expect(detail(top).code == "unknown_field")
        #expect(detail(top).message?.contains("did you mean status?") == true)
        let nested = try await post(#"{"route":"GET /v1/status","latency":{"type":"lognormal","medianMS":80}}"#)
        #expect(detail(nested).path == "latency.medianMS")
        #expect(detail(nested).message?.contains("did you mean latency.medianMs?") == true)
    }

    @Test func explicitNullIsRefused() async throws {
        let response = try await post(#"{"route":"GET /v1/status","status":null,"fault":"reset"}"#)
        #expect(response.status == .badRequest)
        #expect(detail(response).path == "status")
        #expect(detail(response).code == "null_not_allowed")
        let header = try await post(#"{"route":"GET /v1/status","headers":{"Retry-After":null}}"#)
        #expect(detail(header).path == "headers.Retry-After")
        #expect(detail(header).code == "null_not_allowed")
    }

    @Test func anOutOfRangeNumberNamesTheFieldAndIsNotCalledBadJSON() async throws {
        for body in [#"{"route":"GET /v1/status","status":99999999999999999999}"#, #"{"route":"GET /v1/status","times":1.5}"#] {
            let response = try await post(body)
            #expect(response.status == .badRequest)
            #expect(detail(response).code == "out_of_range", "\(body)")
            #expect(response.errorBody["code"] as? String != "malformed_json")
        }
    }

    @Test func anInvalidHeaderNameOrValueIsRefused() async throws {
        let name = try await post(#"{"route":"GET /v1/status","headers":{"Bad Name":"x"}}"#)
        #expect(name.status == .badRequest)
        #expect(detail(name).path == "headers.Bad Name")
        let value = try await post(#"{"route":"GET /v1/status","headers":{"X-Ok":"one\r\nSet-Cookie: two"}}"#)
        #expect(value.status == .badRequest, "a CR LF in a value would smuggle a header")
        #expect(detail(value).path == "headers.X-Ok")
    }

    @Test func aBodyThatIsNotJSONIs415() async throws {
        let response = try await post("route=GET+/v1/status", contentType: "application/x-www-form-urlencoded")
        #expect(response.status == .unsupportedMediaType)
        #expect(response.errorBody["code"] as? String == "unsupported_media_type")
    }

    @Test func aWrongMethodIs405WithAllow() async throws {
        try await withStub(try makeBackend()) { client in
            let patch = try await client.send(.patch, "/__stubbank/behaviours")
            #expect(patch.status == .methodNotAllowed)
            #expect(patch.header("Allow") == "GET, POST, DELETE")
            let reset = try await client.send(.get, "/__stubbank/reset")
            #expect(reset.header("Allow") == "POST")
            #expect(try await client.send(.patch, "/__stubbank/journal").header("Allow") == "GET, DELETE")
            #expect(try await client.send(.delete, "/__stubbank/journal").status == .noContent, "the journal is cleared with DELETE")
            #expect(try await client.send(.get, "/__stubbank/nothing").status == .notFound)
        }
    }

    @Test func anEmptyAdminTokenIsRefusedAtStart() throws {
        for token in ["", "   "] {
            #expect(throws: StubServerError.self) { try makeBackend { $0.adminToken = token } }
        }
    }

    @Test func tokensCompareByContent() {
        #expect(AdminAPI.constantTimeEquals("s3cret", "s3cret"))
        #expect(!AdminAPI.constantTimeEquals("s3cres", "s3cret"))
        #expect(!AdminAPI.constantTimeEquals("s3cre", "s3cret"))
        #expect(!AdminAPI.constantTimeEquals("", "s3cret"))
        #expect(!AdminAPI.constantTimeEquals("s3cret-and-more", "s3cret"))
    }
}
