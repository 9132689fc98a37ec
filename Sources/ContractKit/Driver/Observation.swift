/// What every layer showed for one case: the data layer as the stub's journal recorded it, the
/// domain and presentation layers as the operation reported them. Stored as JSON and fingerprinted.
public struct Observation: Codable, Sendable, Equatable {
    /// The requests the operation made, as the stub served them.
    public var data: DataObservation
    /// What the operation's domain layer returned.
    public var domain: DomainReport
    /// What the operation's presentation layer showed.
    public var presentation: PresentationReport

    /// An observation of the three layers.
    public init(data: DataObservation, domain: DomainReport, presentation: PresentationReport) {
        self.data = data
        self.domain = domain
        self.presentation = presentation
    }
}

/// One request of the operation as the stub's journal recorded it.
public struct ServedExchange: Codable, Sendable, Equatable {
    /// The request's method.
    public var method: String
    /// The path with its query, without the session prefix.
    public var path: String
    /// The route that answered, e.g. `GET /v1/accounts`, when one matched.
    public var route: String?
    /// The status served; nil when a fault dropped the connection instead.
    public var status: Int?
    /// The network fault served, such as `reset` or `hang`.
    public var fault: String?

    /// One served request.
    public init(method: String, path: String, route: String? = nil, status: Int? = nil, fault: String? = nil) {
        self.method = method
        self.path = path
        self.route = route
        self.status = status
        self.fault = fault
    }
}

/// The data layer, observed from outside the client: what reached the stub and what it served.
/// The client's own error mapping plays no part in it.
public struct DataObservation: Codable, Sendable, Equatable {
    /// The operation's requests in the order they arrived (setup requests excluded).
    public var exchanges: [ServedExchange]
    /// Whether the case took the device offline, so nothing could reach the stub.
    public var offline: Bool

    /// Served requests, and whether the device was offline.
    public init(exchanges: [ServedExchange], offline: Bool = false) {
        self.exchanges = exchanges
        self.offline = offline
    }

    /// The operation's last request.
    public var last: ServedExchange? { exchanges.last }

    /// What the wire did instead of an answer, judged from what the stub served:
    /// `offline`, `connectionLost`, `timeout`, or nil when an answer was sent.
    public var transport: String? {
        guard let last else { return offline ? "offline" : nil }
        switch last.fault {
        case "reset", "empty", "truncated": return "connectionLost"
        case "hang": return "timeout"
        default: return nil
        }
    }
}
