import ContractKit
import ContractTesting
import Foundation
import Testing

/// `swift test` runs the whole contract suite: one test per case in `Contracts/cases`, driving
/// the real client core against the real stub over loopback.
@Suite struct ContractCaseTests {
    @Test("contract case", arguments: ContractSuite.suite.caseIDs)
    func contractCase(_ id: String) async {
        await ContractSuite.suite.check(id)
    }

    @Test func everyCaseFileLoads() {
        ContractSuite.suite.expectCasesLoad()
        #expect(ContractSuite.suite.caseIDs.count >= 150)
    }

    @Test func everyOperationHasAHappyPath() {
        let operations = Set(ContractSuite.suite.cases.values.map(\.when))
        #expect(operations == Set(ContractSuite.client.operations))
    }
}
