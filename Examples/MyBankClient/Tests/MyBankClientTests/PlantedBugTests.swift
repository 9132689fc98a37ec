import ContractKit
import ContractTesting
import ContractTestingHost
import Foundation
import MyBankClient
import MyBankContracts
import Testing

/// Bugs a developer could plant in MyBank's own layers must fail a case, at the right layer.
/// Each test first proves the honest client passes the same case.
@Suite struct PlantedBugTests {
    /// Runs `id` through a client built from `contracts`, against the suite's stub.
    func run(_ id: String, _ contracts: MyBankContracts) async throws -> CaseResult {
        let suite = ContractTestSuite(client: contracts.contractClient(), cases: "Examples/MyBankClient/Contracts/cases",
                                      stub: .loopback(stubs: "Examples/mybank"))
        return try await suite.result(of: id)
    }

    func expectCaught(_ id: String, by broken: MyBankContracts, at layer: CaseResult.Layer, saying fragment: String) async throws {
        let honest = try await run(id, MyBankContracts())
        #expect(honest.outcome == .passed, "\(honest.message ?? "")")
        let result = try await run(id, broken)
        #expect(result.outcome == .failed)
        #expect(result.failingLayer == layer, "\(result.message ?? "")")
        #expect(result.message?.contains(fragment) == true, "\(result.message ?? "")")
    }

    /// A network layer that calls a refused connection "connection lost".
    struct MisreadsOffline: Resource {
        let base: any Resource
        func fetch(_ request: ResourceRequest) async throws(NetworkError) -> Data {
            do { return try await base.fetch(request) } catch .offline { throw .connectionLost }
        }
    }

    /// A network layer that forgets Retry-After.
    struct ForgetsRetryAfter: Resource {
        let base: any Resource
        func fetch(_ request: ResourceRequest) async throws(NetworkError) -> Data {
            do { return try await base.fetch(request) } catch .maintenance { throw .maintenance(retryAfter: nil) }
        }
    }

    /// A network layer that retries a 503 once on its own.
    struct RetriesOutages: Resource {
        let base: any Resource
        func fetch(_ request: ResourceRequest) async throws(NetworkError) -> Data {
            do { return try await base.fetch(request) } catch .maintenance { return try await base.fetch(request) }
        }
    }

    /// A service that loses the pending list.
    struct DropsPending: AccountService {
        let base: any AccountService
        func accountData() async throws(NetworkError) -> AccountDataDTO {
            var data = try await base.accountData()
            data.pending = []
            return data
        }
    }

    @Test func aWrongOfflineMappingFailsAtTheDomainLayer() async throws {
        var broken = MyBankContracts()
        broken.resource = { MisreadsOffline(base: $0) }
        try await expectCaught("account.load.offline", by: broken, at: .domain, saying: "expected offline, saw connectionLost")
    }

    @Test func droppedPendingEntriesFailAtTheDomainLayer() async throws {
        var broken = MyBankContracts()
        broken.service = { DropsPending(base: $0) }
        try await expectCaught("account.load.ok", by: broken, at: .domain, saying: "expected 12 items, saw 10")
    }

    @Test func aLostRetryAfterFailsAtTheDomainLayer() async throws {
        var broken = MyBankContracts()
        broken.resource = { ForgetsRetryAfter(base: $0) }
        try await expectCaught("account.load.maintenance", by: broken, at: .domain, saying: "retryAfter")
    }

    @Test func aHiddenRetryFailsAtTheDataLayer() async throws {
        var broken = MyBankContracts()
        broken.resource = { RetriesOutages(base: $0) }
        try await expectCaught("account.load.maintenance", by: broken, at: .data, saying: "expected 1 requests, saw 2")
    }

    @Test func formattingInUTCInsteadOfTheCustomersZoneFailsAtThePresentationLayer() async throws {
        var broken = MyBankContracts()
        broken.environment = MyBankEnvironment(locale: Locale(identifier: "en_AU"), timeZone: TimeZone(identifier: "UTC")!,
                                               now: MyBankContracts.pinnedEnvironment.now)
        try await expectCaught("account.load.ok", by: broken, at: .presentation, saying: "sectionTitles")
    }
}
