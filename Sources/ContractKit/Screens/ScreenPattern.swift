import StubFormats
/// What a case states about a screen with `presentation.screen`, read from its YAML:
///
/// ```yaml
/// screen:
///   - section: Today
///     rows:
///       - { title: "PENDING: Cinema Tickets", value: "-$32.00", accessibility: "Pending. Cinema Tickets, -$32.00" }
///       - ...                      # any further rows
///   - section: Yesterday
///     rowsInAnyOrder: true
///     rows: [{ title: "ATM Station Street", flags: [location] }, ...]
///   - ...
/// ```
///
/// A map form also states the alert: `screen: { alert: { accessibility: "..." }, sections: [...] }`.
/// `screen: recorded` compares with the file `--record-screens` wrote (see `RecordedScreens`).
/// Only the fields a row states are compared; `...` stands for any number of rows or sections
/// there; without it the counts must match.
struct ScreenPattern: Equatable {
    /// The sections, with `nil` for a `...`.
    var sections: [SectionPattern?]
    /// The alert the screen must show, when stated.
    var alert: RowPattern?

    /// A section: its title when stated, its rows with `nil` for a `...`, and whether their order counts.
    struct SectionPattern: Equatable {
        var title: String?
        var rows: [RowPattern?]?
        var anyOrder: Bool
    }

    /// The fields a row states; the others are not compared.
    struct RowPattern: Equatable {
        var title: String?
        var value: String?
        var accessibility: String?
        /// The row's flags, all of them: `[]` says it has none.
        var flags: [String]?
        var attributes: [String: String]?
    }

    /// Why a pattern could not be read, and where in the value: `[0, "rows", 2, "flags"]`.
    struct Problem: Error, Equatable {
        var path: [PathItem]
        var reason: String
    }

    /// One step into a YAML value: a list index or a map key.
    enum PathItem: Equatable {
        case index(Int)
        case key(String)
    }

    static let sectionFields: Set<String> = ["section", "rows", "rowsInAnyOrder"]
    static let rowFields: Set<String> = ["title", "value", "accessibility", "flags", "attributes"]
    static let gap = "..."

    /// Every section and row of `screen`, every field stated: what it takes to be the same screen.
    init(exactly screen: ScreenReport) {
        sections = screen.sections.map { SectionPattern(title: $0.title, rows: $0.rows.map(\.pattern), anyOrder: false) }
        alert = screen.alert?.pattern
    }

    /// Reads a `screen:` value (a list of sections, or a map with `sections` and `alert`).
    init(_ value: ReportValue) throws(Problem) {
        switch value {
        case .list(let items):
            sections = try Self.sections(items, at: [])
        case .map(let map):
            for key in map.keys where key != "sections" && key != "alert" {
                throw Problem(path: [.key(key)], reason: "unknown screen field \(key)\(Spelling.hint(for: key, in: ["sections", "alert"]));"
                              + " use sections and alert, or write the sections as a list")
            }
            switch map["sections"] {
            case nil: sections = [nil]
            case .list(let items)?: sections = try Self.sections(items, at: [.key("sections")])
            case let other?: throw Problem(path: [.key("sections")], reason: "sections must be a list, not \(other)")
            }
            alert = try map["alert"].map { value throws(Problem) in try Self.row(value, at: [.key("alert")]) }
        default:
            throw Problem(path: [], reason: "screen must be a list of sections, a map with sections and alert, or recorded; not \(value)")
        }
    }

    static func sections(_ items: [ReportValue], at path: [PathItem]) throws(Problem) -> [SectionPattern?] {
        var sections: [SectionPattern?] = []
        for (index, item) in items.enumerated() {
            let here = path + [.index(index)]
            if item == .string(gap) { sections.append(nil); continue }
            guard case .map(let map) = item else {
                throw Problem(path: here, reason: "a section must be a map such as { section: Today, rows: [...] }, or ..., not \(item)")
            }
            for key in map.keys where !sectionFields.contains(key) {
                let hint = Spelling.hint(for: key, in: sectionFields)
                throw Problem(path: here + [.key(key)], reason: "unknown section field \(key)\(hint); fields: section, rows, rowsInAnyOrder")
            }
            var section = SectionPattern(title: nil, rows: nil, anyOrder: false)
            if let title = map["section"] {
                guard let text = title.text ?? title.number.map({ ReportValue.number($0).description }) else {
                    throw Problem(path: here + [.key("section")], reason: "section must be its title as text, not \(title)")
                }
                section.title = text
            }
            if let flag = map["rowsInAnyOrder"] {
                guard let value = flag.flag else {
                    throw Problem(path: here + [.key("rowsInAnyOrder")], reason: "rowsInAnyOrder must be true or false")
                }
                section.anyOrder = value
            }
            if let rows = map["rows"] {
                guard case .list(let list) = rows else { throw Problem(path: here + [.key("rows")], reason: "rows must be a list, not \(rows)") }
                var patterns: [RowPattern?] = []
                for (rowIndex, row) in list.enumerated() {
                    if row == .string(gap) { patterns.append(nil); continue }
                    patterns.append(try Self.row(row, at: here + [.key("rows"), .index(rowIndex)]))
                }
                section.rows = patterns
            }
            sections.append(section)
        }
        return sections
    }

