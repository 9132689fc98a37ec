import StubEngine

/// A cash machine, `GET /v1/atms`.
package struct WireATM: Codable, Sendable, Equatable {
    package var id: String
    package var name: String
    package var address: String
    package var location: WireCoordinate
    /// e.g. `withdrawal`, `deposit`, `contactless`, `accessible`.
    package var services: [String]
    package var openingHours: [WireOpeningHours]
    /// Distance from the query point, when one was given.
    package var distanceKm: Double?
}

/// WGS84 coordinates.
package struct WireCoordinate: Codable, Sendable, Equatable {
    package var lat: Double
    package var lon: Double
}

/// Opening hours for one weekday (`mon` … `sun`), `HH:MM` local time.
package struct WireOpeningHours: Codable, Sendable, Equatable {
    package var day: String
    package var opens: String
    package var closes: String
}
