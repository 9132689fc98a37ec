import BankingContracts
import ContractTesting
import ContractTestingHost

/// The reference client's cases on disk, run through ContractKit's Swift Testing helper against
/// one in-process stub serving `Stubs/`, recorded in the run store.
enum ContractSuite {
    static let client = ReferenceClient().contractClient()
    static let suite = ContractTestSuite(client: client, cases: "Contracts/cases", stub: .loopback(stubs: "Stubs"), recording: .sqlite())
}
