/// What every layer actually showed for one case; stored as JSON and fingerprinted.
public struct Observation: Codable, Sendable, Equatable {
    public var data: DataObservation
    public var domain: DomainObservation
    public var presentation: PresentationObservation
}

public struct Exchange: Codable, Sendable, Equatable {
    public var method: String
    public var path: String
    public var status: Int?
    /// The domain name of a transport failure (`connectionLost`, `timeout`, ...).
    public var transportError: String?
}

public struct DataObservation: Codable, Sendable, Equatable {
    public var exchanges: [Exchange]

    /// The operation's last exchange.
    public var last: Exchange? { exchanges.last }
}

public struct DomainObservation: Codable, Sendable, Equatable {
    /// nil on success.
    public var error: String?
    public var retryAfter: Double?
    public var count: Int?
}

public struct PresentationObservation: Codable, Sendable, Equatable {
    public var state: String
    public var alert: String?
    public var actions: [String]?
    /// Titles and first rows, for `contains` checks.
    public var text: [String]
}
