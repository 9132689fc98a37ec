import Foundation
import StubEngine

/// `GET /__stubbank`.
struct AdminIndex: Codable, Sendable {
    var scenario: String?
    var links: [String: String]
}

/// One row of `GET /__stubbank/routes`.
struct AdminRoute: Codable, Sendable {
    var route: String
    var operationId: String
    var summary: String
    var requiresToken: Bool
    /// `built-in bank` or `routes/FILE:LINE`.
    var source: String
    /// How the journal's `route` names it (a route file's adds `[id]`).
    var journalName: String
    /// Requests it took (in the session asked for, or in all), faulted ones included.
    var hits: Int
}

/// One installed behaviour, as the admin API shows it.
struct AdminBehaviour: Codable, Sendable {
    var id: String
    var source: Behaviour.Source
    var session: String?
    /// How many more requests it affects; nil for unlimited.
    var remaining: Int?
    /// When it retires by itself (RFC 3339), for `expiresInSeconds`; nil for never.
    var expiresAt: String?
    /// Seconds until then, by the server's clock, so a page need not trust its own.
    var secondsLeft: Double?
    var spec: BehaviourSpec

    init(_ entry: (behaviour: Behaviour, remaining: Int?, expiresAt: Date?), now: Date) {
        id = entry.behaviour.id
        source = entry.behaviour.source
        session = entry.behaviour.session
        remaining = entry.remaining
        expiresAt = entry.expiresAt.map(UTCTimestamp.dateTime)
        secondsLeft = entry.expiresAt.map { max(0, ($0.timeIntervalSince(now) * 10).rounded() / 10) }
        spec = entry.behaviour.spec
    }
}

/// One row of `GET /__stubbank/sessions`.
struct AdminSession: Codable, Sendable {
    var name: String
    /// RFC 3339; nil for `default`, which is always there.
    var lastUsedAt: String?
}

struct AdminScenarioSummary: Codable, Sendable {
    var name: String
    var description: String
}

struct AdminScenarios: Codable, Sendable {
    var active: String?
    var data: [AdminScenarioSummary]
}

/// Body of `PUT /__stubbank/scenario` and its answer. A body without a name clears the scenario
/// (an explicit `null` is refused, as in every admin body); the answer always has `name`, `null`
/// when none is active.
struct AdminScenarioChoice: Codable, Sendable {
    var name: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }
}

/// What `POST /__stubbank/tokens/expire` did: the session (nil for all) and how many access tokens ran out.
struct AdminTokensExpired: Codable, Sendable {
    var session: String?
    var expired: Int
}

/// What `POST /__stubbank/reset` did: the session (nil for all), the scenario still active (a
/// reset keeps it), and how much of each kind of state it put back.
struct AdminResetResult: Codable, Sendable {
    var session: String?
    var scenario: String?
    /// Customers (persona × session) whose balances, cards, payees and transfers went back to the fixtures.
    var customersRestored: Int
    /// Access tokens revoked (their refresh tokens with them).
    var tokensRevoked: Int
    /// Admin behaviours removed.
    var behavioursRemoved: Int
    /// Journal entries dropped.
    var journalEntriesCleared: Int
    /// Route-file sequences and counters start again from their first answer.
    var routeFileCounters: String
}

struct AdminReloadResult: Codable, Sendable {
    var personas: [String]
    var scenarios: [String]
    /// Ids of the route-file routes now served, in precedence order.
    var routeFiles: [String]
}
