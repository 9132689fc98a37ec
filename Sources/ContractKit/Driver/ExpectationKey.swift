/// A key a case can expect, in one layer: `data.http`, `domain.error`, `presentation.alert`, or
/// a key of the team's own such as `domain.pendingCount`.
///
/// The data keys are observed by ContractKit from the stub's journal; the domain and
/// presentation keys are what an operation reports. Cases are checked against the keys the
/// registered operations declare when they load, so a typo is a load error, not a silent pass.
public struct ExpectationKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The layer the key belongs to.
    public let layer: CaseResult.Layer
    /// The key's name within its layer, as a case writes it.
    public let name: String

    /// A key in `layer`.
    public init(_ layer: CaseResult.Layer, _ name: String) {
        self.layer = layer
        self.name = name
    }

    /// A domain key of the team's own, reported through `DomainReport.values`.
    public static func domain(_ name: String) -> ExpectationKey { ExpectationKey(.domain, name) }
    /// A presentation key of the team's own, reported through `PresentationReport.values`.
    public static func presentation(_ name: String) -> ExpectationKey { ExpectationKey(.presentation, name) }

    /// `layer.name`.
    public var description: String { "\(layer.rawValue).\(name)" }

    /// Orders by layer (data, domain, presentation), then by name.
    public static func < (lhs: ExpectationKey, rhs: ExpectationKey) -> Bool {
        (Self.layerOrder(lhs.layer), lhs.name) < (Self.layerOrder(rhs.layer), rhs.name)
    }

    static func layerOrder(_ layer: CaseResult.Layer) -> Int {
        switch layer {
        case .setup: 0
        case .data: 1
        case .domain: 2
        case .presentation: 3
        }
    }

    // MARK: Observed by ContractKit (the data layer)

    /// The status of the operation's last answer, as the stub served it.
    public static let http = ExpectationKey(.data, "http")
    /// How many requests of the operation reached the stub.
    public static let requests = ExpectationKey(.data, "requests")
    /// The network fault the stub served last (`reset`, `empty`, `truncated`, `hang`, ...).
    public static let fault = ExpectationKey(.data, "fault")
    /// What the wire did instead of an answer: `offline` (nothing reached the stub),
    /// `connectionLost` (reset, closed or truncated) or `timeout` (the stub never answered).
    public static let transport = ExpectationKey(.data, "transport")
    /// Requests per route, e.g. `{ "POST /v1/auth/refresh": 1, "GET /v1/accounts": 20 }`; only
    /// the routes a case names are compared, and `0` says a route was never called.
    public static let served = ExpectationKey(.data, "served")
    /// How many answers the stub replayed from an earlier request with the same
    /// `Idempotency-Key`, instead of acting again.
    public static let replayed = ExpectationKey(.data, "replayed")

    // MARK: Reported by the client's transport, below its own error mapping

    /// The raw `URLError` code the transport threw last, by name (`timedOut`,
    /// `networkConnectionLost`, `cannotConnectToHost`, ...), or `none`. The client records it
    /// through `OperationRun.log`.
    public static let urlError = ExpectationKey(.data, "urlError")

    // MARK: Reported by an operation (typed)

    /// The domain error's name, such as `serviceUnavailable`; success reports none.
    public static let error = ExpectationKey(.domain, "error")
    /// The seconds after which the domain says to retry.
    public static let retryAfter = ExpectationKey(.domain, "retryAfter")
    /// How many items a list operation returned.
    public static let count = ExpectationKey(.domain, "count")
    /// `true` when the domain reported no error.
    public static let success = ExpectationKey(.domain, "success")
    /// Session-level signals and how often each fired, e.g. `{ sessionExpired: 1 }`, as recorded
    /// through `OperationRun.log`. The harness waits (with a bound) for the counts stated.
    public static let signals = ExpectationKey(.domain, "signals")
    /// The screen's state: `content`, `empty`, `error`, or a presenter's own status.
    public static let state = ExpectationKey(.presentation, "state")
    /// The kind of alert shown, such as `offline` or `maintenance`.
    public static let alert = ExpectationKey(.presentation, "alert")
    /// How many rows the screen shows (entries, accounts, payees): a duplicate or lost row shows here.
    public static let rows = ExpectationKey(.presentation, "rows")
    /// How many sections the screen shows, such as days of transactions.
    public static let sections = ExpectationKey(.presentation, "sections")
    /// The alert's actions, in order, such as `[retry]`.
    public static let actions = ExpectationKey(.presentation, "actions")
    /// A fragment that some visible text must contain.
    public static let contains = ExpectationKey(.presentation, "contains")
    /// Text, or a list of texts, that no visible text may contain: a server's developer
    /// message, an internal code, a raw status.
    public static let notContains = ExpectationKey(.presentation, "notContains")

    // MARK: The screen, reported through `PresentationReport.screen`

    /// The screen's sections and rows in order, stating only the fields that matter; `...` allows
    /// more rows or sections, `rowsInAnyOrder: true` relaxes a section's order, and `recorded`
    /// compares with the screen `contracts run --record-screens` wrote. See `ScreenReport`.
    public static let screen = ExpectationKey(.presentation, "screen")
    /// Row titles that must come in this order (others may come between): a list across the
    /// screen, or a map of section titles to lists.
    public static let order = ExpectationKey(.presentation, "order")
    /// How many rows carry the stated fields, e.g. `{ flags: [location], count: 2 }`, optionally
    /// within one `section:`; a list states several.
    public static let rowsWith = ExpectationKey(.presentation, "rowsWith")
    /// `complete`: every row and the alert has an accessibility label that reads the row's visible text.
    public static let accessibility = ExpectationKey(.presentation, "accessibility")

    /// The keys ContractKit observes itself, for every operation.
    public static let observed: Set<ExpectationKey> = [http, requests, fault, transport, served, replayed]
    /// The typed keys an operation reports unless it declares otherwise.
    public static let standard: Set<ExpectationKey> = [
        urlError, error, retryAfter, count, success, signals, state, alert, rows, sections, actions, contains, notContains,
        screen, order, rowsWith, accessibility,
    ]
    /// Every typed key, with the value a case must give it.
    static let typed: [ExpectationKey: ValueKind] = [
        http: .integer, requests: .integer, fault: .text, transport: .text, served: .counts, replayed: .integer, urlError: .text,
        error: .text, retryAfter: .number, count: .integer, success: .flag, signals: .counts,
        state: .text, alert: .text, rows: .integer, sections: .integer, actions: .texts, contains: .text, notContains: .textOrTexts,
        screen: .screen, order: .order, rowsWith: .rowsWith, accessibility: .complete,
    ]

    /// The shape a typed key's expected value must have.
    enum ValueKind: String {
        case integer = "a whole number", number = "a number", text = "text", flag = "true or false", texts = "a list of text"
        case textOrTexts = "text or a list of text"
        case counts = "a map of names to whole numbers"
        case screen = "a list of sections, a map with sections and alert, or recorded"
        case order = "a list of row titles, or a map of section titles to lists of row titles"
        case rowsWith = "a map of row fields with count, or a list of them"
        case complete = "complete"

        func accepts(_ value: ReportValue) -> Bool {
            switch self {
            case .integer: value.integer != nil
            case .number: value.number != nil
            case .text: value.text != nil || value.number != nil || value.flag != nil
            case .flag: value.flag != nil
            case .texts: value.texts != nil
            case .textOrTexts: value.texts != nil || ValueKind.text.accepts(value)
            case .counts: value.counts != nil
            case .screen: value.text == "recorded" || value.text == nil && value.number == nil && value.flag == nil
            case .order:
                if case .map(let sections) = value { sections.values.allSatisfy { $0.texts != nil } } else { value.texts != nil }
            case .rowsWith:
                if case .list(let items) = value { items.allSatisfy { if case .map = $0 { true } else { false } } }
                else if case .map = value { true } else { false }
            case .complete: value.text == "complete"
            }
        }
    }
}
