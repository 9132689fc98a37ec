import StubEngine

/// A cash machine, `GET /v1/atms`.
struct WireATM: Codable, Sendable, Equatable {
    var id: String
    var name: String
    var address: String
    var location: WireCoordinate
    /// e.g. `withdrawal`, `deposit`, `contactless`, `accessible`.
    var services: [String]
    var openingHours: [WireOpeningHours]
    /// Distance from the query point, when one was given.
    var distanceKm: Double?
}

/// WGS84 coordinates.
struct WireCoordinate: Codable, Sendable, Equatable {
    var lat: Double
    var lon: Double
}

/// Opening hours for one weekday (`mon` … `sun`), `HH:MM` local time.
struct WireOpeningHours: Codable, Sendable, Equatable {
    var day: String
    var opens: String
    var closes: String
}
