public import ContractKit
public import Foundation
import PostgresNIO

extension TeamRunStore {
    /// A released app version customers still use, or used.
    public struct Release: Sendable, Equatable {
        /// The client (driver) name, e.g. `mybank`.
        public var client: String
        /// The commit the release was built from.
        public var clientCommit: String
        /// When it was recorded.
        public var recordedAt: Date
        /// When support ended; nil while customers may still run it.
        public var supportEndedAt: Date?
    }

    /// Records `commit` of `client` as released (Pact's record-release, for app versions that
    /// stay in customers' hands). Recording it again changes nothing; a release whose support
    /// had ended is supported again.
    public func recordRelease(client: String, commit: String) async throws {
        try await run("record release \(client) \(commit)") {
            _ = try await self.client.query("""
                INSERT INTO team_release (client, client_commit) VALUES (\(client), \(commit))
                ON CONFLICT (client, client_commit) DO UPDATE SET support_ended_at = NULL
                """, logger: logger)
        }
    }

    /// Marks a release as no longer supported; returns false when no such release was recorded.
    public func endSupport(client: String, commit: String) async throws -> Bool {
        try await run("end support \(client) \(commit)") {
            let rows = try await self.client.query("""
                UPDATE team_release SET support_ended_at = coalesce(support_ended_at, now())
                WHERE client = \(client) AND client_commit = \(commit) RETURNING client
                """, logger: logger)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
    }

    /// Every recorded release, supported ones first, newest first.
    public func releases() async throws -> [Release] {
        try await run("list releases") {
            let rows = try await self.client.query("""
                SELECT client, client_commit, recorded_at, support_ended_at FROM team_release
                ORDER BY support_ended_at IS NOT NULL, recorded_at DESC, client, client_commit
                """, logger: logger)
            var found: [Release] = []
            for try await (client, commit, recorded, ended) in rows.decode((String, String, Date, Date?).self) {
                found.append(Release(client: client, clientCommit: commit, recordedAt: recorded, supportEndedAt: ended))
            }
            return found
        }
    }

    /// The answer to "can this stub commit be released?".
    public struct ReleaseCheck: Sendable, Equatable {
        /// What one supported release needs.
        public enum Verdict: Sendable, Equatable {
            /// A run of this release against the stub commit passed (its id).
            case passed(runId: String)
            /// Its latest run against the stub commit did not pass (its id and status).
            case failed(runId: String, status: String)
            /// No run of this release against the stub commit: unknown, which is no.
            case unknown
        }

        /// The stub commit asked about.
        public var stubCommit: String
        /// Each supported release and its verdict.
        public var releases: [(release: Release, verdict: Verdict)]

        /// Yes only when every supported release has a passing run; no supported release is yes.
        public var canRelease: Bool {
            releases.allSatisfy { if case .passed = $0.verdict { true } else { false } }
        }

        /// Equal when they ask about the same stub commit with the same releases and verdicts.
        public static func == (lhs: ReleaseCheck, rhs: ReleaseCheck) -> Bool {
            lhs.stubCommit == rhs.stubCommit && lhs.releases.map(\.release) == rhs.releases.map(\.release)
                && lhs.releases.map(\.verdict) == rhs.releases.map(\.verdict)
        }
    }

    /// Whether `stubCommit` can be released: every supported release of every client (or of
    /// `client`) must have a passing run against it. A passing run anywhere counts; otherwise the
    /// latest run decides, and no run at all is unknown.
    public func canRelease(stubCommit: String, client: String? = nil) async throws -> ReleaseCheck {
        try await run("can-release \(stubCommit)") {
            let rows = try await self.client.query("""
                SELECT r.client, r.client_commit, r.recorded_at,
                    (SELECT id FROM team_run t WHERE t.client = r.client AND t.client_commit = r.client_commit
                        AND t.stub_commit = \(stubCommit) AND t.status = 'passed' ORDER BY t.started_at DESC LIMIT 1),
                    (SELECT id FROM team_run t WHERE t.client = r.client AND t.client_commit = r.client_commit
                        AND t.stub_commit = \(stubCommit) ORDER BY t.started_at DESC LIMIT 1),
                    (SELECT status FROM team_run t WHERE t.client = r.client AND t.client_commit = r.client_commit
                        AND t.stub_commit = \(stubCommit) ORDER BY t.started_at DESC LIMIT 1)
                FROM team_release r
                WHERE r.support_ended_at IS NULL AND (\(client)::text IS NULL OR r.client = \(client))
                ORDER BY r.client, r.recorded_at DESC
                """, logger: logger)
            var releases: [(release: Release, verdict: ReleaseCheck.Verdict)] = []
            for try await (client, commit, recorded, passing, latest, status)
                in rows.decode((String, String, Date, String?, String?, String?).self) {
                let verdict: ReleaseCheck.Verdict = if let passing {
                    .passed(runId: passing)
                } else if let latest {
                    .failed(runId: latest, status: status ?? "?")
                } else {
                    .unknown
                }
                releases.append((Release(client: client, clientCommit: commit, recordedAt: recorded, supportEndedAt: nil), verdict))
            }
            return ReleaseCheck(stubCommit: stubCommit, releases: releases)
        }
    }

    /// What one supported release's recorded runs used of the API.
    public struct ReleaseUse: Sendable, Equatable {
        /// The release.
        public var release: Release
        /// Every distinct use of its cases' requests, from every run of it.
        public var uses: [OperationUse]
        /// How many of its runs recorded uses (runs pushed before uses were kept have none).
        public var runs: Int
    }

    /// For each supported release (of every client, or of `client`): what its runs used of the
    /// API, for `stubbank compat --team`. A release with no run that recorded uses is listed
    /// with none, so the answer can say it is unknown rather than safe.
    public func releaseUses(client: String? = nil) async throws -> [ReleaseUse] {
        try await run("release uses") {
            let rows = try await self.client.query("""
                SELECT r.client, r.client_commit, r.recorded_at, count(DISTINCT t.id) FILTER (WHERE c.uses IS NOT NULL),
                    coalesce(array_agg(DISTINCT c.uses) FILTER (WHERE c.uses IS NOT NULL), '{}')
                FROM team_release r
                LEFT JOIN team_run t ON t.client = r.client AND t.client_commit = r.client_commit
                LEFT JOIN team_case_result c ON c.run_id = t.id
                WHERE r.support_ended_at IS NULL AND (\(client)::text IS NULL OR r.client = \(client))
                GROUP BY r.client, r.client_commit, r.recorded_at
                ORDER BY r.client, r.recorded_at DESC
                """, logger: logger)
            var found: [ReleaseUse] = []
            let decoder = JSONDecoder()
            for try await (client, commit, recorded, runs, texts) in rows.decode((String, String, Date, Int, [String]).self) {
                var uses: [OperationUse] = []
                for text in texts {
                    for use in (try? decoder.decode([OperationUse].self, from: Data(text.utf8))) ?? [] where !uses.contains(use) {
                        uses.append(use)
                    }
                }
                found.append(ReleaseUse(release: Release(client: client, clientCommit: commit, recordedAt: recorded, supportEndedAt: nil),
                                        uses: uses, runs: runs))
            }
            return found
        }
    }
}
