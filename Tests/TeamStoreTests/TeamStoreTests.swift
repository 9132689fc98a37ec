import ContractKit
import Foundation
import PostgresNIO
import Testing
@testable import TeamStore

/// The team store against a real PostgreSQL: migrations under a lock, immutable idempotent pushes,
/// and the three questions (flaky, drift, environment-dependent) with their exact definitions.
@Suite(.enabled(if: TeamTestServer.enabled, "set STUBBANK_TEAM_TEST_URL (eval \"$(Scripts/team-postgres.sh start)\") to run"))
struct TeamStoreTests {
    static let today = Date()

    func run(_ id: String, commit: String = "c1", stub: String = "s1", os: String = "linux", arch: String = "x86_64",
             branch: String = "main", results: [CaseResultRecord]) -> (RunRecord, [CaseResultRecord]) {
        var record = RunRecord(id: id, startedAt: Self.today, endedAt: Self.today, gitCommit: commit, host: "ci-\(os)", pid: 1,
                               baseURL: "http://127.0.0.1:1", total: results.count,
                               passed: results.filter { $0.outcome == .passed }.count,
                               failed: results.filter { $0.outcome == .failed }.count, errored: 0, status: .passed, label: nil)
        record.branch = branch
        record.stubCommit = stub
        record.contractHash = "contract-1"
        record.contractKitVersion = ContractKitInfo.version
        record.os = os
        record.arch = arch
        record.toolchain = "swift-6.3"
        return (record, results.map { var copy = $0; copy.runId = id; return copy })
    }

    func result(_ caseId: String, _ outcome: CaseResult.Outcome, fingerprint: String? = "f1", definition: String = "d1") -> CaseResultRecord {
        var result = CaseResult(caseId: caseId, operation: "accounts.list", outcome: outcome, failingLayer: outcome == .failed ? .data : nil,
                                message: outcome == .failed ? "expected 200, got 500" : nil, observation: nil, fingerprint: fingerprint,
                                durationMs: 3, requests: 1)
        result.definitionHash = definition
        return CaseResultRecord(runId: "-", result: result)
    }

    @Test func migrationsApplyOnceEvenTwoAtATime() async throws {
        try await TeamTestServer.withFreshDatabase { address in
            let one = try await TeamStore.connect(address, logger: TeamTestServer.logger)
            let two = try await TeamStore.connect(address, logger: TeamTestServer.logger)
            async let first = one.migrate()
            async let second = two.migrate()
            let applied = try await [first, second]
            #expect(applied.map(\.count).sorted() == [0, TeamMigrations.all.count])
            #expect(try await one.migrate().isEmpty)
            #expect(try await one.appliedMigrations() == TeamMigrations.all.map(\.name))
            await one.close()
            await two.close()
        }
    }

    @Test func pushingTwiceIsHarmlessAndAChangedRunIsRefused() async throws {
        try await TeamTestServer.withStore { store in
            let (record, results) = run("run-a", results: [result("accounts.list.ok", .passed), result("accounts.list.503", .failed)])
            #expect(try await store.push(record, results: results) == .pushed)
            #expect(try await store.push(record, results: results) == .alreadyThere)
            var relabelled = record
            relabelled.label = "baseline"
            #expect(try await store.push(relabelled, results: results) == .alreadyThere)
            var changed = results
            changed[1].outcome = .passed
            await #expect(throws: TeamStoreError.conflictingRun("run-a")) { try await store.push(record, results: changed) }
            #expect(try await store.runCount() == 1)
            let history = try await store.history(of: "accounts.list.503")
            #expect(history.map(\.outcome) == ["failed"])
        }
    }

    @Test func flakyMeansBothOutcomesOnTheSameInputsOnOneMachineClass() async throws {
        try await TeamTestServer.withStore { store in
            for (id, outcome) in [("run-1", CaseResult.Outcome.passed), ("run-2", .failed), ("run-3", .passed)] {
                let (record, results) = run(id, results: [result("cards.freeze.ok", outcome), result("accounts.list.ok", .passed)])
                _ = try await store.push(record, results: results)
            }
            // A failure on other inputs (a new client commit) is a change, not flakiness.
            let (other, otherResults) = run("run-4", commit: "c2", results: [result("accounts.list.ok", .failed)])
            _ = try await store.push(other, results: otherResults)
            let flaky = try await store.flaky(days: 14)
            #expect(flaky.map(\.caseId) == ["cards.freeze.ok"])
            #expect(flaky.first?.passed == 2 && flaky.first?.failed == 1)
            #expect(flaky.first?.mixedClasses == ["linux/x86_64/swift-6.3"])
            #expect(flaky.first?.clientCommit == "c1")
            #expect(try await store.environmentSplit(days: 14).isEmpty)
        }
    }

