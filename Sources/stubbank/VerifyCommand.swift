import ArgumentParser
import Foundation
import StubServer

/// `stubbank verify`: the stub and the contract agree.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that every stub route is in the contract and every fixture fits its schema.",
        discussion: "Exits non-zero and lists file and reason for each problem."
    )

    @OptionGroup var stubsOptions: StubsOptions

    @Option(help: ArgumentHelp("The OpenAPI 3.1 contract.", valueName: "file"))
    var contract: String = "Contracts/openapi.yaml"

    func run() async throws {
        let report = await ContractVerifier(stubs: stubsOptions.stubsURL, contract: URL(fileURLWithPath: contract)).verify()
        for line in report.checked { print("ok    \(line)") }
        for problem in report.problems { print("FAIL  \(problem)") }
        print("\(report.checked.count) passed, \(report.problems.count) failed")
        if !report.problems.isEmpty { throw ExitCode.failure }
    }
}
