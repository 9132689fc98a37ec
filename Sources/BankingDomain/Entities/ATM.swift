/// A cash machine.
public struct ATM: Hashable, Sendable, Identifiable {
    /// The bank's id for the machine.
    public let id: String
    /// The name shown on the map, e.g. "Alexanderplatz".
    public let name: String
    /// The street address, one line.
    public let address: String
    /// WGS 84 latitude in degrees.
    public let latitude: Double
    /// WGS 84 longitude in degrees.
    public let longitude: Double
    /// What it offers, e.g. `cash`, `deposit`, `contactless`.
    public let services: [String]
    /// When it is open, one entry per weekday it opens.
    public let openingHours: [OpeningHours]
    /// From the searched point, when one was given.
    public let distanceKm: Double?

    /// A machine as the bank reports it.
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
    /// The weekday: `mon` … `sun`.
    public let day: String
    /// Opening time, `HH:MM`.
    public let opens: String
    /// Closing time, `HH:MM`.
    public let closes: String

    /// Hours on one weekday.
    public init(day: String, opens: String, closes: String) {
        self.day = day
        self.opens = opens
        self.closes = closes
    }
}
