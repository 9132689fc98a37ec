import HTTPTypes
import HummingbirdTesting
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

/// A token belongs to the session it was issued in, and a spent refresh token presented again
/// revokes its whole family (OAuth 2.0 Security BCP §4.14).
@Suite struct TokenSessionTests {
    static func password(_ session: String) -> (String, [String: String]) {
        (#"{"grant_type":"password","username":"alex","password":"pass_good"}"#, ["X-Stub-Session": session])
    }

    static func refresh(_ token: String) -> String { #"{"grant_type":"refresh_token","refresh_token":"\#(token)"}"# }

    @Test func anAccessTokenUsedInAnotherSessionIs401AndActsOnNothing() async throws {
        try await withStub(try makeBackend()) { client in
            let a = try await client.login(session: "a")
            // By header and by URL prefix: the token of session a is unknown in session b.
            let byHeader = try await client.send(.post, "/v1/cards/card_alex_debit/freeze", token: a, headers: ["X-Stub-Session": "b"])
            #expect(byHeader.status == .unauthorized)
            #expect(byHeader.errorBody["code"] as? String == "invalid_token")
            #expect(try await client.send(.get, "/_s/b/v1/accounts", token: a).status == .unauthorized)
            // Session a's card was not frozen by the attempt.
            let cards = try await client.send(.get, "/v1/cards", token: a, headers: ["X-Stub-Session": "a"])
            #expect(cards.dataList.first { $0["id"] as? String == "card_alex_debit" }?["status"] as? String == "active")
            // Logging out in session b does not revoke session a's token.
            _ = try await client.send(.post, "/v1/auth/logout", token: a, headers: ["X-Stub-Session": "b"])
            #expect(try await client.send(.get, "/v1/accounts", token: a, headers: ["X-Stub-Session": "a"]).status == .ok)
        }
    }

    @Test func aRefreshTokenUsedInAnotherSessionIsRefusedAndStaysGoodInItsOwn() async throws {
        try await withStub(try makeBackend()) { client in
            let (body, headers) = Self.password("a")
            let signIn = try await client.send(.post, "/v1/auth/token", json: body, headers: headers)
            let token = try #require(signIn.json["refresh_token"] as? String)
            let elsewhere = try await client.send(.post, "/v1/auth/token", json: Self.refresh(token), headers: ["X-Stub-Session": "b"])
            #expect(elsewhere.status == .badRequest)
            #expect(elsewhere.errorBody["code"] as? String == "invalid_grant")
            let home = try await client.send(.post, "/v1/auth/token", json: Self.refresh(token), headers: ["X-Stub-Session": "a"])
            #expect(home.status == .ok)
        }
    }

    @Test func reusingASpentRefreshTokenRevokesTheWholeFamily() async throws {
        try await withStub(try makeBackend()) { client in
            let signIn = try await client.send(.post, "/v1/auth/token", json: Self.password("default").0)
            let first = try #require(signIn.json["refresh_token"] as? String)
            let rotated = try await client.send(.post, "/v1/auth/token", json: Self.refresh(first))
            let rotatedAccess = try #require(rotated.json["access_token"] as? String)
            let rotatedRefresh = try #require(rotated.json["refresh_token"] as? String)
            #expect(try await client.send(.get, "/v1/accounts", token: rotatedAccess).status == .ok)
            // The thief (or a confused client) presents the spent token again.
            let reuse = try await client.send(.post, "/v1/auth/token", json: Self.refresh(first))
            #expect(reuse.status == .badRequest)
            #expect(reuse.errorBody["code"] as? String == "invalid_grant")
            // The pair rotated from it is revoked too.
            #expect(try await client.send(.get, "/v1/accounts", token: rotatedAccess).status == .unauthorized)
            let stolen = try await client.send(.post, "/v1/auth/token", json: Self.refresh(rotatedRefresh))
            #expect(stolen.status == .badRequest)
            // Another sign-in of the same customer is a different family and keeps working.
            let other = try await client.login()
            #expect(try await client.send(.get, "/v1/accounts", token: other).status == .ok)
        }
    }
}