    @Test func environmentDependentIsReportedApartAndNeverCalledFlaky() async throws {
        try await TeamTestServer.withStore { store in
            for (id, os, outcome) in [("run-l1", "linux", CaseResult.Outcome.passed), ("run-l2", "linux", .passed),
                                      ("run-m1", "macos", .failed), ("run-m2", "macos", .failed)] {
                let (record, results) = run(id, os: os, results: [result("transfers.retry.after-lost-answer", outcome)])
                _ = try await store.push(record, results: results)
            }
            #expect(try await store.flaky(days: 14).isEmpty)
            let split = try await store.environmentSplit(days: 14)
            #expect(split.map(\.caseId) == ["transfers.retry.after-lost-answer"])
            #expect(split.first?.passingClasses == ["linux/x86_64/swift-6.3"])
            #expect(split.first?.failingClasses == ["macos/x86_64/swift-6.3"])
        }
    }

    @Test func driftIsAlwaysPassingWithTwoOrMoreObservations() async throws {
        try await TeamTestServer.withStore { store in
            for (id, print) in [("run-1", "aaaa"), ("run-2", "bbbb"), ("run-3", "aaaa")] {
                let (record, results) = run(id, results: [result("accounts.list.ok", .passed, fingerprint: print),
                                                          result("profile.get.ok", .passed, fingerprint: "same")])
                _ = try await store.push(record, results: results)
            }
            let drift = try await store.drift(days: 14)
            #expect(drift.map(\.caseId) == ["accounts.list.ok"])
            #expect(drift.first?.fingerprints == 2)
            #expect(try await store.flaky(days: 14).isEmpty)
        }
    }

    @Test func historyIsNewestFirstWithBranches() async throws {
        try await TeamTestServer.withStore { store in
            for (offset, branch) in [(0.0, "main"), (60, "feature/cards"), (120, "main")] {
                var (record, results) = run("run-\(Int(offset))", branch: branch, results: [result("cards.list.ok", .passed)])
                record.startedAt = Self.today.addingTimeInterval(offset)
                _ = try await store.push(record, results: results)
            }
            let history = try await store.history(of: "cards.list.ok")
            #expect(history.map(\.runId) == ["run-120", "run-60", "run-0"])
            #expect(history.map(\.branch) == ["main", "feature/cards", "main"])
        }
    }

    @Test func canReleaseOnlyWhenEverySupportedReleasePassedAgainstTheStub() async throws {
        try await TeamTestServer.withStore { store in
            try await store.recordRelease(client: "reference", commit: "app-1")
            try await store.recordRelease(client: "reference", commit: "app-2")
            try await store.recordRelease(client: "reference", commit: "app-0")
            #expect(try await store.endSupport(client: "reference", commit: "app-0"))
            #expect(try await !store.endSupport(client: "reference", commit: "never"))
            var (one, oneResults) = run("run-app1", commit: "app-1", stub: "stub-9", results: [result("a", .passed)])
            one.status = .passed
            _ = try await store.push(one, results: oneResults)
            var check = try await store.canRelease(stubCommit: "stub-9")
            #expect(!check.canRelease)
            #expect(check.releases.map(\.release.clientCommit).sorted() == ["app-1", "app-2"])
            #expect(check.releases.first { $0.release.clientCommit == "app-2" }?.verdict == .unknown)
            var (two, twoResults) = run("run-app2-failed", commit: "app-2", stub: "stub-9", results: [result("a", .failed)])
            two.status = .failed
            _ = try await store.push(two, results: twoResults)
            check = try await store.canRelease(stubCommit: "stub-9")
            #expect(check.releases.first { $0.release.clientCommit == "app-2" }?.verdict == .failed(runId: "run-app2-failed", status: "failed"))
            var (again, againResults) = run("run-app2-passed", commit: "app-2", stub: "stub-9", results: [result("a", .passed)])
            again.status = .passed
            again.startedAt = Self.today.addingTimeInterval(60)
            _ = try await store.push(again, results: againResults)
            #expect(try await store.canRelease(stubCommit: "stub-9").canRelease)
            #expect(try await !store.canRelease(stubCommit: "stub-10").canRelease)
            #expect(try await store.releases().last?.supportEndedAt != nil)
        }
    }

