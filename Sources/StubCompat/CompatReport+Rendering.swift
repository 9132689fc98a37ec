public import Foundation

extension CompatReport {
    /// Findings that say the same thing about the same place, with every operation (and status)
    /// they touch: a shared schema changed once is one entry, not forty.
    public struct Group: Sendable, Equatable {
        /// The first finding; the others differ only in operation, status and the path to the field.
        public var finding: CompatFinding
        /// `GET /accounts (400, 403)`, in the order found; ``GET /accounts/{id} (200) as `iban` `` where
        /// the operation reaches the field by another path than the first.
        public var operations: [String]
        /// How many findings it stands for.
        public var count: Int
    }

    /// The findings at `level` or above, grouped.
    public func groups(atLeast level: CompatFinding.Level = .info) -> [Group] {
        // One change: the same rule at the same places on the same field name, whatever path
        // each operation reaches it by (`data[].iban` in a list, `iban` in a detail).
        struct Key: Hashable {
            let rule: String, level: CompatFinding.Level, oldPointer: String?, newPointer: String?, name: String?
        }
        var order: [Key] = []
        var found: [Key: (finding: CompatFinding, operations: [String], statuses: [String: [String]], fields: [String: String], count: Int)] = [:]
        for finding in findings where finding.level >= level {
            let name = finding.field.map { String($0.split(separator: ".").last ?? Substring($0)) }
            let key = Key(rule: finding.rule, level: finding.level, oldPointer: finding.oldPointer, newPointer: finding.newPointer,
                          name: name.map { $0.replacingOccurrences(of: "[]", with: "") })
            if found[key] == nil {
                order.append(key)
                found[key] = (finding, [], [:], [:], 0)
            }
            found[key]?.count += 1
            guard let operation = finding.operation else { continue }
            if found[key]?.statuses[operation] == nil {
                found[key]?.operations.append(operation)
                found[key]?.statuses[operation] = []
                found[key]?.fields[operation] = finding.field
            }
            if let status = finding.status, found[key]?.statuses[operation]?.contains(status) == false {
                found[key]?.statuses[operation]?.append(status)
            }
        }
        return order.compactMap { key in
            guard let entry = found[key] else { return nil }
            let named = entry.operations.map { operation in
                let statuses = entry.statuses[operation] ?? []
                let field = entry.fields[operation].flatMap { $0 == entry.finding.field ? nil : $0 }
                return (statuses.isEmpty ? operation : "\(operation) (\(statuses.sorted().joined(separator: ", ")))")
                    + (field.map { " as `\($0)`" } ?? "")
            }
            return Group(finding: entry.finding, operations: named, count: entry.count)
        }
    }

    /// How many distinct changes of `level`: a change to a shared schema counts once.
    public func changes(_ level: CompatFinding.Level) -> Int { groups(atLeast: level).filter { $0.finding.level == level }.count }

    /// `2 breaking, 1 warning, 14 safe` (distinct changes, each counted once however many
    /// operations it touches).
    public var summary: String { Self.summary(of: groups()) }

    static func summary(of groups: [Group]) -> String {
        let breaking = groups.count { $0.finding.level == .breaking }, warnings = groups.count { $0.finding.level == .warning }
        let safe = groups.count { $0.finding.level == .info }
        return "\(breaking) breaking, \(warnings) warning\(warnings == 1 ? "" : "s"), \(safe) safe"
    }

