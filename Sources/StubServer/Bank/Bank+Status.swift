extension Bank {
    /// Sets or clears the maintenance window `GET /v1/status` reports.
    func setMaintenance(_ window: MaintenanceWindow?) { maintenance = window }

    func status() -> WireStatus {
        WireStatus(status: maintenance == nil ? "ok" : "maintenance", message: maintenance?.message,
                   retryAfterSeconds: maintenance?.retryAfterSeconds,
                   serverTime: UTCTimestamp.dateTime(now), apiVersion: Bank.apiVersion)
    }

    /// Version of the wire API, as in `Contracts/openapi.yaml`.
    static let apiVersion = "1.0.0"
}

extension Bank {
    /// Applies a scenario's settings (nil restores defaults).
    func apply(settings: ScenarioSettings?) {
        setTokenTTL(settings?.tokenTTLSeconds)
        maintenance = settings?.maintenance
    }

}