    @Test func pruneKeepsPinnedReleasedAndLatestPerBranchAndTheCounters() async throws {
        try await TeamTestServer.withStore { store in
            let old = Self.today.addingTimeInterval(-200 * 86_400)
            for (id, branch, commit) in [("old-1", "main", "c1"), ("old-2", "main", "c1"), ("old-pinned", "main", "c1"),
                                         ("old-released", "main", "app-7"), ("old-feature", "feature/x", "c1")] {
                var (record, results) = run(id, commit: commit, branch: branch, results: [result("a", .passed), result("b", .failed)])
                record.startedAt = old.addingTimeInterval(id == "old-1" ? 0 : 10)
                _ = try await store.push(record, results: results)
            }
            let (recent, recentResults) = run("recent", branch: "main", results: [result("a", .passed), result("b", .passed)])
            _ = try await store.push(recent, results: recentResults)
            #expect(try await store.pin("old-pinned"))
            #expect(try await !store.pin("no-such-run"))
            try await store.recordRelease(client: "reference", commit: "app-7")
            let dry = try await store.prune(keepDays: 90, dryRun: true)
            #expect(dry == TeamStore.PruneResult(runs: 2, caseResults: 4))
            #expect(try await store.prune(keepDays: 90, batch: 1) == TeamStore.PruneResult(runs: 2, caseResults: 4))
            #expect(try await store.prune(keepDays: 90) == TeamStore.PruneResult(runs: 0, caseResults: 0))
            #expect(try await store.history(of: "a").map(\.runId).sorted() == ["old-feature", "old-pinned", "old-released", "recent"])
            #expect(try await store.runCount() == 6)
            // The counters of the pruned runs still answer: "b" failed and passed on the same inputs long ago.
            #expect(try await store.flaky(days: 365).map(\.caseId) == ["b"])
        }
    }

    @Test func anUnreachableStoreSaysWhereWithinTheBound() async throws {
        let address = try TeamAddress("postgres://nobody@/nothing?host=/nonexistent-\(UUID().uuidString)&port=5433")
        let started = ContinuousClock.now
        await #expect {
            _ = try await TeamStore.connect(address, logger: TeamTestServer.logger, timeout: .seconds(3))
        } throws: { error in
            guard case .unreachable(let where_, _) = error as? TeamStoreError else { return false }
            return where_.contains("nonexistent")
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        let refused = try TeamAddress("postgres://nobody@127.0.0.1:1/nothing")
        await #expect {
            _ = try await TeamStore.connect(refused, logger: TeamTestServer.logger, timeout: .seconds(2))
        } throws: { error in
            guard case .unreachable(let where_, _) = error as? TeamStoreError else { return false }
            return where_.contains("127.0.0.1:1")
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}

/// Addresses and windows, with no server.
@Suite struct TeamAddressTests {
    @Test func tcpAndSocketForms() throws {
        let tcp = try TeamAddress("postgres://ci@db.internal:6543/stubbank", environment: ["STUBBANK_TEAM_PASSWORD": "s3cret"])
        #expect(tcp.endpoint == .tcp(host: "db.internal", port: 6543))
        #expect(tcp.user == "ci" && tcp.database == "stubbank" && tcp.password == "s3cret")
        #expect(!tcp.description.contains("s3cret"))
        let socket = try TeamAddress("postgres://ci@/stubbank?host=/tmp/pg&port=5433", environment: [:])
        #expect(socket.endpoint == .socket(folder: "/tmp/pg", port: 5433))
        #expect(try TeamAddress("postgresql://ci@db/stubbank", environment: ["PGPASSWORD": "x"]).password == "x")
    }

    @Test(arguments: [
        ("http://db/stubbank", "postgres://"),
        ("postgres://ci:hunter2@db/stubbank", "STUBBANK_TEAM_PASSWORD"),
        ("postgres://ci@db", "no database"),
        ("postgres://ci@/stubbank", "no host"),
    ])
    func badAddressesSayWhatIsWrong(text: String, says: String) {
        #expect { _ = try TeamAddress(text, environment: [:]) } throws: { error in
            "\(error)".contains(says) && !"\(error)".contains("hunter2")
        }
    }

    @Test func windows() throws {
        #expect(try TeamStore.days(in: "14d") == 14)
        #expect(try TeamStore.days(in: "2w") == 14)
        #expect(try TeamStore.days(in: "36h") == 2)
        #expect(throws: TeamStoreError.badWindow("fortnight")) { try TeamStore.days(in: "fortnight") }
    }
}
