public import StubControl
import StubFormats

/// One contract case: a persona, what is arranged, one operation, and what each layer must show.
///
/// ```yaml
/// id: accounts.list.maintenance
/// persona: alex
/// given:
///   - behaviour: { route: "GET /v1/accounts", status: 503, headers: { Retry-After: "120" } }
/// when: accounts.list
/// expect:
///   data:         { http: 503 }
///   domain:       { error: serviceUnavailable, retryAfter: 120 }
///   presentation: { state: error, alert: maintenance, actions: [retry] }
/// ```
///
/// `when: "*"` states one expectation across operations: the loader expands it into one case
/// per registered operation (less those in `except`), with ids `<operation>.<id>`.
public struct ContractCase: Codable, Sendable, Equatable {
    /// Unique across the suite, e.g. `accounts.list.maintenance`.
    public var id: String
    /// The persona the operation's setup signs in as; omit for operations that need no session.
    public var persona: String?
    /// One line for people: what the case shows.
    public var summary: String?
    /// What is arranged before the operation runs.
    public var given: [Given]?
    /// A registered operation, e.g. `transfers.submit`, or `*` for every one.
    public var when: String
    /// With `when: "*"`: operations the expectation does not hold for.
    public var except: [String]?
    /// Arguments of the operation, e.g. `{ accountId: acc_alex_current }`.
    public var with: [String: String]?
    /// What each layer must show.
    public var expect: Expectation
    /// Client timeout for this case in seconds (default 15); hang cases use a small one.
    public var timeoutSeconds: Double?
    /// How many callers perform the operation at once after one setup (default 1), like ten
    /// screens loading together. Domain and presentation expectations must hold for every caller;
    /// the data layer counts all of their requests.
    public var concurrency: Int?
    /// The time zone (IANA name) the presentation runs in, instead of the client's `zones`.
    public var zone: String?
    /// Where the case was read from, filled in by the loader.
    public var source: String?

    /// Something arranged before the operation runs.
    public struct Given: Codable, Sendable, Equatable {
        /// A behaviour installed through the admin API for this case's session only, written in
        /// the stub's own format (route, status, headers, latency, fault, times, ...) and read
        /// as the control library's typed `StubBehaviour`: a field the stub does not know is
        /// refused when the case loads, with its line.
        public var behaviour: StubBehaviour?
        /// The device loses its connection after setup: the operation's requests go to a
        /// port nothing listens on, so they are refused (`offline`), as on a phone in a tunnel.
        public var offline: Bool?
        /// The session's access tokens run out after setup (`POST /__stubbank/tokens/expire`),
        /// so the operation meets a real 401 and must refresh; refresh tokens stay valid.
        public var expireTokens: Bool?

        /// A behaviour to install, the device going offline, or the access tokens running out.
        public init(behaviour: StubBehaviour? = nil, offline: Bool? = nil, expireTokens: Bool? = nil) {
            self.behaviour = behaviour
            self.offline = offline
            self.expireTokens = expireTokens
        }
    }

    /// A case built in code rather than read from a file.
    public init(id: String, persona: String? = nil, summary: String? = nil, given: [Given]? = nil, when: String, except: [String]? = nil,
                with: [String: String]? = nil, expect: Expectation, timeoutSeconds: Double? = nil, concurrency: Int? = nil,
                zone: String? = nil, source: String? = nil) {
        self.id = id
        self.persona = persona
        self.summary = summary
        self.given = given
        self.when = when
        self.except = except
        self.with = with
        self.expect = expect
        self.timeoutSeconds = timeoutSeconds
        self.concurrency = concurrency
        self.zone = zone
        self.source = source
    }

    /// Whether the case states one expectation for every operation.
    public var isEveryOperation: Bool { when == "*" }
}

/// What each layer must show: expected values by key. Only the keys a case states are checked.
/// Which keys exist depends on the client (see `ExpectationKey`); the loader checks them.
public struct Expectation: Codable, Sendable, Equatable {
    /// Expected values by key.
    public var values: [ExpectationKey: ReportValue]

    /// An expectation of these values.
    public init(_ values: [ExpectationKey: ReportValue] = [:]) {
        self.values = values
    }

    /// The expected value for `key`, if the case states one.
    public subscript(_ key: ExpectationKey) -> ReportValue? { values[key] }

    /// Reads `{ data: {...}, domain: {...}, presentation: {...} }`; the loader reports bad layers and keys.
    public init(from decoder: any Decoder) throws {
        let layers = try decoder.singleValueContainer().decode([String: [String: ReportValue]].self)
        var values: [ExpectationKey: ReportValue] = [:]
        for (layer, keys) in layers {
            guard let parsed = CaseResult.Layer(rawValue: layer), parsed != .setup else { continue }
            for (name, value) in keys { values[ExpectationKey(parsed, name)] = value }
        }
        self.values = values
    }

    /// Writes the layers as a case would.
    public func encode(to encoder: any Encoder) throws {
        var layers: [String: [String: ReportValue]] = [:]
        for (key, value) in values { layers[key.layer.rawValue, default: [:]][key.name] = value }
        var container = encoder.singleValueContainer()
        try container.encode(layers)
    }
}
