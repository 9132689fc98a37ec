public import ArgumentParser
import ContractKit
import Foundation
import TeamStore

/// `team migrate|flaky|drift|env-split|history`: the questions that span machines, asked of the
/// team store that `runs push` fills.
public struct TeamCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "team",
        abstract: "Ask the team store (PostgreSQL) about runs from every machine.",
        discussion: """
            Inputs: a case's definition, the client commit, the stub commit and the contract hash. \
            Flaky: on the same inputs, one machine class both passed and failed. \
            Drift: on the same inputs, it always passed, but what it observed differed (two or more fingerprints). \
            Environment-dependent: each machine class (OS/architecture/toolchain) agrees with itself, but the classes disagree; \
            never called flaky. See "A team-wide history" in the README.
            """,
        subcommands: [Migrate.self, Flaky.self, Drift.self, EnvSplit.self, History.self]
    )

    /// Parsed by ArgumentParser.
    public init() {}

    struct Window: ParsableArguments {
        @Option(help: "How far back to look: days (14d), hours (36h, rounded up to days) or weeks (2w).") var window = "14d"
        @Option(help: "Only this client's runs (default: every client).") var client: String?

        func days() throws -> Int { try TeamStore.days(in: window) }
    }

    static func connect(_ team: TeamOptions) async throws -> TeamStore {
        try await TeamStore.connect(try team.required(), logger: TeamOptions.quietLogger)
    }

    static func short(_ commit: String?) -> String { commit.map { String($0.prefix(10)) } ?? "-" }

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create or update the team store's tables (named, append-only migrations, under an advisory lock).")
        @OptionGroup var team: TeamOptions

        func run() async throws {
            let store = try await TeamCommand.connect(team)
            defer { Task { await store.close() } }
            let applied = try await store.migrate()
            if applied.isEmpty {
                print("The team store at \(store.address) is up to date.")
            } else {
                for name in applied { print("applied \(name)") }
            }
            await store.close()
        }
    }

    struct Flaky: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cases that passed and failed on the same inputs, on one machine class.")
        @OptionGroup var team: TeamOptions
        @OptionGroup var window: Window

        func run() async throws {
            let store = try await TeamCommand.connect(team)
            let found = try await store.flaky(days: try window.days(), client: window.client)
            await store.close()
            TeamCommand.report(found, empty: "No flaky case in the last \(window.window).") { item in
                "\(item.passed) passed, \(item.failed) failed; flaky on \(item.mixedClasses.joined(separator: ", "))"
            }
        }
    }

    struct Drift: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cases that always passed on the same inputs but observed different things.")
        @OptionGroup var team: TeamOptions
        @OptionGroup var window: Window

        func run() async throws {
            let store = try await TeamCommand.connect(team)
            let found = try await store.drift(days: try window.days(), client: window.client)
            await store.close()
            TeamCommand.report(found, empty: "No drifting case in the last \(window.window).") { item in
                "\(item.passed) passed, \(item.fingerprints) different observations"
            }
        }
    }

    struct EnvSplit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "env-split",
            abstract: "Cases whose machine classes each agree with themselves but disagree with each other.")
        @OptionGroup var team: TeamOptions
        @OptionGroup var window: Window

        func run() async throws {
            let store = try await TeamCommand.connect(team)
            let found = try await store.environmentSplit(days: try window.days(), client: window.client)
            await store.close()
            TeamCommand.report(found, empty: "No environment-dependent case in the last \(window.window).") { item in
                "passes on \(item.passingClasses.joined(separator: ", ")); fails on \(item.failingClasses.joined(separator: ", "))"
            }
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "A case's outcomes and fingerprints over time, by branch.")
        @OptionGroup var team: TeamOptions
        @Argument(help: "The case id, e.g. accounts.list.ok.") var caseId: String
        @Option(help: "Only this client's runs.") var client: String?
        @Option(help: "How many runs.") var limit = 50

        func run() async throws {
            let store = try await TeamCommand.connect(team)
            let runs = try await store.history(of: caseId, client: client, limit: limit)
            await store.close()
            guard !runs.isEmpty else {
                Swift.print("No run of \(caseId) in the team store.")
                return
            }
            let formatter = ISO8601DateFormatter()
            for branch in Array(Set(runs.map { $0.branch ?? "(no branch)" })).sorted() {
                Swift.print("\(branch):")
                for run in runs where (run.branch ?? "(no branch)") == branch {
                    Swift.print("  \(formatter.string(from: run.startedAt))  \(run.outcome.padding(toLength: 10, withPad: " ", startingAt: 0))"
                                + "  \(TeamCommand.short(run.fingerprint))  \(TeamCommand.short(run.clientCommit))  \(run.machineClass)  \(run.runId)")
                }
            }
        }
    }

    static func report(_ found: [TeamStore.CaseOnInputs], empty: String, detail: (TeamStore.CaseOnInputs) -> String) {
        guard !found.isEmpty else {
            Swift.print(empty)
            return
        }
        for item in found {
            Swift.print("\(item.caseId)  [\(item.client)]  client \(short(item.clientCommit)), stub \(short(item.stubCommit)), "
                        + "inputs \(item.inputsHash.prefix(8)): \(detail(item))")
        }
        Swift.print("\(found.count) case\(found.count == 1 ? "" : "s").")
    }
}
