/// What one operation showed in the team's own domain and presentation layers. The operation's
/// closure returns it; ContractKit adds the data layer from the stub's journal.
public struct OperationReport: Codable, Sendable, Equatable {
    /// What the repository, interactor or use case returned.
    public var domain: DomainReport
    /// What the presenter or view model showed.
    public var presentation: PresentationReport

    /// A report of both layers.
    public init(domain: DomainReport, presentation: PresentationReport) {
        self.domain = domain
        self.presentation = presentation
    }
}

/// The domain layer's answer: an error's name (nil on success), when to retry, how many items,
/// and any values of the team's own.
public struct DomainReport: Codable, Sendable, Equatable {
    /// The error's stable name, such as `offline` or `businessRule.insufficientFunds`; nil on success.
    public var error: String?
    /// Seconds after which to retry, when the error carries them.
    public var retryAfter: Double?
    /// How many items a list returned.
    public var count: Int?
    /// Keys of the team's own, such as `pendingCount`; declare them when registering.
    public var values: [String: ReportValue]

    /// A domain answer.
    public init(error: String? = nil, retryAfter: Double? = nil, count: Int? = nil, values: [String: ReportValue] = [:]) {
        self.error = error
        self.retryAfter = retryAfter
        self.count = count
        self.values = values
    }

    /// Reads a report, treating a missing `values` as none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        error = try container.decodeIfPresent(String.self, forKey: .error)
        retryAfter = try container.decodeIfPresent(Double.self, forKey: .retryAfter)
        count = try container.decodeIfPresent(Int.self, forKey: .count)
        values = try container.decodeIfPresent([String: ReportValue].self, forKey: .values) ?? [:]
    }
}

/// The presentation layer's answer: the state, the alert and its actions, the visible text, the
/// screen in order, and any values of the team's own.
public struct PresentationReport: Codable, Sendable, Equatable {
    /// `content`, `empty`, `error`, `loading`, or a presenter's own status such as `signedIn`.
    public var state: String
    /// The kind of alert shown, such as `offline`; nil when none.
    public var alert: String?
    /// The alert's actions in order, such as `["retry"]`.
    public var actions: [String]?
    /// Titles, rows and messages as the user would read them, for `contains` checks.
    public var text: [String]
    /// How many rows the screen shows; nil when it has none to count.
    public var rows: Int?
    /// How many sections the screen shows; nil when it has none.
    public var sections: Int?
    /// Keys of the team's own, such as `days`; declare them when registering.
    public var values: [String: ReportValue]
    /// The screen's sections and rows in order, with labels and flags, for `screen`, `order`,
    /// `rowsWith` and `accessibility` checks; nil when the operation does not report one.
    public var screen: ScreenReport?

    /// A presentation answer.
    public init(state: String, alert: String? = nil, actions: [String]? = nil, text: [String] = [], rows: Int? = nil, sections: Int? = nil,
                values: [String: ReportValue] = [:], screen: ScreenReport? = nil) {
        self.screen = screen
        self.state = state
        self.alert = alert
        self.actions = actions
        self.text = text
        self.rows = rows
        self.sections = sections
        self.values = values
    }

    /// Reads a report, treating a missing `values` as none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        state = try container.decode(String.self, forKey: .state)
        alert = try container.decodeIfPresent(String.self, forKey: .alert)
        actions = try container.decodeIfPresent([String].self, forKey: .actions)
        text = try container.decodeIfPresent([String].self, forKey: .text) ?? []
        rows = try container.decodeIfPresent(Int.self, forKey: .rows)
        sections = try container.decodeIfPresent(Int.self, forKey: .sections)
        values = try container.decodeIfPresent([String: ReportValue].self, forKey: .values) ?? [:]
        screen = try container.decodeIfPresent(ScreenReport.self, forKey: .screen)
    }
}
