import HTTPTypes
import HummingbirdTesting
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubServerTesting
import Testing

@Suite struct AuthAPITests {
    @Test func passwordGrantIssuesTokens() async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.post, "/v1/auth/token", json: #"{"grant_type":"password","username":"alex","password":"pass_good"}"#)
            #expect(response.status == .ok)
            #expect(response.json["token_type"] as? String == "Bearer")
            #expect(response.json["expires_in"] as? Int == 900)
            #expect((response.json["refresh_token"] as? String)?.isEmpty == false)
        }
    }

    @Test func wrongPasswordIs401WithTheEnvelope() async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.post, "/v1/auth/token", json: #"{"grant_type":"password","username":"alex","password":"nope"}"#)
            #expect(response.status == .unauthorized)
            #expect(response.errorBody["code"] as? String == "invalid_credentials")
            #expect(response.errorBody["requestId"] as? String == response.header("X-Request-Id"))
            #expect(response.errorBody["displayMessage"] as? String == "The username or password is incorrect.")
        }
    }

    @Test func lockedPersonaGets423() async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.post, "/v1/auth/token", json: #"{"grant_type":"password","username":"locked","password":"pass_good"}"#)
            #expect(response.status.code == 423)
            #expect(response.errorBody["code"] as? String == "account_locked")
        }
    }

    @Test(arguments: [("error_RATE_LIMITED", 429), ("error_MAINTENANCE", 503), ("error_500", 500), ("error_FORBIDDEN", 403)])
    func forcedErrorPasswords(password: String, status: Int) async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.post, "/v1/auth/token", json: #"{"grant_type":"password","username":"alex","password":"\#(password)"}"#)
            #expect(Int(response.status.code) == status)
            if status == 429 || status == 503 { #expect(response.header("Retry-After") == "120") }
        }
    }

    @Test func unknownForcedErrorListsTheKnownOnes() async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.post, "/v1/auth/token", json: #"{"grant_type":"password","username":"alex","password":"error_BANANA"}"#)
            #expect(response.status == .unprocessableContent)
            #expect((response.errorBody["message"] as? String)?.contains("RATE_LIMITED") == true)
        }
    }

    @Test func refreshTokensRotateAndReuseIsInvalidGrant() async throws {
        try await withStub(try makeBackend()) { client in
            let first = try await client.send(.post, "/v1/auth/token", json: #"{"grant_type":"password","username":"alex","password":"pass_good"}"#)
            let refresh = try #require(first.json["refresh_token"] as? String)
            let second = try await client.send(.post, "/v1/auth/token", json: #"{"grant_type":"refresh_token","refresh_token":"\#(refresh)"}"#)
            #expect(second.status == .ok)
            #expect(second.json["refresh_token"] as? String != refresh)
            let reuse = try await client.send(.post, "/v1/auth/token", json: #"{"grant_type":"refresh_token","refresh_token":"\#(refresh)"}"#)
            #expect(reuse.status == .badRequest)
            #expect(reuse.errorBody["code"] as? String == "invalid_grant")
        }
    }

    @Test func expiredAccessTokenIs401WithWWWAuthenticate() async throws {
        let clock = TestClock()
        try await withStub(try makeBackend(clock: clock) { $0.tokenTTLSeconds = 60 }) { client in
            let token = try await client.login()
            #expect(try await client.send(.get, "/v1/me", token: token).status == .ok)
            clock.advance(by: 61)
            let expired = try await client.send(.get, "/v1/me", token: token)
            #expect(expired.status == .unauthorized)
            #expect(expired.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
            #expect(expired.errorBody["code"] as? String == "invalid_token")
        }
    }

    @Test func sessionExpiryScenarioShortensTokens() async throws {
        let clock = TestClock()
        try await withStub(try makeBackend(clock: clock) { $0.scenario = "session-expiry" }) { client in
            let token = try await client.login()
            clock.advance(by: 6)
            #expect(try await client.send(.get, "/v1/me", token: token).status == .unauthorized)
        }
    }

    @Test func logoutRevokesTheToken() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            #expect(try await client.send(.post, "/v1/auth/logout", token: token).status == .noContent)
            #expect(try await client.send(.get, "/v1/accounts", token: token).status == .unauthorized)
        }
    }

    @Test func missingFieldsAndBadGrantAre400() async throws {
        try await withStub(try makeBackend()) { client in
            let missing = try await client.send(.post, "/v1/auth/token", json: #"{"grant_type":"password","username":"alex"}"#)
            #expect(missing.status == .badRequest)
            #expect((missing.errorBody["details"] as? [[String: Any]])?.first?["path"] as? String == "password")
            let grant = try await client.send(.post, "/v1/auth/token", json: #"{"grant_type":"client_credentials"}"#)
            #expect(grant.errorBody["code"] as? String == "unsupported_grant_type")
        }
    }
}
