import ArgumentParser
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif
import BankingContracts
import ContractKitCommand

/// `stubbank`: a stub banking backend, its fault injection, and its contract tools.
@main
struct StubBankCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stubbank",
        abstract: "A stub banking backend for mobile teams: realistic fixtures, injected faults, stateful bank.",
        discussion: """
            Start here:
              stubbank serve                     serve Stubs/ on 127.0.0.1:8080
              stubbank serve --scenario offline  start with a scenario
              stubbank verify                    check Stubs/ against the contract
              stubbank contracts run             run every contract case through the reference client
              stubbank scenario list             list the scenarios
              stubbank serve --stubs DIR         serve your own API from DIR/routes
              stubbank import openapi SPEC --out DIR   route files from OpenAPI
              stubbank record --upstream URL --out DIR   record a real backend, redacted
              stubbank redact --check DIR        find personal data before it is committed
              stubbank drift --upstream URL      has the real backend drifted from the stub?
              stubbank compat OLD NEW            does this API change break the apps in the field?
              stubbank runs push --to URL        runs to the team store (PostgreSQL)
              stubbank team flaky --to URL       flaky cases across every machine
            """,
        subcommands: [ServeCommand.self, VerifyCommand.self, ScenarioCommand.self, ImportCommand.self, RecordCommand.self,
                      RedactCommand.self, DriftCommand.self, CompatCommand.self, ContractsCommand.self, RunsCommand.self, TeamCommand.self]
    )

    /// The contract commands drive the reference client core; they read it while parsing.
    /// Standard output goes line by line even into a pipe or a CI log, so progress, each recorded
    /// exchange and the port `record --port 0` took are seen when they happen, not at exit.
    static func main() async {
        setvbuf(stdout, nil, _IOLBF, 0)
        ContractCommandSettings(client: ReferenceClient().contractClient(), commandName: "stubbank").install()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
