import Foundation

/// The screen keys of the presentation layer, checked against the screen an operation reported:
/// `screen`, `order`, `rowsWith` and `accessibility`. Each returns why the expectation does not
/// hold, naming the section, the row, the field, what was expected and what was seen, or nil.
enum ScreenCheck {
    static let missing = "the operation reported no screen (set PresentationReport.screen)"

    // MARK: screen

    /// Whether `screen` shows what `pattern` states.
    static func screen(_ pattern: ScreenPattern, _ screen: ScreenReport?) -> String? {
        guard let screen else { return missing }
        if let alert = pattern.alert {
            guard let shown = screen.alert else { return "expected an alert \(alert.description), saw none" }
            if let difference = alert.firstDifference(from: shown) {
                return "alert, \(difference.field): expected \(difference.expected), saw \(difference.seen)"
            }
        }
        let sectionMatches: (ScreenPattern.SectionPattern, ScreenSection) -> Bool = { expected, seen in
            if let title = expected.title { return title == seen.title }
            return rows(expected, in: seen, named: "") == nil
        }
        switch OrderedMatch.match(pattern.sections, screen.sections, sectionMatches) {
        case .failure(.count(let expected, let seen)):
            return "expected \(expected) section\(expected == 1 ? "" : "s"), saw \(seen): \(titles(of: screen))"
        case .failure(.mismatch(let index, let item)):
            let expected = pattern.sections[index]!
            let seen = screen.sections[item]
            if let title = expected.title, title != seen.title {
                let shown = seen.title.map { "\"\($0)\"" } ?? "none"
                return "section \(item + 1): expected title \"\(title)\", saw \(shown); sections: \(titles(of: screen))"
            }
            return rows(expected, in: seen, named: name(seen, item))
        case .failure(.missing(let index, let after)):
            let expected = pattern.sections[index]!
            let like = expected.rows?.compactMap { $0?.description }.first ?? "{}"
            let what = expected.title.map { "a section \"\($0)\"" } ?? "a section with rows like \(like)"
            return "expected \(what)\(after > 0 ? " after section \(after)" : ""); sections: \(titles(of: screen))"
        case .success(let matched):
            for (index, item) in matched.sorted(by: { $0.key < $1.key }) {
                if let message = rows(pattern.sections[index]!, in: screen.sections[item], named: name(screen.sections[item], item)) {
                    return message
                }
            }
            return nil
        }
    }

    /// Whether a section's rows are what the pattern states.
    static func rows(_ pattern: ScreenPattern.SectionPattern, in section: ScreenSection, named name: String) -> String? {
        guard let expected = pattern.rows else { return nil }
        let result = pattern.anyOrder
            ? OrderedMatch.matchAnyOrder(expected, section.rows) { $0.matches($1) }
            : OrderedMatch.match(expected, section.rows) { $0.matches($1) }
        let prefix = name.isEmpty ? "" : "\(name): "
        switch result {
        case .success: return nil
        case .failure(.count(let count, let seen)):
            return "\(prefix)expected \(count) row\(count == 1 ? "" : "s"), saw \(seen): \(titles(of: section.rows))"
        case .failure(.mismatch(let index, let item)):
            let row = section.rows[item]
            guard let difference = expected[index]!.firstDifference(from: row) else { return nil }
            return "\(prefix)row \(item + 1) (\"\(row.title)\"), \(difference.field): expected \(difference.expected), saw \(difference.seen)"
        case .failure(.missing(let index, let after)):
            let want = expected[index]!
            // The row with the stated title, when there is one: its first field that differs says more.
            if let title = want.title, let item = section.rows.indices.first(where: { $0 >= after && section.rows[$0].title == title }),
               let difference = want.firstDifference(from: section.rows[item]) {
                return "\(prefix)row \(item + 1) (\"\(title)\"), \(difference.field): expected \(difference.expected), saw \(difference.seen)"
            }
            let order = pattern.anyOrder ? "" : after > 0 ? " after row \(after)" : ""
            return "\(prefix)expected a row \(want.description)\(order), saw \(titles(of: section.rows))"
        }
    }

    // MARK: order

    /// Whether the titles come in this order (others may come between): across the screen for
    /// a list, or within each named section for a map of section titles to lists.
    static func order(_ expected: ReportValue, _ screen: ScreenReport?) -> String? {
        guard let screen else { return missing }
        if let titles = expected.texts { return subsequence(titles, in: screen.rows, where: "on the screen") }
        guard case .map(let sections) = expected else { return nil }
        for (title, value) in sections.sorted(by: { $0.key < $1.key }) {
            guard let section = screen.sections.first(where: { $0.title == title }) else {
                return "expected a section \"\(title)\", saw \(titles(of: screen))"
            }
            if let message = subsequence(value.texts ?? [], in: section.rows, where: "in section \"\(title)\"") { return message }
        }
        return nil
    }

