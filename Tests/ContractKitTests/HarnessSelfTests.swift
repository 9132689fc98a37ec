import BankingContracts
import BankingData
import BankingPresentation
import ContractKit
import Crypto
import Foundation
import Logging
import StubServer
import Testing

/// The harness must catch a broken client, and say which layer broke.
@Suite struct HarnessSelfTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cases = Dictionary(uniqueKeysWithValues: CaseLoader(directory: root.appendingPathComponent("Contracts/cases"), client: ReferenceClient().contractClient()).load().cases.map { ($0.id, $0) })

    func withHost(_ body: (LiveStub) async throws -> Void) async throws {
        var logger = Logger(label: "self-test")
        logger.logLevel = .critical
        let host = try await LiveStub.start(stubs: Self.root.appendingPathComponent("Stubs"), logger: logger)
        do { try await body(host) } catch { await host.stop(); throw error }
        await host.stop()
    }

    /// Turns every 503 into a signed, empty 200 list: a data layer that hides outages.
    struct SwallowsOutages: ClientMiddleware {
        func intercept(_ request: HTTPRequestData, next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData) async throws -> HTTPResponseData {
            let response = try await next(request)
            guard response.status == 503 else { return response }
            let body = Data(#"{"data":[],"nextCursor":null}"#.utf8)
            let signature = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(APIEnvironment.dev.signingKey.utf8)))
                .map { String(format: "%02x", $0) }.joined()
            return HTTPResponseData(status: 200, headers: ["Content-Type": "application/json", "X-Signature": signature], body: body)
        }
    }

    /// Drops Retry-After, so the domain cannot say when to retry.
    struct ForgetsRetryAfter: ClientMiddleware {
        func intercept(_ request: HTTPRequestData, next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData) async throws -> HTTPResponseData {
            var response = try await next(request)
            response.headers["retry-after"] = nil
            return response
        }
    }

    @Test func aClientThatHidesOutagesFailsAtTheDomainLayer() async throws {
        let contractCase = try #require(Self.cases["accounts.list.maintenance"])
        try await withHost { host in
            let honest = await ContractRunner(client: ReferenceClient().contractClient(), stubURL: host.baseURL).run(contractCase)
            #expect(honest.outcome == .passed)
            let broken = await ContractRunner(client: ReferenceClient(plantedMiddleware: [SwallowsOutages()]).contractClient(), stubURL: host.baseURL).run(contractCase)
            #expect(broken.outcome == .failed)
            #expect(broken.failingLayer == .domain)
            #expect(broken.message?.contains("serviceUnavailable") == true)
            #expect(broken.fingerprint != honest.fingerprint)
        }
    }

    @Test func aClientThatLosesRetryAfterFailsAtTheDomainLayer() async throws {
        let contractCase = try #require(Self.cases["profile.get.rate-limited"])
        try await withHost { host in
            let broken = await ContractRunner(client: ReferenceClient(plantedMiddleware: [ForgetsRetryAfter()]).contractClient(), stubURL: host.baseURL).run(contractCase)
            #expect(broken.failingLayer == .domain)
            #expect(broken.message?.contains("retryAfter") == true)
        }
    }

    @Test func aPresenterFormattingForTheWrongLocaleFailsAtThePresentationLayer() async throws {
        let contractCase = try #require(Self.cases["accounts.list.ok"])
        let german = PresentationEnvironment(locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "Europe/Berlin")!,
                                             now: ReferenceClient.pinnedEnvironment.now)
        try await withHost { host in
            let broken = await ContractRunner(client: ReferenceClient(environment: german).contractClient(), stubURL: host.baseURL).run(contractCase)
            #expect(broken.outcome == .failed)
            #expect(broken.failingLayer == .presentation)
        }
    }

    /// Re-signs every response with the right key: a client that accepts tampered bodies.
    struct AcceptsTamperedBodies: ClientMiddleware {
        func intercept(_ request: HTTPRequestData, next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData) async throws -> HTTPResponseData {
            var response = try await next(request)
            let signature = HMAC<SHA256>.authenticationCode(for: response.body, using: SymmetricKey(data: Data(APIEnvironment.dev.signingKey.utf8)))
            response.headers["x-signature"] = signature.map { String(format: "%02x", $0) }.joined()
            return response
        }
    }

    /// Sends a request again on its own when it meets a 401, before the refresh logic sees it.
    struct RetriesUnauthorisedTwice: ClientMiddleware {
        func intercept(_ request: HTTPRequestData, next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData) async throws -> HTTPResponseData {
            let response = try await next(request)
            return response.status == 401 ? try await next(request) : response
        }
    }

    @Test func aClientThatAcceptsATamperedSignatureFailsAtTheDomainLayer() async throws {
        let contractCase = try #require(Self.cases["accounts.list.tampered-signature"])
        try await withHost { host in
            let broken = await ContractRunner(client: ReferenceClient(plantedMiddleware: [AcceptsTamperedBodies()]).contractClient(), stubURL: host.baseURL).run(contractCase)
            #expect(broken.outcome == .failed)
            #expect(broken.failingLayer == .domain, "\(broken.message ?? "")")
        }
    }

    @Test func aClientThatRetriesA401TwiceFailsAtTheDataLayer() async throws {
        let contractCase = try #require(Self.cases["auth.refresh.silent"])
        try await withHost { host in
            let broken = await ContractRunner(client: ReferenceClient(plantedMiddleware: [RetriesUnauthorisedTwice()]).contractClient(), stubURL: host.baseURL).run(contractCase)
            #expect(broken.outcome == .failed)
            #expect(broken.failingLayer == .data, "\(broken.message ?? "")")
            // The 401 is served once, so the blind retry succeeds and the refresh never happens.
            #expect(broken.message?.contains("expected 3 requests, saw 2") == true, "\(broken.message ?? "")")
        }
    }
}
