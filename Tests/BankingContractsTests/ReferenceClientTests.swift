import BankingContracts
import ContractKit
import Foundation
import Testing

/// The reference client as the driver API sees it: every operation the cases name is registered,
/// and nothing is registered that no case uses.
@Suite struct ReferenceClientTests {
    private let cases = URL(fileURLWithPath: String(#filePath.split(separator: "/Tests/", maxSplits: 1)[0]) + "/Contracts/cases")

    @Test func everyCaseNamesAnOperationTheClientHas() {
        let client = ReferenceClient().contractClient()
        let loaded = CaseLoader(directory: cases, client: client).load()
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(!loaded.cases.isEmpty)
        let missing = Set(loaded.cases.map(\.when)).subtracting(client.operations)
        #expect(missing.isEmpty, "no operation for \(missing.sorted())")
    }

    @Test func everyOperationIsExercisedByACase() {
        let client = ReferenceClient().contractClient()
        let used = Set(CaseLoader(directory: cases, client: client).load().cases.map(\.when))
        let unused = Set(client.operations).subtracting(used)
        #expect(unused.isEmpty, "operations no case runs: \(unused.sorted())")
    }

    @Test func theClientIsNamedAsTheRunStoreKeepsIt() {
        #expect(ReferenceClient().contractClient().name == ReferenceClient.name)
        #expect(ReferenceClient.name == "reference")
    }
}
