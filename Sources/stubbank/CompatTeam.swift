import ContractKit
import ContractKitCommand
import Foundation
import StubCompat
import TeamStore

/// `compat --team`: the findings weighed against what each supported release's runs used.
enum CompatTeam {
    /// Each supported release's impact, from the team store at `options`.
    static func impact(of report: CompatReport, options: TeamOptions, client: String?) async throws -> [ReleaseImpact] {
        let store = try await TeamRunStore.connect(try options.required(), logger: TeamOptions.quietLogger)
        let found: [TeamRunStore.ReleaseUse]
        do {
            found = try await store.releaseUses(client: client)
            await store.close()
        } catch {
            await store.close()
            throw error
        }
        let usage = found.map { entry in
            ReleaseUsage(name: "\(entry.release.client) \(entry.release.clientCommit.prefix(10))", runs: entry.runs, uses: entry.uses)
        }
        return report.impact(on: usage)
    }
}
