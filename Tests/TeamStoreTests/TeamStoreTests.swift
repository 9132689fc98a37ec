import ContractKit
import ContractStore
import Foundation
import NIOPosix
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

    enum Verdict: String, Sendable { case none, flaky, drift, envSplit }

    /// Histories of one case on one set of inputs: (machine class's OS, passed, fingerprint) per run.
    static let histories: [(String, [(String, Bool, String)], Verdict)] = [
        ("steady everywhere", [("linux", true, "a"), ("linux", true, "a"), ("macos", true, "a")], .none),
        ("one run", [("linux", true, "a")], .none),
        ("fails everywhere", [("linux", false, "a"), ("macos", false, "a")], .none),
        ("both outcomes on one class", [("linux", true, "a"), ("linux", false, "a")], .flaky),
        ("both on one class, another class fails", [("linux", true, "a"), ("linux", false, "a"), ("macos", false, "a")], .flaky),
        ("each class agrees with itself", [("linux", true, "a"), ("linux", true, "a"), ("macos", false, "a"), ("macos", false, "a")], .envSplit),
        ("always passes, two observations", [("linux", true, "a"), ("macos", true, "b")], .drift),
        ("always passes, two observations on one class", [("linux", true, "a"), ("linux", true, "b"), ("linux", true, "a")], .drift),
    ]

    @Test(arguments: histories)
    func eachHistoryIsNamedExactlyOnce(name: String, runs: [(String, Bool, String)], expected: Verdict) async throws {
        try await TeamTestServer.withStore { store in
            for (index, (os, passed, print)) in runs.enumerated() {
                let (record, results) = run("run-\(index)", os: os, results: [result("the.case", passed ? .passed : .failed, fingerprint: print)])
                _ = try await store.push(record, results: results)
            }
            let flaky = try await store.flaky(days: 14).map(\.caseId)
            let drift = try await store.drift(days: 14).map(\.caseId)
            let split = try await store.environmentSplit(days: 14).map(\.caseId)
            #expect(flaky == (expected == .flaky ? ["the.case"] : []), "\(name)")
            #expect(drift == (expected == .drift ? ["the.case"] : []), "\(name)")
            #expect(split == (expected == .envSplit ? ["the.case"] : []), "\(name)")
        }
    }

    @Test func twoMachinesPushingAtOnce() async throws {
        try await TeamTestServer.withFreshDatabase { address in
            let one = try await TeamRunStore.connect(address, logger: TeamTestServer.logger)
            let two = try await TeamRunStore.connect(address, logger: TeamTestServer.logger)
            try await one.migrate()
            let cases = (0..<50).map { result("case.\($0)", .passed) }
            let (shared, sharedResults) = run("run-shared", results: cases)
            async let first = one.push(shared, results: sharedResults)
            async let second = two.push(shared, results: sharedResults)
            #expect(try await [first, second].sorted { "\($0)" < "\($1)" } == [.alreadyThere, .pushed])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    let (record, results) = run("run-\(index)", results: cases)
                    let store = index.isMultiple(of: 2) ? one : two
                    group.addTask { _ = try await store.push(record, results: results) }
                }
                try await group.waitForAll()
            }
            #expect(try await one.runCount() == 9)
            let counted = try await one.client.query("SELECT sum(passed)::int8 FROM team_case_day", logger: TeamTestServer.logger)
            for try await passed in counted.decode(Int.self) { #expect(passed == 9 * 50) }
            await one.close()
            await two.close()
        }
    }

    #if os(Linux) || os(macOS)
    @Test func aPushKilledHalfWayIsFinishedByTheNextAndNothingCountsTwice() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let binary = root.appendingPathComponent(".build/debug/stubbank")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the stubbank binary first (swift build)")
        try await TeamTestServer.withFreshDatabase { address in
            let store = try await TeamRunStore.connect(address, logger: TeamTestServer.logger)
            try await store.migrate()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-kill-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let local = try RunStore(path: folder.appendingPathComponent("runs.sqlite").path)
            for _ in 0..<60 {
                let begun = try local.begin(client: "reference", baseURL: "x", gitCommit: "c1", total: 200,
                                            identity: RunIdentity(branch: "main", stubCommit: "s1", contractHash: "h1"))
                for index in 0..<200 {
                    var one = CaseResult(caseId: "case.\(index)", operation: "op", outcome: .passed, failingLayer: nil, message: nil,
                                         observation: nil, fingerprint: "f", durationMs: 1, requests: 1)
                    one.definitionHash = "d\(index)"
                    try local.record(one, runId: begun.id)
                }
                try local.finish(runId: begun.id)
            }
            let url = Self.url(of: address)
            // The first push is killed (SIGKILL) as soon as it has pushed one run. Processes are
            // waited for off Swift's concurrency pool, which the other tests share.
            let database = folder.appendingPathComponent("runs.sqlite").path
            let killedReason = try await Self.offThePool { () throws -> Process.TerminationReason in
                let killed = Process()
                killed.executableURL = binary
                killed.arguments = ["runs", "push", "--db", database, "--to", url]
                let output = Pipe()
                killed.standardOutput = output
                try killed.run()
                // A bound on the read below: a push that stalls is killed after a minute.
                let watchdog = killed.processIdentifier
                DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if killed.isRunning { kill(watchdog, SIGKILL) } }
                var seen = Data()
                while !String(decoding: seen, as: UTF8.self).contains("pushed run-") {
                    let chunk = output.fileHandleForReading.availableData
                    guard !chunk.isEmpty else { break }
                    seen.append(chunk)
                }
                kill(killed.processIdentifier, SIGKILL)
                killed.waitUntilExit()
                return killed.terminationReason
            }
            #expect(killedReason == .uncaughtSignal)
            let partly = try await store.runCount()
            #expect(partly >= 1 && partly < 60)
            let resumedStatus = try await Self.offThePool { () throws -> Int32 in
                let resumed = Process()
                resumed.executableURL = binary
                resumed.arguments = ["runs", "push", "--db", database, "--to", url, "--strict"]
                resumed.standardOutput = FileHandle.nullDevice
                try resumed.run()
                let resumedPid = resumed.processIdentifier
                DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if resumed.isRunning { kill(resumedPid, SIGKILL) } }
                resumed.waitUntilExit()
                return resumed.terminationStatus
            }
            #expect(resumedStatus == 0)
            #expect(try await store.runCount() == 60)
            #expect(try RunStore(path: folder.appendingPathComponent("runs.sqlite").path).outbox().isEmpty)
            let counted = try await store.client.query("SELECT sum(passed)::int8 FROM team_case_day", logger: TeamTestServer.logger)
            for try await passed in counted.decode(Int.self) { #expect(passed == 60 * 200) }
            await store.close()
        }
    }
    #endif

    /// Runs blocking work (a child process, a blocking read) on a thread of its own.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    static func url(of address: TeamAddress) -> String {
        switch address.endpoint {
        case .tcp(let host, let port): "postgres://\(address.user)@\(host):\(port)/\(address.database)"
        case .socket(let folder, let port): "postgres://\(address.user)@/\(address.database)?host=\(folder)&port=\(port)"
        }
    }

    @Test func migrationsApplyOnceEvenTwoAtATime() async throws {
        try await TeamTestServer.withFreshDatabase { address in
            let one = try await TeamRunStore.connect(address, logger: TeamTestServer.logger)
            let two = try await TeamRunStore.connect(address, logger: TeamTestServer.logger)
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

    @Test func aStoreNoOneMigratedSaysToMigrate() async throws {
        try await TeamTestServer.withFreshDatabase { address in
            let store = try await TeamRunStore.connect(address, logger: TeamTestServer.logger)
            await #expect {
                try await store.releaseUses()
            } throws: { error in
                "\(error)".contains("run `stubbank team migrate`")
            }
            await store.close()
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

    @Test func whatEachSupportedReleaseUsedComesBackForCompat() async throws {
        try await TeamTestServer.withStore { store in
            try await store.recordRelease(client: "ios", commit: "app-42")
            try await store.recordRelease(client: "ios", commit: "app-43")
            try await store.recordRelease(client: "ios", commit: "app-41")
            #expect(try await store.endSupport(client: "ios", commit: "app-41"))
            func using(_ read: [String], run id: String, commit: String) -> (RunRecord, [CaseResultRecord]) {
                var record = result("a", .passed)
                var caseResult = CaseResult(caseId: "accounts.list", operation: "accounts.list", outcome: .passed, failingLayer: nil,
                                            message: nil, observation: nil, fingerprint: "f", durationMs: 1, requests: 1)
                caseResult.uses = [OperationUse(method: "GET", path: "/v1/accounts", status: 200,
                                                received: ["accounts[].iban", "accounts[].name"], read: read)]
                record = CaseResultRecord(runId: "-", result: caseResult)
                var (run, results) = run(id, commit: commit, results: [record])
                run.client = "ios"
                return (run, results)
            }
            let (first, firstResults) = using(["accounts[].iban"], run: "run-42-a", commit: "app-42")
            _ = try await store.push(first, results: firstResults)
            let (second, secondResults) = using(["accounts[].iban", "accounts[].name"], run: "run-42-b", commit: "app-42")
            _ = try await store.push(second, results: secondResults)
            let (ended, endedResults) = using(["accounts[].name"], run: "run-41", commit: "app-41")
            _ = try await store.push(ended, results: endedResults)

            let uses = try await store.releaseUses(client: "ios")
            // Supported releases only; one without a run that recorded uses is there with none.
            #expect(uses.map(\.release.clientCommit).sorted() == ["app-42", "app-43"])
            let app42 = try #require(uses.first { $0.release.clientCommit == "app-42" })
            #expect(app42.runs == 2)
            #expect(app42.uses.map(\.read).sorted { $0.count < $1.count } == [["accounts[].iban"], ["accounts[].iban", "accounts[].name"]])
            #expect(uses.first { $0.release.clientCommit == "app-43" }?.runs == 0)
            #expect(try await store.releaseUses(client: "android").isEmpty)
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
            #expect(dry == TeamRunStore.PruneResult(runs: 2, caseResults: 4))
            #expect(try await store.prune(keepDays: 90, batch: 1) == TeamRunStore.PruneResult(runs: 2, caseResults: 4))
            #expect(try await store.prune(keepDays: 90) == TeamRunStore.PruneResult(runs: 0, caseResults: 0))
            #expect(try await store.history(of: "a").map(\.runId).sorted() == ["old-feature", "old-pinned", "old-released", "recent"])
            #expect(try await store.runCount() == 6)
            // The counters of the pruned runs still answer: "b" failed and passed on the same inputs long ago.
            #expect(try await store.flaky(days: 365).map(\.caseId) == ["b"])
        }
    }

    @Test func everyStatementHasAServerSideBound() async throws {
        try await TeamTestServer.withStore { store in
            for try await value in try await store.client.query("SHOW statement_timeout", logger: TeamTestServer.logger).decode(String.self) {
                #expect(value == "1min")
            }
        }
    }

    /// A store that is not there fails at once, naming where it looked.
    @Test func anUnreachableStoreSaysWhere() async throws {
        let address = try TeamAddress("postgres://nobody@/nothing?host=/nonexistent-\(UUID().uuidString)&port=5433")
        await #expect {
            _ = try await TeamRunStore.connect(address, logger: TeamTestServer.logger, timeout: .seconds(3))
        } throws: { error in
            guard case .unreachable(let where_, _) = error as? TeamStoreError else { return false }
            return where_.contains("nonexistent")
        }
        let refused = try TeamAddress("postgres://nobody@127.0.0.1:1/nothing")
        await #expect {
            _ = try await TeamRunStore.connect(refused, logger: TeamTestServer.logger, timeout: .seconds(2))
        } throws: { error in
            guard case .unreachable(let where_, _) = error as? TeamStoreError else { return false }
            return where_.contains("127.0.0.1:1")
        }
    }

    /// A server that takes the connection and never answers is given up on at the bound, and the
    /// reason says so. The proof is the reason, not a stopwatch: under a busy parallel test run a
    /// task can wait a minute for a thread, so a wall-clock bound here failed CI once (64.9 s for
    /// a 2-second timeout). The time limit only turns a lost bound into a failure, not a hang.
    @Test(.timeLimit(.minutes(5))) func aServerThatNeverAnswersIsGivenUpOnAtTheBound() async throws {
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in channel.eventLoop.makeSucceededVoidFuture() }
            .bind(host: "127.0.0.1", port: 0).get()
        defer { silent.close(promise: nil) }
        let port = try #require(silent.localAddress?.port)
        let address = try TeamAddress("postgres://nobody@127.0.0.1:\(port)/nothing")
        await #expect {
            _ = try await TeamRunStore.connect(address, logger: TeamTestServer.logger, timeout: .seconds(2))
        } throws: { error in
            guard case .unreachable(let where_, let reason) = error as? TeamStoreError else { return false }
            return where_.contains("127.0.0.1:\(port)") && reason == "no answer within 2.0 seconds"
        }
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
        #expect(try TeamRunStore.days(in: "14d") == 14)
        #expect(try TeamRunStore.days(in: "2w") == 14)
        #expect(try TeamRunStore.days(in: "36h") == 2)
        #expect(throws: TeamStoreError.badWindow("fortnight")) { try TeamRunStore.days(in: "fortnight") }
    }
}
