import Foundation
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubFormats
import StubOpenAPI

@Suite struct ContractVerifierTests {
    private let contract = repositoryStubs.deletingLastPathComponent().appendingPathComponent("Contracts/openapi.yaml")

    @Test func repositoryStubsFitTheContract() async {
        let report = await ContractVerifier(stubs: repositoryStubs, contract: contract).verify()
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.checked.contains("route POST /v1/transfers is in the contract"))
        #expect(report.checked.contains { $0.hasPrefix("busy: GET /v1/accounts/acc_busy_current/transactions") })
    }

    @Test func aFixtureThatBreaksItsSchemaIsReportedWithFileAndLine() async throws {
        let scratch = try ScratchStubs()
        let path = scratch.url.appendingPathComponent("personas/overdrawn/cards.json")
        let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "\"0007\"", with: "\"7\"")
        try scratch.write("personas/overdrawn/cards.json", text)
        let report = await ContractVerifier(stubs: scratch.url, contract: contract).verify()
        let problem = try #require(report.problems.first { $0.contains("personas/overdrawn/cards.json") })
        #expect(problem.contains("$.data[0].last4"))
        #expect(problem.contains("cards.json:8:"))
    }

    @Test func anUndocumentedRouteIsReported() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString).yaml")
        let text = try String(contentsOf: contract, encoding: .utf8).replacingOccurrences(of: "operationId: getTransfer", with: "operationId: fetchTransfer")
        try Data(text.utf8).write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let report = await ContractVerifier(stubs: repositoryStubs, contract: scratch).verify()
        #expect(report.problems.contains { $0.contains("GET /v1/transfers/{transferId}") && $0.contains("fetchTransfer") })
    }

    @Test func validatorHandlesTheSchemaKeywords() {
        let validator = JSONSchemaValidator(document: [:])
        let schema: [String: Any] = ["type": "object", "required": ["a"], "properties": [
            "a": ["type": "string", "pattern": "^[A-Z]{3}$"], "b": ["type": ["integer", "null"], "minimum": 1],
            "c": ["type": "array", "items": ["type": "string", "enum": ["x", "y"]]],
        ]]
        #expect(validator.validate(.object(["a": .string("EUR"), "b": .null, "c": .array([.string("x")])]), against: schema).isEmpty)
        let problems = validator.validate(.object(["b": .number(0), "c": .array([.string("z")])]), against: schema)
        #expect(problems.count == 3)
        #expect(!validator.validate(.object(["a": .bool(true)]), against: schema).isEmpty)
    }
}
