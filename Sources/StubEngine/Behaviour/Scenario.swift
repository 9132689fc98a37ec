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
    /// The scenario's name, as `--scenario` and the admin API take it.
    public var name: String
    /// One line saying what it simulates, for `stubbank scenarios` and the console.
    public var description: String
    package var settings: ScenarioSettings?
    package var behaviours: [BehaviourSpec]?

    package init(name: String, description: String, settings: ScenarioSettings? = nil, behaviours: [BehaviourSpec]? = nil) {
        self.name = name
        self.description = description
        self.settings = settings
        self.behaviours = behaviours
    }
}

/// Server-wide settings a scenario changes while it is active.
package struct ScenarioSettings: Codable, Sendable, Equatable {
    /// Lifetime of new access tokens, in seconds (the `session-expiry` scenario shortens it).
    package var tokenTTLSeconds: Int?
    /// When set, `GET /v1/status` reports maintenance.
    package var maintenance: MaintenanceWindow?

    package init(tokenTTLSeconds: Int? = nil, maintenance: MaintenanceWindow? = nil) {
        self.tokenTTLSeconds = tokenTTLSeconds
        self.maintenance = maintenance
    }
}

/// A maintenance window as `GET /v1/status` reports it.
package struct MaintenanceWindow: Codable, Sendable, Equatable {
    package var message: String
    package var retryAfterSeconds: Int
}
