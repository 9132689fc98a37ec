/// A cash machine.
public struct ATM: Hashable, Sendable, Identifiable {
    public let id: String
    public let name: String
    public let address: String
    public let latitude: Double
    public let longitude: Double
    public let services: [String]
    public let openingHours: [OpeningHours]
    /// From the searched point, when one was given.
    public let distanceKm: Double?

    public init(id: String, name: String, address: String, latitude: Double, longitude: Double, services: [String],
                openingHours: [OpeningHours], distanceKm: Double?) {
        self.id = id
        self.name = name
        self.address = address
        self.latitude = latitude
        self.longitude = longitude
        self.services = services
        self.openingHours = openingHours
        self.distanceKm = distanceKm
    }
}

/// Opening hours on one weekday (`mon` … `sun`), `HH:MM`.
public struct OpeningHours: Hashable, Sendable {
    public let day: String
    public let opens: String
    public let closes: String

    public init(day: String, opens: String, closes: String) {
        self.day = day
        self.opens = opens
        self.closes = closes
    }
}
