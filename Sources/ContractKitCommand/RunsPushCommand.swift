import ArgumentParser
import ContractKit
import ContractStore
import Foundation
import TeamStore

extension RunsCommand {
    /// `runs push`: sends the finished runs waiting in the local outbox to the team store.
    struct Push: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Push finished runs to the team store (PostgreSQL).",
            discussion: """
                Every finished run waits in the run store's outbox until it is pushed, one transaction per run. \
                Pushing twice is harmless; a run already there with different content is refused (runs are \
                immutable). When the team store cannot be reached, nothing is lost: the runs stay in the outbox, \
                the command warns and exits 0 (1 with --strict), and the next push sends them. \
                Create or update the store's tables first with `team migrate`.
                """)
        @OptionGroup var store: Store
        @OptionGroup var team: TeamOptions
        @Flag(help: "List what would be pushed, without connecting.") var dryRun = false
        @Flag(help: "Exit 1 when the team store cannot be reached (default: warn and exit 0).") var strict = false

        func run() async throws {
            let local = try store.open()
            let pending = try local.outbox()
            if dryRun {
                print(pending.isEmpty ? "Nothing to push." : "Would push \(pending.count) run\(pending.count == 1 ? "" : "s"):")
                for run in pending { print("  \(run.id)  \(run.client)  \(run.status.rawValue)  \(run.total) cases") }
                return
            }
            let address = try team.required()
            guard !pending.isEmpty else {
                print("Nothing to push: every finished run is already in the team store.")
                return
            }
            let remote: TeamRunStore
            do {
                remote = try await TeamRunStore.connect(address, logger: TeamOptions.quietLogger)
            } catch {
                let waiting = pending.count == 1 ? "1 run stays" : "\(pending.count) runs stay"
                let message = "warning: \(error). \(waiting) in the outbox for the next push."
                FileHandle.standardError.write(Data((message + "\n").utf8))
                if strict { throw ExitCode(1) }
                return
            }
            var conflicts: [String] = []
            var pushed = 0, present = 0
            do {
                for run in pending {
                    do {
                        switch try await remote.push(run, results: try local.results(runId: run.id)) {
                        case .pushed: pushed += 1; say("pushed \(run.id) (\(run.total) cases)")
                        case .alreadyThere: present += 1; say("already there: \(run.id)")
                        }
                        try local.markPushed(runId: run.id)
                    } catch TeamStoreError.conflictingRun(let id) {
                        conflicts.append(id)
                        FileHandle.standardError.write(Data("error: \(TeamStoreError.conflictingRun(id))\n".utf8))
                    }
                }
            } catch {
                await remote.close()
                throw RunsError(description: "\(error)")
            }
            await remote.close()
            print("Pushed \(pushed), already there \(present), refused \(conflicts.count), to \(address).")
            if !conflicts.isEmpty { throw ExitCode(1) }
        }

        /// One line of progress, flushed at once: a CI log (a pipe, so fully buffered otherwise)
        /// shows each run as it goes.
        func say(_ line: String) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
}
