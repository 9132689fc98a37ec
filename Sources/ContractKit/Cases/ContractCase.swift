public import StubServer

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
public struct ContractCase: Codable, Sendable, Equatable {
    public var id: String
    /// Sign in as this persona before the operation; omit for operations that need no session.
    public var persona: String?
    public var summary: String?
    public var given: [Given]?
    /// An operation from `Operation`'s vocabulary, e.g. `transfers.submit`.
    public var when: String
    /// Arguments of the operation, e.g. `{ accountId: acc_alex_current }`.
    public var with: [String: String]?
    public var expect: Expectation
    /// Client timeout for this case in seconds (default 15); hang cases use a small one.
    public var timeoutSeconds: Double?
    /// Where the case was read from, filled in by the loader.
    public var source: String?

    /// Something arranged before the operation runs.
    public struct Given: Codable, Sendable, Equatable {
        /// A behaviour installed through the admin API for this case's session only, in the
        /// stub's own format (route, status, headers, latency, fault, times, ...).
        public var behaviour: JSONValue?
        /// The device loses its connection after signing in: the operation's requests go to a
        /// port nothing listens on, so they are refused (`offline`), as on a phone in a tunnel.
        public var offline: Bool?
    }
}

/// What each layer must show. Only the fields a case states are checked.
public struct Expectation: Codable, Sendable, Equatable {
    public var data: DataExpectation?
    public var domain: DomainExpectation?
    public var presentation: PresentationExpectation?
}

/// The HTTP exchange as the transport saw it.
public struct DataExpectation: Codable, Sendable, Equatable {
    /// Status of the operation's last response.
    public var http: Int?
    /// The transport failure instead of a response: `connectionLost`, `timeout`, `offline`.
    public var transport: String?
    /// How many requests the operation made (e.g. 3 for 401 → refresh → retry).
    public var requests: Int?
}

/// What the repository or use case returned.
public struct DomainExpectation: Codable, Sendable, Equatable {
    /// `BankingError` case name, e.g. `serviceUnavailable`, `businessRule.insufficientFunds`.
    public var error: String?
    public var retryAfter: Double?
    /// For list operations: how many items.
    public var count: Int?
    /// True to require success without checking more.
    public var success: Bool?
}

/// What the presenter showed.
public struct PresentationExpectation: Codable, Sendable, Equatable {
    /// `loading`, `content`, `empty`, `error` (or a presenter status such as `signedIn`).
    public var state: String?
    /// `AlertState.Kind`, e.g. `maintenance`.
    public var alert: String?
    public var actions: [String]?
    /// A fragment the rendered title or first row must contain, e.g. `Today`.
    public var contains: String?
}