    static func subsequence(_ expected: [String], in rows: [ScreenRow], where place: String) -> String? {
        var position = 0
        for (index, title) in expected.enumerated() {
            guard let found = rows[position...].firstIndex(where: { $0.title == title }) else {
                let problem = rows.contains { $0.title == title } ? "\"\(title)\" comes too early" : "no row \"\(title)\""
                let wanted = index > 0 ? " (wanted after \"\(expected[index - 1])\")" : ""
                return "expected rows in the order \(list(expected)) \(place): \(problem)\(wanted); saw \(titles(of: rows))"
            }
            position = found + 1
        }
        return nil
    }

    // MARK: rowsWith

    /// Whether as many rows as stated carry the stated fields. Flags here are a subset: `[location]`
    /// counts every row with the location flag, whatever else it carries.
    static func rowsWith(_ expected: ReportValue, _ screen: ScreenReport?) -> String? {
        guard let screen else { return missing }
        let items: [ReportValue] = if case .list(let list) = expected { list } else { [expected] }
        for item in items {
            guard let query = try? RowQuery(item) else { continue }
            let scope = query.section.map { title in screen.sections.filter { $0.title == title }.flatMap(\.rows) } ?? screen.rows
            let found = scope.filter(query.matches)
            if found.count != query.count {
                let place = query.section.map { " in section \"\($0)\"" } ?? ""
                return "expected \(query.count) row\(query.count == 1 ? "" : "s") with \(query.pattern.description)\(place), saw \(found.count)"
                    + (found.isEmpty ? "" : ": \(titles(of: found))")
            }
        }
        return nil
    }

    /// One `rowsWith` entry: the row fields, how many rows, and optionally which section.
    struct RowQuery {
        var pattern: ScreenPattern.RowPattern
        var count: Int
        var section: String?

        init(_ value: ReportValue, at path: [ScreenPattern.PathItem] = []) throws(ScreenPattern.Problem) {
            pattern = try ScreenPattern.row(value, at: path, extra: ["count", "section"])
            guard case .map(let map) = value, let count = map["count"]?.integer, count >= 0 else {
                throw ScreenPattern.Problem(path: path, reason: "rowsWith needs count: the number of rows, such as { flags: [location], count: 2 }")
            }
            self.count = count
            section = map["section"]?.text
        }

        /// Stated texts equal, stated flags all present.
        func matches(_ row: ScreenRow) -> Bool {
            var loose = pattern
            loose.flags = nil
            return loose.matches(row) && Set(pattern.flags ?? []).isSubset(of: row.flags)
        }
    }

    // MARK: accessibility

    /// `accessibility: complete`: every row and the alert has a label, and the label reads every
    /// word of the row's visible title and value (letters and digits, any case), so VoiceOver
    /// tells the customer at least what the screen shows.
    static func accessibilityComplete(_ screen: ScreenReport?) -> String? {
        guard let screen else { return missing }
        if let alert = screen.alert, let message = unread(alert) { return "alert: \(message)" }
        for (sectionIndex, section) in screen.sections.enumerated() {
            for (rowIndex, row) in section.rows.enumerated() {
                if let message = unread(row) { return "\(name(section, sectionIndex)), row \(rowIndex + 1) (\"\(row.title)\"): \(message)" }
            }
        }
        return nil
    }

    static func unread(_ row: ScreenRow) -> String? {
        guard let label = row.accessibility, !label.trimmingCharacters(in: .whitespaces).isEmpty else { return "no accessibility label" }
        let heard = Set(words(label))
        for visible in [row.title, row.value].compactMap({ $0 }) {
            if let word = words(visible).first(where: { !heard.contains($0) }) {
                return "the label \"\(label)\" does not read \"\(word)\" of \"\(visible)\""
            }
        }
        return nil
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    // MARK: naming

    static func name(_ section: ScreenSection, _ index: Int) -> String {
        section.title.map { "section \"\($0)\"" } ?? "section \(index + 1)"
    }

    static func titles(of screen: ScreenReport) -> String {
        list(screen.sections.map { $0.title ?? "(untitled)" })
    }

    static func titles(of rows: [ScreenRow]) -> String {
        let shown = rows.prefix(8).map(\.title)
        return list(shown) + (rows.count > shown.count ? " and \(rows.count - shown.count) more" : "")
    }

    static func list(_ texts: [String]) -> String { "[" + texts.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
}
