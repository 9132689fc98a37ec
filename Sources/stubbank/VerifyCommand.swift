import ArgumentParser
import Foundation
import StubServeCommand
import StubServer
import StubEngine

/// `stubbank verify`: the stub and the contract agree.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the stubs against an OpenAPI contract: routes, statuses and bodies.",
        discussion: """
            Route files: every route must be an operation of the contract, every response \
            status documented for it, and every JSON body (templates rendered with a sample \
            request) must fit the schema. The built-in bank: every route documented and served, \
            every fixture and live persona response valid. Your own API:
              stubbank verify --stubs MyStubs --contract my-api.yaml
            Exits non-zero and lists file:line and reason for each problem.
            """
    )

    @OptionGroup var stubsOptions: StubsOptions

    @Option(help: ArgumentHelp("The OpenAPI 3 contract to check against.", valueName: "file"))
    var contract: String = "Contracts/openapi.yaml"

    func run() async throws {
        let report = await ContractVerifier(stubs: stubsOptions.stubsURL, contract: URL(fileURLWithPath: contract)).verify()
        for line in report.checked { print("ok    \(line)") }
        for problem in report.problems { print("FAIL  \(problem)") }
        print("\(report.checked.count) passed, \(report.problems.count) failed")
        if !report.problems.isEmpty { throw ExitCode.failure }
    }
}
