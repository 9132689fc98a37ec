import Foundation

/// What changed between two runs: the CI gate.
public struct RunDiff: Codable, Sendable, Equatable {
    /// A case that got slower.
    public struct TimingChange: Codable, Sendable, Equatable {
        /// The case.
        public var caseId: String
        /// Its duration in the base run.
        public var beforeMs: Double
        /// Its duration in the head run.
        public var afterMs: Double
    }

    /// A case whose screen is not what it was: a row moved, lost a flag, or reads differently.
    public struct ScreenChange: Codable, Sendable, Equatable {
        /// The case.
        public var caseId: String
        /// The first difference, as a failing `screen: recorded` would name it.
        public var change: String

        /// A changed screen.
        public init(caseId: String, change: String) {
            self.caseId = caseId
            self.change = change
        }
    }

    /// The run compared against.
    public var baseRunId: String
    /// The newer run.
    public var headRunId: String
    /// Passed before, failed or errored now.
    public var newFailures: [String]
    /// Failed before, passed now.
    public var fixed: [String]
    /// Same outcome, different observation fingerprint: the behaviour changed unnoticed.
    public var drift: [String]
    /// Of the drifting cases, those whose screen changed, with the first change.
    public var screenChanges: [ScreenChange] = []
    /// Cases slower beyond the thresholds.
    public var timingRegressions: [TimingChange]
    /// Cases whose outcome flipped at least twice within the recent window of runs.
    public var flaky: [String]
    /// Cases only in the head run.
    public var added: [String]
    /// Cases only in the base run.
    public var removed: [String]

    /// What was compared when the runs differ in client or filter; nil when they ran alike.
    public var scope: Scope?

    /// Runs of different clients or filters: only the cases both ran are compared.
    public struct Scope: Codable, Sendable, Equatable {
        /// The clients, when they differ.
        public var clients: [String]?
        /// The filters (`all` for none), when they differ.
        public var filters: [String]?
        /// Cases both runs ran: the only ones compared.
        public var compared: Int
        /// Cases only the base run ran.
        public var onlyInBase: Int
        /// Cases only the head run ran.
        public var onlyInHead: Int

        /// The scope of a diff of `base` and `head`, or nil when they ran the same client and filter.
        public init?(base: RunRecord, head: RunRecord, diff: RunDiff) {
            guard base.client != head.client || base.filter != head.filter else { return nil }
            clients = base.client != head.client ? [base.client, head.client] : nil
            filters = base.filter != head.filter ? [base.filter ?? "all", head.filter ?? "all"] : nil
            onlyInBase = diff.removed.count
            onlyInHead = diff.added.count
            compared = diff.compared
        }

        /// One line for people.
        public var summary: String {
            var differences: [String] = []
            if let clients { differences.append("client \(clients[0]) vs \(clients[1])") }
            if let filters { differences.append("filter \(filters[0]) vs \(filters[1])") }
            return "The runs differ (\(differences.joined(separator: ", "))): compared only the \(compared) cases both ran; "
                + "\(onlyInBase) only in the base and \(onlyInHead) only in the head are not compared."
        }
    }

    /// Cases both runs ran.
    public var compared: Int

    /// New failures are a regression; the rest is reported.
    public var isRegression: Bool { !newFailures.isEmpty }

    /// Thresholds for timing regressions: slower by `ratio` and by at least `minimumMs`. Both
    /// must hold, so a 2 ms case that takes 5 ms is not a regression, nor is a 10 s case that
    /// takes 10.2 s.
    public struct Thresholds: Sendable {
        /// How many times slower counts.
        public var ratio: Double = 1.5
        /// And by at least this many milliseconds.
        public var minimumMs: Double = 100
        /// Thresholds.
        public init(ratio: Double = 1.5, minimumMs: Double = 100) {
            self.ratio = ratio
            self.minimumMs = minimumMs
        }
    }

    /// - Parameters:
    ///   - history: outcomes of recent runs (oldest first) per case, for flakiness
    public static func compare(base: (id: String, results: [CaseResultRecord]), head: (id: String, results: [CaseResultRecord]),
                               history: [[CaseResultRecord]] = [], thresholds: Thresholds = Thresholds()) -> RunDiff {
        let before = Dictionary(base.results.map { ($0.caseId, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(head.results.map { ($0.caseId, $0) }, uniquingKeysWith: { first, _ in first })
        var diff = RunDiff(baseRunId: base.id, headRunId: head.id, newFailures: [], fixed: [], drift: [], timingRegressions: [],
                           flaky: [], added: [], removed: [], compared: 0)
        for (id, now) in after.sorted(by: { $0.key < $1.key }) {
            guard let then = before[id] else { diff.added.append(id); continue }
            diff.compared += 1
            // A case the client stopped covering is not a failure, nor one it newly covers a fix.
            if !then.outcome.isFailure && now.outcome.isFailure { diff.newFailures.append(id) }
            if then.outcome.isFailure && now.outcome == .passed { diff.fixed.append(id) }
            if then.outcome == now.outcome, then.fingerprint != now.fingerprint {
                diff.drift.append(id)
                if let change = Self.screenChange(from: then, to: now) { diff.screenChanges.append(ScreenChange(caseId: id, change: change)) }
            }
            // A case that could not be set up says nothing about its own speed.
            let timed = !then.erroredInSetup && !now.erroredInSetup
            if timed, now.durationMs > then.durationMs * thresholds.ratio, now.durationMs - then.durationMs >= thresholds.minimumMs {
                diff.timingRegressions.append(TimingChange(caseId: id, beforeMs: then.durationMs, afterMs: now.durationMs))
            }
        }
        diff.removed = before.keys.filter { after[$0] == nil }.sorted()
        var outcomes: [String: [CaseResult.Outcome]] = [:]
        for run in history + [head.results] {
            // A setup error is the stub or the machine, not the case flipping.
            for result in run where !result.erroredInSetup { outcomes[result.caseId, default: []].append(result.outcome) }
        }
        // One flip is a new failure or a fix; two or more within the window is flakiness.
        diff.flaky = outcomes.filter { _, seen in
            zip(seen, seen.dropFirst()).filter { $0.isFailure != $1.isFailure }.count >= 2
        }.keys.sorted()
        return diff
    }
}

extension RunDiff {
    /// The first change between the screens two results saw, or nil when they are the same.
    static func screenChange(from then: CaseResultRecord, to now: CaseResultRecord) -> String? {
        func screen(_ record: CaseResultRecord) -> ScreenReport? {
            guard let json = record.observation else { return nil }
            return (try? JSONDecoder().decode(Observation.self, from: Data(json.utf8)))?.presentation.screen
        }
        let before = screen(then), after = screen(now)
        guard before != after else { return nil }
        guard let before else { return "a screen is reported now" }
        return ScreenCheck.screen(ScreenPattern(exactly: before), after) ?? "the screen changed"
    }
}

extension CaseResultRecord {
    /// The case errored before its operation ran: the stub, the network or the case's setup.
    var erroredInSetup: Bool { outcome == .error && failingLayer == .setup }
}