    /// For people at a terminal: the summary, then each group, most serious first. Safe changes
    /// are counted, and listed only with `showSafe`.
    public func text(showSafe: Bool) -> String {
        let all = groups()
        var lines = ["\(old) → \(new): \(Self.summary(of: all))"]
        if findings.isEmpty { lines.append("No changes a client can see.") }
        for level in CompatFinding.Level.allCases.reversed() {
            let shown = all.filter { $0.finding.level == level }
            guard !shown.isEmpty else { continue }
            if level == .info && !showSafe {
                lines.append("")
                lines.append("\(shown.count) safe changes not listed (--show-safe lists them).")
                continue
            }
            lines.append("")
            lines.append(level == .breaking ? "BREAKING" : level == .warning ? "WARNING" : "SAFE")
            for group in shown {
                let finding = group.finding
                lines.append("  \(finding.rule)")
                lines.append("    \(finding.message)")
                lines.append("    in: \(Self.operations(group.operations, rule: finding.rule))")
                if let pointer = finding.oldPointer { lines.append("    old: \(pointer)") }
                if let pointer = finding.newPointer { lines.append("    new: \(pointer)") }
            }
        }
        for problem in problems { lines.append("note: \(problem)") }
        if let releases {
            lines.append("")
            lines.append("In the field: \(fieldSummary(releases))")
            for impact in releases {
                let label = Self.verdictLabel(impact.verdict).uppercased().padding(toLength: 10, withPad: " ", startingAt: 0)
                lines.append("  \(label)\(impact.release)")
                for reason in impact.reasons.prefix(8) { lines.append("    \(reason)") }
                if impact.reasons.count > 8 { lines.append("    and \(impact.reasons.count - 8) more") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `breaks 1 of 3 supported releases (1 unknown)`, or that it is safe for the field.
    public func fieldSummary(_ releases: [ReleaseImpact]) -> String {
        if releases.isEmpty { return "no supported release is recorded (stubbank team release record)" }
        let broken = releases.filter { $0.verdict == .breaks }.count, unknown = releases.filter { $0.verdict == .unknown }.count
        let maybe = releases.filter { $0.verdict == .mayBreak }.count
        var text = broken == 0 && unknown == 0 ? "safe for the field: no supported release uses what breaks"
            : "breaks \(broken) of \(releases.count) supported release\(releases.count == 1 ? "" : "s")"
        var notes: [String] = []
        if maybe > 0 { notes.append("\(maybe) may break") }
        if unknown > 0 { notes.append("\(unknown) unknown") }
        if !notes.isEmpty { text += " (\(notes.joined(separator: ", ")))" }
        return text
    }

    /// True when `--team` found a supported release that breaks, or one it knows nothing of.
    public var breaksTheField: Bool { releases?.contains { $0.verdict == .breaks || $0.verdict == .unknown } ?? false }

    static func verdictLabel(_ verdict: ReleaseImpact.Verdict) -> String {
        switch verdict {
        case .breaks: "breaks"
        case .mayBreak: "may break"
        case .spared: "spared"
        case .unknown: "unknown"
        }
    }

    /// For a pull-request comment: a summary line and a table per class.
    public func markdown(showSafe: Bool) -> String {
        let all = groups()
        var lines = ["### API compatibility: \(Self.summary(of: all))", "", "`\(old)` → `\(new)`", ""]
        if findings.isEmpty { lines.append("No changes a client can see.") }
        for level in CompatFinding.Level.allCases.reversed() {
            let shown = all.filter { $0.finding.level == level }
            guard !shown.isEmpty, level != .info || showSafe else { continue }
            lines.append("#### \(level == .breaking ? "Breaking" : level == .warning ? "Warnings" : "Safe")")
            lines.append("")
            lines.append("| Rule | Operations | Why | Where (new) |")
            lines.append("|---|---|---|---|")
            for group in shown {
                let finding = group.finding
                let place = finding.newPointer ?? finding.oldPointer.map { "(old) \($0)" } ?? ""
                let operations = Self.cell(Self.operations(group.operations, rule: finding.rule))
                lines.append("| `\(finding.rule)` | \(operations) | \(Self.cell(finding.message)) "
                             + "| `\(Self.cell(place))` |")
            }
            lines.append("")
        }
        let safe = all.count { $0.finding.level == .info }
        if safe > 0 && !showSafe { lines.append("\(safe) safe changes not listed.") }
        if let releases {
            lines.append("")
            lines.append("#### In the field: \(fieldSummary(releases))")
            lines.append("")
            if !releases.isEmpty {
                lines.append("| Release | Verdict | Why |")
                lines.append("|---|---|---|")
                for impact in releases {
                    let why = impact.reasons.prefix(5).map(Self.cell).joined(separator: "<br>")
                    lines.append("| \(Self.cell(impact.release)) | \(Self.verdictLabel(impact.verdict)) | \(why) |")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The whole report as JSON, every finding (safe ones too) ungrouped.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(JSONForm(self))) ?? Data("{}".utf8)
    }

    private struct JSONForm: Encodable {
        let old: String
        let new: String
        /// Distinct changes per class, and how many findings (per operation, status, media type) in all.
        let summary: [String: Int]
        let findings: [CompatFinding]
        let problems: [String]
        let releases: [ReleaseImpact]?

        init(_ report: CompatReport) {
            releases = report.releases
            old = report.old
            new = report.new
            let all = report.groups()
            summary = ["breaking": all.count { $0.finding.level == .breaking }, "warning": all.count { $0.finding.level == .warning },
                       "safe": all.count { $0.finding.level == .info }, "findings": report.findings.count]
            findings = report.findings
            problems = report.problems
        }
    }

    static func operations(_ names: [String], rule: String) -> String {
        if names.isEmpty { return rule.hasPrefix("unused-schema") ? "(no operation uses it)" : "(whole API)" }
        let shown = names.prefix(3).joined(separator: ", ")
        return names.count > 3 ? "\(shown) and \(names.count - 3) more" : shown
    }

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
}
