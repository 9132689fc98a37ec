/// A cash machine, `GET /v1/atms`.
public struct WireATM: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var address: String
    public var location: WireCoordinate
    /// e.g. `withdrawal`, `deposit`, `contactless`, `accessible`.
    public var services: [String]
    public var openingHours: [WireOpeningHours]
    /// Distance from the query point, when one was given.
    public var distanceKm: Double?
}

/// WGS84 coordinates.
public struct WireCoordinate: Codable, Sendable, Equatable {
    public var lat: Double
    public var lon: Double
}

/// Opening hours for one weekday (`mon` … `sun`), `HH:MM` local time.
public struct WireOpeningHours: Codable, Sendable, Equatable {
    public var day: String
    public var opens: String
    public var closes: String
}
