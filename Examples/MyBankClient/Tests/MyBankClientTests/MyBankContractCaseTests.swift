import ContractKit
import ContractTesting
import ContractTestingHost
import MyBankContracts
import Testing

/// MyBank's contract cases, one Swift Testing test each, against an in-process stub serving
/// `Examples/mybank` (or `STUBBANK_BASE_URL`), recorded in the run store.
enum MyBankSuite {
    static let client = MyBankContracts().contractClient()
    static let suite = ContractTestSuite(client: client, cases: "Examples/MyBankClient/Contracts/cases", stub: .loopback(stubs: "Examples/mybank"),
                                         recording: .sqlite())
}

@Suite struct MyBankContractCaseTests {
    @Test("MyBank contract case", arguments: MyBankSuite.suite.caseIDs)
    func contractCase(_ id: String) async {
        await MyBankSuite.suite.check(id)
    }

    @Test func theCasesLoadAndCoverWhatTheIssueAsks() {
        MyBankSuite.suite.expectCasesLoad()
        let ids = Set(MyBankSuite.suite.caseIDs)
        for required in ["account.load.ok", "account.load.offline", "account.load.not-found", "account.load.server-error",
                         "account.load.maintenance", "account.load.timeout", "account.load.malformed-json", "account.load.slow-within-timeout"] {
            #expect(ids.contains(required), "missing \(required)")
        }
        // The everywhere case expands to every registered operation.
        #expect(MyBankSuite.client.operations.allSatisfy { ids.contains("\($0).offline") })
    }
}
