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
}

/// One installed behaviour, as the admin API shows it.
struct AdminBehaviour: Codable, Sendable {
    var id: String
    var source: Behaviour.Source
    var session: String?
    /// How many more requests it affects; nil for unlimited.
    var remaining: Int?
    var spec: BehaviourSpec

    init(_ entry: (behaviour: Behaviour, remaining: Int?)) {
        id = entry.behaviour.id
        source = entry.behaviour.source
        session = entry.behaviour.session
        remaining = entry.remaining
        spec = entry.behaviour.spec
    }
}

struct AdminScenarioSummary: Codable, Sendable {
    var name: String
    var description: String
}

struct AdminScenarios: Codable, Sendable {
    var active: String?
    var data: [AdminScenarioSummary]
}

/// Body of `PUT /__stubbank/scenario`; a null name clears the scenario.
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

struct AdminResetResult: Codable, Sendable {
    var session: String?
    var scenario: String?
}

struct AdminReloadResult: Codable, Sendable {
    var personas: [String]
    var scenarios: [String]
    /// Ids of the route-file routes now served, in precedence order.
    var routeFiles: [String]
}