    /// Reads one row's stated fields.
    static func row(_ value: ReportValue, at path: [PathItem], extra: Set<String> = []) throws(Problem) -> RowPattern {
        guard case .map(let map) = value else {
            throw Problem(path: path, reason: "a row must be a map such as { title: Coffee, flags: [pending] }, or ..., not \(value)")
        }
        var row = RowPattern()
        for (key, field) in map.sorted(by: { $0.key < $1.key }) {
            let here = path + [.key(key)]
            switch key {
            case "title", "value", "accessibility":
                guard let text = field.text ?? field.number.map({ ReportValue.number($0).description }) else {
                    throw Problem(path: here, reason: "\(key) must be text, not \(field)")
                }
                switch key {
                case "title": row.title = text
                case "value": row.value = text
                default: row.accessibility = text
                }
            case "flags":
                guard let flags = field.texts else { throw Problem(path: here, reason: "flags must be a list of names such as [pending, location]") }
                row.flags = Array(Set(flags)).sorted()
            case "attributes":
                guard case .map(let attributes) = field, attributes.values.allSatisfy({ $0.text != nil }) else {
                    throw Problem(path: here, reason: "attributes must be a map of names to texts such as { badge: Declined }")
                }
                row.attributes = attributes.compactMapValues(\.text)
            default:
                guard extra.contains(key) else {
                    let known = rowFields.union(extra)
                    let fields = known.sorted().joined(separator: ", ")
                    throw Problem(path: here, reason: "unknown row field \(key)\(Spelling.hint(for: key, in: known)); fields: \(fields)")
                }
            }
        }
        return row
    }
}

extension ScreenPattern.RowPattern {
    /// Whether `row` shows every field stated here.
    func matches(_ row: ScreenRow) -> Bool { firstDifference(from: row) == nil }

    /// The first stated field `row` does not show: its name, what was expected and what was seen.
    func firstDifference(from row: ScreenRow) -> (field: String, expected: String, seen: String)? {
        func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "none" }
        if let title, title != row.title { return ("title", quoted(title), quoted(row.title)) }
        if let value, value != row.value { return ("value", quoted(value), quoted(row.value)) }
        if let accessibility, accessibility != row.accessibility { return ("accessibility", quoted(accessibility), quoted(row.accessibility)) }
        if let flags, flags != row.flags { return ("flags", "[\(flags.joined(separator: ", "))]", "[\(row.flags.joined(separator: ", "))]") }
        for (name, text) in (attributes ?? [:]).sorted(by: { $0.key < $1.key }) where row.attributes[name] != text {
            return ("attributes.\(name)", quoted(text), quoted(row.attributes[name]))
        }
        return nil
    }

    /// The stated fields, as a case writes them.
    var description: String {
        var parts: [String] = []
        if let title { parts.append("title: \"\(title)\"") }
        if let value { parts.append("value: \"\(value)\"") }
        if let accessibility { parts.append("accessibility: \"\(accessibility)\"") }
        if let flags { parts.append("flags: [\(flags.joined(separator: ", "))]") }
        for (name, text) in (attributes ?? [:]).sorted(by: { $0.key < $1.key }) { parts.append("\(name): \"\(text)\"") }
        return "{ " + parts.joined(separator: ", ") + " }"
    }
}

extension ScreenRow {
    /// The row as a case would state all of it.
    var pattern: ScreenPattern.RowPattern {
        ScreenPattern.RowPattern(title: title, value: value, accessibility: accessibility, flags: flags, attributes: attributes)
    }
}
