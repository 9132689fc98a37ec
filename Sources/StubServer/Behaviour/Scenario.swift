/// A named set of behaviours and settings, loaded from `Stubs/scenarios/NAME.yaml`.
///
/// ```yaml
/// name: maintenance
/// description: Every API call answers 503 with Retry-After, and /v1/status says so.
/// settings:
///   maintenance: { message: "Back soon", retryAfterSeconds: 120 }
/// behaviours:
///   - route: "* /v1/**"
///     except: ["GET /v1/status"]
///     status: 503
///     headers: { Retry-After: "120" }
/// ```
public struct Scenario: Codable, Sendable, Equatable {
    public var name: String
    public var description: String
    var settings: ScenarioSettings?
    var behaviours: [BehaviourSpec]?

    init(name: String, description: String, settings: ScenarioSettings? = nil, behaviours: [BehaviourSpec]? = nil) {
        self.name = name
        self.description = description
        self.settings = settings
        self.behaviours = behaviours
    }
}

/// Server-wide settings a scenario changes while it is active.
public struct ScenarioSettings: Codable, Sendable, Equatable {
    /// Lifetime of new access tokens, in seconds (the `session-expiry` scenario shortens it).
    public var tokenTTLSeconds: Int?
    /// When set, `GET /v1/status` reports maintenance.
    public var maintenance: MaintenanceWindow?

    public init(tokenTTLSeconds: Int? = nil, maintenance: MaintenanceWindow? = nil) {
        self.tokenTTLSeconds = tokenTTLSeconds
        self.maintenance = maintenance
    }
}

/// A maintenance window as `GET /v1/status` reports it.
public struct MaintenanceWindow: Codable, Sendable, Equatable {
    public var message: String
    public var retryAfterSeconds: Int
}
