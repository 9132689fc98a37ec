import BankingData
import BankingDomain
import Foundation
import Testing

@Suite struct AuthMiddlewareTests {
    /// A client whose fake bank answers 401 to the stale token and 200 to the fresh one.
    func makeClient(log: CallLog, refresh: @escaping @Sendable () -> HTTPResponseData = { FakeBank.signed(200, FakeBank.token) }) async -> BankingClient {
        let transport = ClosureTransport { request in
            await log.record(request)
            if request.path == "/v1/auth/token" { return refresh() }
            if request.headers["Authorization"] == "Bearer fresh" { return FakeBank.signed(200, FakeBank.profile) }
            return FakeBank.error(401, code: "invalid_token")
        }
        let vault = TokenVault(session: Session(accessToken: "stale", refreshToken: "rt1", expiresAt: .distantFuture))
        return await BankingClient(transport: transport, signingKey: testKey, vault: vault)
    }

    @Test func a401RefreshesOnceAndRetriesOnce() async throws {
        let log = CallLog()
        let client = await makeClient(log: log)
        let profile = try await client.profile.profile()
        #expect(profile.username == "alex")
        #expect(await log.calls == ["GET /v1/me Bearer stale", "POST /v1/auth/token -", "GET /v1/me Bearer fresh"])
        #expect(await client.vault.current?.refreshToken == "rt2")
    }

    @Test func tenConcurrent401sShareOneRefresh() async throws {
        let log = CallLog()
        let client = await makeClient(log: log)
        try await withThrowingTaskGroup(of: UserProfile.self) { group in
            for _ in 0..<10 { group.addTask { try await client.profile.profile() } }
            for try await profile in group { #expect(profile.username == "alex") }
        }
        #expect(await log.count("POST /v1/auth/token") == 1)
        #expect(await log.count("GET /v1/me Bearer fresh") == 10)
    }

    @Test func aFailedRefreshExpiresTheSession() async throws {
        let log = CallLog()
        let client = await makeClient(log: log) { FakeBank.error(400, code: "invalid_grant") }
        await #expect(throws: BankingError.sessionExpired) { try await client.profile.profile() }
        #expect(await next(client.vault.sessionExpired, within: 5) != nil, "the session-expired signal fired")
        #expect(await client.vault.current == nil)
        #expect(await log.count("POST /v1/auth/token") == 1)
        // Signed out now: the next call fails at once without a request.
        await #expect(throws: BankingError.unauthorized) { try await client.accounts.accounts() }
        #expect(await log.calls.count == 2)
    }

    @Test func aSecond401AfterRefreshIsNotRetriedAgain() async throws {
        let log = CallLog()
        let transport = ClosureTransport { request in
            await log.record(request)
            return request.path == "/v1/auth/token" ? FakeBank.signed(200, FakeBank.token) : FakeBank.error(401, code: "invalid_token")
        }
        let vault = TokenVault(session: Session(accessToken: "stale", refreshToken: "rt1", expiresAt: .distantFuture))
        let client = await BankingClient(transport: transport, signingKey: testKey, vault: vault)
        await #expect(throws: BankingError.sessionExpired) { try await client.profile.profile() }
        #expect(await log.calls.count == 3)
    }

    @Test func signInStoresTheSessionWithoutAToken() async throws {
        let log = CallLog()
        let transport = ClosureTransport { request in
            await log.record(request)
            return FakeBank.signed(200, FakeBank.token)
        }
        let client = await BankingClient(transport: transport, signingKey: testKey)
        _ = try await client.auth.signIn(username: "alex", password: "pass_good")
        #expect(await client.vault.current?.accessToken == "fresh")
        #expect(await log.calls == ["POST /v1/auth/token -"])
    }
}
