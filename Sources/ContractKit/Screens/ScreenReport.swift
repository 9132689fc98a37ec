/// The screen as the customer and VoiceOver perceive it: sections in order, each with rows in
/// order, and the alert when one is shown. A presentation report carries it so that cases can
/// state order, row attributes and accessibility, not only which texts appear somewhere.
///
/// Build it from your presenter's output, in the order the screen shows it:
///
/// ```swift
/// let screen = ScreenReport(sections: viewModel.days.map { day in
///     ScreenSection(day.title, rows: day.rows.map { row in
///         ScreenRow(row.title, value: row.amount, accessibility: row.accessibilityLabel,
///                   flags: [row.isPending ? "pending" : nil, row.atmId != nil ? "location" : nil])
///     })
/// })
/// return PresentationReport(state: "loaded", screen: screen)
/// ```
public struct ScreenReport: Codable, Sendable, Equatable {
    /// The sections, top to bottom. A screen without sections reports one untitled section.
    public var sections: [ScreenSection]
    /// The alert on screen, as a row: its title, its message as the value, and its label.
    public var alert: ScreenRow?

    /// A screen of these sections, with or without an alert.
    public init(sections: [ScreenSection] = [], alert: ScreenRow? = nil) {
        self.sections = sections
        self.alert = alert
    }

    /// A screen of one untitled section: a plain list.
    public init(rows: [ScreenRow], alert: ScreenRow? = nil) {
        self.init(sections: [ScreenSection(nil, rows: rows)], alert: alert)
    }

    /// Every row, section by section, in screen order.
    public var rows: [ScreenRow] { sections.flatMap(\.rows) }

    /// Reads a screen, treating missing sections as none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sections = try container.decodeIfPresent([ScreenSection].self, forKey: .sections) ?? []
        alert = try container.decodeIfPresent(ScreenRow.self, forKey: .alert)
    }
}

/// One section of a screen: a day of transactions, a group of accounts.
public struct ScreenSection: Codable, Sendable, Equatable {
    /// The header the customer reads, such as `Today`; nil for a list without headers.
    public var title: String?
    /// The rows, top to bottom.
    public var rows: [ScreenRow]

    /// A section titled `title` (nil for none) with these rows.
    public init(_ title: String?, rows: [ScreenRow]) {
        self.title = title
        self.rows = rows
    }

    /// Reads a section, treating missing rows as none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        rows = try container.decodeIfPresent([ScreenRow].self, forKey: .rows) ?? []
    }
}

/// One row: what it shows, what VoiceOver reads for it, and what it carries besides its text.
public struct ScreenRow: Codable, Sendable, Equatable {
    /// The main text, such as `PENDING: Cinema Tickets`.
    public var title: String
    /// The trailing text, such as `-$32.00`; nil when the row has none.
    public var value: String?
    /// What VoiceOver reads for the row; nil when the row has no label of its own.
    public var accessibility: String?
    /// Named marks the row carries besides its text (`location`, `pending`, `disabled`, ...),
    /// sorted, without duplicates.
    public var flags: [String]
    /// Further named texts, such as `{ badge: Declined }` or `{ subtitle: "•••• 3000" }`.
    public var attributes: [String: String]

    /// A row. Nil flags are left out, so a flag can be written as `isPending ? "pending" : nil`.
    public init(_ title: String, value: String? = nil, accessibility: String? = nil, flags: [String?] = [],
                attributes: [String: String] = [:]) {
        self.title = title
        self.value = value
        self.accessibility = accessibility
        self.flags = Array(Set(flags.compactMap { $0 })).sorted()
        self.attributes = attributes
    }

    /// Reads a row, treating missing flags and attributes as none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        value = try container.decodeIfPresent(String.self, forKey: .value)
        accessibility = try container.decodeIfPresent(String.self, forKey: .accessibility)
        flags = Array(Set(try container.decodeIfPresent([String].self, forKey: .flags) ?? [])).sorted()
        attributes = try container.decodeIfPresent([String: String].self, forKey: .attributes) ?? [:]
    }

    /// Writes the row, leaving out what it does not have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encodeIfPresent(accessibility, forKey: .accessibility)
        if !flags.isEmpty { try container.encode(flags, forKey: .flags) }
        if !attributes.isEmpty { try container.encode(attributes, forKey: .attributes) }
    }

    private enum CodingKeys: String, CodingKey { case title, value, accessibility, flags, attributes }
}
