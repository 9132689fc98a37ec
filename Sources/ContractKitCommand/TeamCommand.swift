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
        subcommands: [Migrate.self, Flaky.self, Drift.self, EnvSplit.self, History.self, Release.self, CanRelease.self, Prune.self, Pin.self]
    )

    /// Parsed by ArgumentParser.
    public init() {}

    struct Window: ParsableArguments {
        @Option(help: "How far back to look: days (14d), hours (36h, rounded up to days) or weeks (2w).") var window = "14d"
        @Option(help: "Only this client's runs (default: every client).") var client: String?

        func days() throws -> Int { try TeamRunStore.days(in: window) }
    }

    /// Connects, runs `body`, and closes the connection whether or not `body` throws.
    static func withStore<T: Sendable>(_ team: TeamOptions, _ body: (TeamRunStore) async throws -> T) async throws -> T {
        let store = try await TeamRunStore.connect(try team.required(), logger: TeamOptions.quietLogger)
        do {
            let value = try await body(store)
            await store.close()
            return value
        } catch {
            await store.close()
            throw error
        }
    }

    static func short(_ commit: String?) -> String { commit.map { String($0.prefix(10)) } ?? "-" }

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create or update the team store's tables (named, append-only migrations, under an advisory lock).")
        @OptionGroup var team: TeamOptions

        func run() async throws {
            let (applied, address) = try await TeamCommand.withStore(team) { store in (try await store.migrate(), store.address) }
            if applied.isEmpty {
                print("The team store at \(address) is up to date.")
            } else {
                for name in applied { print("applied \(name)") }
            }
        }
    }

    struct Flaky: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cases that passed and failed on the same inputs, on one machine class.")
        @OptionGroup var team: TeamOptions
        @OptionGroup var window: Window

        func run() async throws {
            let found = try await TeamCommand.withStore(team) { store in try await store.flaky(days: try window.days(), client: window.client) }
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
            let found = try await TeamCommand.withStore(team) { store in try await store.drift(days: try window.days(), client: window.client) }
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
            let found = try await TeamCommand.withStore(team) { store in
                try await store.environmentSplit(days: try window.days(), client: window.client)
            }
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
            let runs = try await TeamCommand.withStore(team) { store in try await store.history(of: caseId, client: client, limit: limit) }
            guard !runs.isEmpty else {
                Swift.print("No run of \(caseId) in the team store.")
                return
            }
            let formatter = ISO8601DateFormatter()
            for branch in Array(Set(runs.map { $0.branch ?? "(no branch)" })).sorted() {
                Swift.print("\(branch):")
                for run in runs where (run.branch ?? "(no branch)") == branch {
                    Swift.print("  \(formatter.string(from: run.startedAt))  \(run.outcome.padding(toLength: 10, withPad: " ", startingAt: 0))"
                                + "  \(TeamCommand.short(run.fingerprint))  \(TeamCommand.short(run.clientCommit))"
                                + "  \(run.machineClass)  \(run.runId)")
                }
            }
        }
    }

    struct Release: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record the app versions customers still use, or end their support.",
            discussion: """
                `team release record mybank 3f2a…` when an app version ships; `team release end-support mybank 3f2a…` \
                when no customer can run it any more. `team can-release` asks only about supported releases.
                """,
            subcommands: [Record.self, EndSupport.self, List.self])

        struct Record: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Record CLIENT at COMMIT as released and supported.")
            @OptionGroup var team: TeamOptions
            @Argument(help: "The client (driver) name, e.g. mybank.") var client: String
            @Argument(help: "The commit the release was built from.") var commit: String

            func run() async throws {
                try await TeamCommand.withStore(team) { store in try await store.recordRelease(client: client, commit: commit) }
                print("Recorded \(client) \(commit) as released; can-release now asks for a passing run of it.")
            }
        }

        struct EndSupport: AsyncParsableCommand {
            static let configuration = CommandConfiguration(commandName: "end-support",
                                                            abstract: "Stop requiring runs of CLIENT at COMMIT.")
            @OptionGroup var team: TeamOptions
            @Argument(help: "The client (driver) name.") var client: String
            @Argument(help: "The released commit.") var commit: String

            func run() async throws {
                let found = try await TeamCommand.withStore(team) { store in try await store.endSupport(client: client, commit: commit) }
                guard found else {
                    throw RunsCommand.RunsError(description: "No release \(client) \(commit) was recorded; see `team release list`.")
                }
                print("Support ended for \(client) \(commit).")
            }
        }

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Every recorded release, supported ones first.")
            @OptionGroup var team: TeamOptions

            func run() async throws {
                let releases = try await TeamCommand.withStore(team) { store in try await store.releases() }
                if releases.isEmpty { print("No release recorded; `team release record CLIENT COMMIT` adds one.") }
                let formatter = ISO8601DateFormatter()
                for release in releases {
                    let ended = release.supportEndedAt.map { "support ended \(formatter.string(from: $0))" } ?? "supported"
                    print("\(release.client)  \(release.clientCommit)  recorded \(formatter.string(from: release.recordedAt))  \(ended)")
                }
            }
        }
    }

    struct CanRelease: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "can-release",
            abstract: "Exit 0 when every supported release has a passing run against the stub commit; 1 otherwise.",
            discussion: """
                A release with no run against the stub commit is unknown, and unknown is no: the answer names what is \
                missing. Run the missing release's cases against the stub (`contracts run` at that client commit, \
                STUBBANK_STUB_COMMIT set) and push them.
                """)
        @OptionGroup var team: TeamOptions
        @Option(help: "The stub commit to release.") var stub: String
        @Option(help: "Only this client's releases.") var client: String?

        func run() async throws {
            let check = try await TeamCommand.withStore(team) { store in try await store.canRelease(stubCommit: stub, client: client) }
            for (release, verdict) in check.releases {
                let line = switch verdict {
                case .passed(let runId): "passed  (\(runId))"
                case .failed(let runId, let status): "\(status)  (\(runId)): no"
                case .unknown: "unknown: no run against this stub commit, so no"
                }
                print("\(release.client) \(TeamCommand.short(release.clientCommit)): \(line)")
            }
            if check.releases.isEmpty { print("No supported release recorded: nothing to break.") }
            let stubName = TeamCommand.short(stub)
            print(check.canRelease ? "Yes: stub \(stubName) can be released." : "No: stub \(stubName) cannot be released.")
            if !check.canRelease { throw ExitCode(1) }
        }
    }

    struct Prune: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete old case rows, in batches; keep pinned and released runs and the latest run per branch.",
            discussion: "The runs and the daily counters stay, so the questions about old days still answer.")
        @OptionGroup var team: TeamOptions
        @Option(help: "Keep case rows this long (days 90d, weeks 13w).") var keep = "90d"
        @Flag(help: "Say what would go, and delete nothing.") var dryRun = false

        func run() async throws {
            let days = try TeamRunStore.days(in: keep)
            let result: TeamRunStore.PruneResult = try await TeamCommand.withStore(team) { store in
                try await store.prune(keepDays: days, dryRun: dryRun)
            }
            print("\(dryRun ? "Would delete" : "Deleted") \(result.caseResults) case rows of \(result.runs) runs older than \(keep).")
        }
    }

    struct Pin: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Keep a run's case rows from pruning (or --unpin).")
        @OptionGroup var team: TeamOptions
        @Argument(help: "The run id.") var runId: String
        @Flag(help: "Let prune remove it again.") var unpin = false

        func run() async throws {
            let found: Bool = try await TeamCommand.withStore(team) { store in try await store.pin(runId, pinned: !unpin) }
            guard found else { throw RunsCommand.RunsError(description: "No run \(runId) in the team store.") }
            print(unpin ? "Unpinned \(runId)." : "Pinned \(runId).")
        }
    }

    static func report(_ found: [TeamRunStore.CaseOnInputs], empty: String, detail: (TeamRunStore.CaseOnInputs) -> String) {
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
