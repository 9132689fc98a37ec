/// What every layer showed for one case: the data layer as the stub's journal recorded it, the
/// domain and presentation layers as the operation reported them. Stored as JSON and fingerprinted.
public struct Observation: Codable, Sendable, Equatable {
    /// The requests the operation made, as the stub served them.
    public var data: DataObservation
    /// What the operation's domain layer returned.
    public var domain: DomainReport
    /// What the operation's presentation layer showed.
    public var presentation: PresentationReport
    /// Session-level signals the client recorded, and how often each fired.
    public var signals: [String: Int]
    /// With `concurrency: N`, what every caller reported, in start order (the first is also
    /// `domain` and `presentation`); nil for a case with one caller.
    public var callers: [OperationReport]?

    /// An observation of the three layers.
    public init(data: DataObservation, domain: DomainReport, presentation: PresentationReport, signals: [String: Int] = [:],
                callers: [OperationReport]? = nil) {
        self.data = data
        self.domain = domain
        self.presentation = presentation
        self.signals = signals
        self.callers = callers
    }

    /// Reads an observation, treating missing signals as none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        data = try container.decode(DataObservation.self, forKey: .data)
        domain = try container.decode(DomainReport.self, forKey: .domain)
        presentation = try container.decode(PresentationReport.self, forKey: .presentation)
        signals = try container.decodeIfPresent([String: Int].self, forKey: .signals) ?? [:]
        callers = try container.decodeIfPresent([OperationReport].self, forKey: .callers)
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
    /// True when the stub replayed an earlier answer for the same idempotency key.
    public var replayed: Bool?

    /// One served request.
    public init(method: String, path: String, route: String? = nil, status: Int? = nil, fault: String? = nil, replayed: Bool? = nil) {
        self.method = method
        self.path = path
        self.route = route
        self.status = status
        self.fault = fault
        self.replayed = replayed
    }
}

/// The data layer, observed from outside the client: what reached the stub and what it served.
/// The client's own error mapping plays no part in it.
public struct DataObservation: Codable, Sendable, Equatable {
    /// The operation's requests in the order they arrived (setup requests excluded).
    public var exchanges: [ServedExchange]
    /// Whether the case took the device offline, so nothing could reach the stub.
    public var offline: Bool
    /// The raw `URLError` codes the client's transport threw, by name, in order (empty when it
    /// threw none or does not record them).
    public var urlErrors: [String]

    /// Served requests, whether the device was offline, and the transport's raw errors.
    public init(exchanges: [ServedExchange], offline: Bool = false, urlErrors: [String] = []) {
        self.exchanges = exchanges
        self.offline = offline
        self.urlErrors = urlErrors
    }

    /// Reads a data observation, treating missing transport errors as none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        exchanges = try container.decode([ServedExchange].self, forKey: .exchanges)
        offline = try container.decodeIfPresent(Bool.self, forKey: .offline) ?? false
        urlErrors = try container.decodeIfPresent([String].self, forKey: .urlErrors) ?? []
    }

    /// Requests per route (`GET /v1/accounts`), or per method and path when no route matched.
    public var served: [String: Int] {
        exchanges.reduce(into: [:]) { counts, exchange in counts[exchange.route ?? "\(exchange.method) \(exchange.path)", default: 0] += 1 }
    }

    /// How many answers were replays of an earlier one.
    public var replays: Int { exchanges.filter { $0.replayed == true }.count }

    /// The operation's last request.
    public var last: ServedExchange? { exchanges.last }

    /// What the wire did instead of an answer, judged from what the stub served:
    /// `offline`, `connectionLost`, `timeout`, or nil when an answer was sent.
    public var transport: String? {
        guard let last else { return offline ? "offline" : nil }
        switch last.fault {
        case "reset", "reset-after", "empty", "truncated": return "connectionLost"
        case "hang": return "timeout"
        default: return nil
        }
    }
}
