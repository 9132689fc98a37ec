public import ContractKit
import NIOConcurrencyHelpers

/// What the ready-made commands run: the client, and the folders and store they default to.
public struct ContractCommandSettings: Sendable {
    /// The client whose operations run the cases.
    public var client: ContractClient
    /// The executable's name, for help and messages, e.g. `mybank-contracts`.
    public var commandName: String
    /// The case folder when `--cases` is not given.
    public var cases: String
    /// The stubs folder the in-process stub serves when `--stubs` is not given.
    public var stubs: String
    /// The run store when `--db` is not given.
    public var database: String

    /// Settings for `client`, with the usual folders of a package root.
    public init(client: ContractClient, commandName: String, cases: String = "Contracts/cases", stubs: String = "Stubs",
                database: String = ".stubbank/runs.sqlite") {
        self.client = client
        self.commandName = commandName
        self.cases = cases
        self.stubs = stubs
        self.database = database
    }

    /// Installed before the command line is parsed, so option defaults and help can read them.
    static let box = NIOLockedValueBox<ContractCommandSettings?>(nil)

    /// The installed settings.
    static var current: ContractCommandSettings {
        guard let settings = box.withLockedValue({ $0 }) else {
            fatalError("ContractKitCommand: call ContractCommandSettings.install(_:) (or use ContractCommandMain) before parsing")
        }
        return settings
    }

    /// Makes these the settings of `ContractsCommand` and `RunsCommand` in this process; an
    /// executable that embeds them in its own command tree calls this first.
    public func install() { Self.box.withLockedValue { $0 = self } }
}
