public import ContractKit
import ContractStore
public import Foundation
public import Logging
import NIOConcurrencyHelpers
public import StubFormats
import StubServer

/// One `stubbank contracts run`: loads cases, hosts the stub (unless given a base URL), runs,
/// records every result as it lands, finishes the run, and diffs it against the previous one
/// (or a named baseline).
public struct CommandRun: Sendable {
    /// What to run, against what, and where to record it.
    public struct Options: Sendable {
        /// The client whose operations run the cases.
        public var client: ContractClient
        /// The folder of case files.
        public var casesDirectory: URL
        /// The stubs folder the in-process stub serves (unused with `baseURL`).
        public var stubsDirectory: URL
        /// The run store's SQLite file.
        public var databasePath: String
        /// A stub that is already running; nil hosts one in process.
        public var baseURL: URL?
        /// Sent to a running stub's admin API when it was started with `--admin-token`.
        public var adminToken: String?
        /// Only cases whose id contains this text, or whose operation it is.
        public var filter: String?
        /// Cases run at once.
        public var concurrency: Int = 8
        /// Diff against the run with this label instead of the previous run.
        public var baseline: String?
        /// Runs to look back over for flaky cases.
        public var flakyWindow: Int = 5
        /// Write the screen of every case that states `screen: recorded` to
        /// `<cases>/screens/<case-id>.yaml`, instead of comparing with it.
        public var recordScreens = false

        /// Options with the defaults for the rest.
        public init(client: ContractClient, casesDirectory: URL, stubsDirectory: URL, databasePath: String) {
            self.client = client
            self.casesDirectory = casesDirectory
            self.stubsDirectory = stubsDirectory
            self.databasePath = databasePath
        }
    }

    /// A finished run.
    public struct Finished: Sendable {
        /// The run, its results and its diff.
        public var report: RunReport
        /// Case files or cases that did not load; a run with any is not green.
        public var loadProblems: [CaseLoadProblem]
        /// From loading the cases to the finished diff.
        public var wallTime: Duration
        /// Of `wallTime`, the time spent opening, writing and reading the run store.
        public var storeTime: Duration

        /// One line for people and for `Benchmarks/bench.py`.
        public var timingLine: String {
            let wall = wallTime.inMilliseconds, store = storeTime.inMilliseconds
            let share = wall > 0 ? store / wall * 100 : 0
            return String(format: "Time: %.1f ms; SQLite: %.1f ms of %.1f ms (%.1f %%) recording and diffing runs", wall, store, wall, share)
        }
    }

    /// What to run.
    public let options: Options
    /// Where the in-process stub logs (errors only).
    public let logger: Logger

    /// A session for these options.
    public init(options: Options, logger: Logger) {
        self.options = options
        self.logger = logger
    }

    /// Runs the cases; `progress` hears each result with how many are done and of how many.
    public func run(progress: @escaping @Sendable (CaseResult, Int, Int) -> Void) async throws -> Finished {
        let clock = ContinuousClock()
        let started = clock.now
        let storeTime = StopWatch()
        let client = options.client
        let loaded = CaseLoader(directory: options.casesDirectory, client: client).load()
        var cases = loaded.cases
        if let filter = options.filter { cases = cases.filter { $0.id.contains(filter) || $0.when == filter } }
        let store = try storeTime.time { try RunStore(path: options.databasePath) }
        var host: LiveStub?
        let baseURL: URL
        if let given = options.baseURL {
            baseURL = given
        } else {
            var quiet = logger
            quiet.logLevel = .error
            let started = try await LiveStub.start(stubs: options.stubsDirectory, logger: quiet)
            host = started
            baseURL = started.baseURL
        }
        let previous = try storeTime.time { try store.runs(limit: 10, client: client.name).first { $0.status != .running } }
        let commit = Self.gitCommit()
        let identity = identity(hosted: options.baseURL == nil)
        let run = try storeTime.time {
            try RecordedRun(recorder: store, client: client.name, baseURL: baseURL.absoluteString, gitCommit: commit, total: cases.count,
                            filter: options.filter, identity: identity)
        }
        let runner = ContractRunner(client: client, stubURL: baseURL, concurrency: options.concurrency, adminToken: options.adminToken,
                                    screens: ScreenRecorder(casesDirectory: options.casesDirectory, recording: options.recordScreens))
        let counter = Counter()
        let total = cases.count
        let results = await runner.run(cases) { result in
            do {
                try await storeTime.time { try await run.add(result) }
            } catch {
                logger.error("could not record \(result.caseId): \(error)")
            }
            progress(result, counter.increment(), total)
        }
        let finished = try await storeTime.time { try await run.finish() }
        await host?.stop()
        let diff = try storeTime.time { () throws -> RunDiff? in
            let base = try options.baseline.map { name -> RunRecord in
                guard let labelled = try store.run(labelled: name, client: client.name) else { throw StoreError.unknownRun("labelled \(name)") }
                return labelled
            } ?? previous
            return try base.map { try store.diff(base: $0, head: finished, window: options.flakyWindow) }
        }
        return Finished(report: RunReport(run: finished, results: results, cases: cases, diff: diff, operations: client.operations),
                       loadProblems: loaded.problems,
                       wallTime: clock.now - started, storeTime: storeTime.total)
    }

    /// What this run ran on: the branch, the commit that last changed the stubs folder (when the
    /// stub is hosted here; `STUBBANK_STUB_COMMIT` otherwise), and the hash of the cases and,
    /// when hosted here, the stubs.
    func identity(hosted: Bool) -> RunIdentity {
        let environment = ProcessInfo.processInfo.environment
        let branch = RunIdentity.branch(from: environment) ?? Self.git(["rev-parse", "--abbrev-ref", "HEAD"]).flatMap { $0 == "HEAD" ? nil : $0 }
        let stubCommit = environment["STUBBANK_STUB_COMMIT"]
            ?? (hosted ? Self.git(["log", "-1", "--format=%H", "--", options.stubsDirectory.path]) : nil)
        let folders = [options.casesDirectory] + (hosted ? [options.stubsDirectory] : [])
        return RunIdentity(branch: branch, stubCommit: stubCommit, contractHash: RunIdentity.contractHash(of: folders))
    }

    /// The checked-out commit, when run inside a git work tree; nil where programs cannot be
    /// started (iOS, tvOS, watchOS).
    static func gitCommit() -> String? {
        git(["rev-parse", "HEAD"])
    }

    /// `git ARGUMENTS`' trimmed output, or nil when git fails, prints nothing, or cannot be run.
    static func git(_ arguments: [String]) -> String? {
        #if os(macOS) || os(Linux) || os(Windows)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
        #else
        return nil
        #endif
    }
}

/// Adds up the time spent in timed blocks, from any task.
final class StopWatch: Sendable {
    private let elapsed = NIOLockedValueBox(Duration.zero)

    var total: Duration { elapsed.withLockedValue { $0 } }

    func time<T>(_ body: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let started = clock.now
        defer { let spent = clock.now - started; elapsed.withLockedValue { $0 += spent } }
        return try body()
    }

    func time<T>(_ body: () async throws -> T) async rethrows -> T {
        let clock = ContinuousClock()
        let started = clock.now
        defer { let spent = clock.now - started; elapsed.withLockedValue { $0 += spent } }
        return try await body()
    }
}

/// A thread-safe counter for progress lines.
final class Counter: Sendable {
    private let value = NIOLockedValueBox(0)
    func increment() -> Int { value.withLockedValue { $0 += 1; return $0 } }
}
