import ContractKit
import Foundation
import Testing

/// `swift test` runs the whole contract suite: one test per case in `Contracts/cases`, driving
/// the real client core against the real stub over loopback.
@Suite struct ContractCaseTests {
    @Test("contract case", arguments: ContractSuite.loaded.cases.map(\.id))
    func contractCase(_ id: String) async throws {
        let contractCase = try #require(ContractSuite.casesById[id])
        let host = try await ContractSuite.host.value
        let result = await ContractSuite.gate.withPermit {
            await ContractRunner(driver: OperationDriver(baseURL: host.baseURL)).run(contractCase)
        }
        #expect(result.outcome == .passed,
                "\(contractCase.source ?? "?") \(id): \(result.failingLayer?.rawValue ?? "-") layer: \(result.message ?? "")")
    }

    @Test func everyCaseFileLoads() {
        #expect(ContractSuite.loaded.problems.isEmpty, "\(ContractSuite.loaded.problems)")
        #expect(ContractSuite.loaded.cases.count >= 150)
    }

    @Test func everyOperationHasAHappyPath() {
        let operations = Set(ContractSuite.loaded.cases.map(\.when))
        #expect(operations == Set(Operation.allCases.map(\.rawValue)))
    }
}
