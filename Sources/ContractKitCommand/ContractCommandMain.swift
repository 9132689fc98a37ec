import ArgumentParser
import ContractKit

/// A ready contract tool for a team's client, in three lines:
///
/// ```swift
/// import ContractKitCommand
/// import MyBankContracts
/// @main struct Contracts: ContractCommandMain { static let settings = MyBankContracts.commandSettings }
/// ```
///
/// It gives `contracts run|list` and `runs list|show|diff` for that client, recording to the
/// same SQLite run store as `stubbank`.
public protocol ContractCommandMain {
    /// The client and the folders the commands default to.
    static var settings: ContractCommandSettings { get }
}

extension ContractCommandMain {
    /// Installs the settings and runs the command line.
    public static func main() async {
        settings.install()
        await ContractToolCommand.main()
    }
}

/// The root of a team's contract tool: `contracts` and `runs`.
struct ContractToolCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let settings = ContractCommandSettings.current
        return CommandConfiguration(
            commandName: settings.commandName,
            abstract: "Contract cases for the \(settings.client.name) client against a StubBank stub.",
            discussion: """
                \(settings.commandName) contracts list     the cases and the operation × fault coverage
                \(settings.commandName) contracts run      run every case, record it, diff it with the last run
                \(settings.commandName) runs diff          compare the last two runs
                """,
            subcommands: [ContractsCommand.self, RunsCommand.self, TeamCommand.self]
        )
    }
}
