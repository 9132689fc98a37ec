import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOFoundationCompat
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

/// `Examples/mybank` serves the MyBank seed's API from route files alone.
@Suite struct MyBankExampleTests {
    static let folder = repositoryStubs.deletingLastPathComponent().appendingPathComponent("Examples/mybank")

    @Test func servesTheDocumentWithTheBankOff() async throws {
        let backend = try makeBackend(stubs: Self.folder)
        #expect(!backend.bankEnabled)
        try await withStub(backend) { client in
            let response = try await client.send(.get, "/data.json")
            #expect(response.status == .ok)
            let json = response.json
            let account = try #require(json["account"] as? [String: Any])
            #expect(account["accountName"] as? String == "Everyday Saver")
            let transactions = try #require(json["transactions"] as? [[String: Any]])
            let pending = try #require(json["pending"] as? [[String: Any]])
            let atms = try #require(json["atms"] as? [[String: Any]])
            #expect(transactions.count >= 5 && !pending.isEmpty && !atms.isEmpty)
            // Every ATM a transaction names is in the document, so the map screen can find it.
            let atmIds = Set(atms.compactMap { $0["id"] as? String })
            #expect(transactions.compactMap { $0["atmId"] as? String }.allSatisfy(atmIds.contains))
            #expect(try await client.send(.get, "/v1/accounts").status == .notFound)
        }
    }

    @Test(arguments: [("empty", 200), ("not-found", 404), ("server-error", 500), ("maintenance", 503), ("malformed", 200)])
    func everyVariantIsSelectableWithPrefer(_ name: String, _ status: Int) async throws {
        try await withStub(try makeBackend(stubs: Self.folder)) { client in
            let response = try await client.send(.get, "/data.json", headers: ["Prefer": "example=\(name)"])
            #expect(Int(response.status.code) == status)
            if name == "maintenance" { #expect(response.header("Retry-After") == "120") }
            let parses = (try? JSONSerialization.jsonObject(with: Data(buffer: response.body))) != nil
            #expect(parses == (name != "malformed"))
        }
    }

    @Test(arguments: [("maintenance", 503), ("server-error", 500), ("not-found", 404)])
    func scenariosSwitchEveryRequest(_ scenario: String, _ status: Int) async throws {
        try await withStub(try makeBackend(stubs: Self.folder) { $0.scenario = scenario }) { (client: any TestClientProtocol) async throws in
            #expect(Int(try await client.send(.get, "/data.json").status.code) == status)
        }
    }
}
