public import Foundation

/// What `stubbank drift` found, for a terminal, a JSON file and a Markdown step summary.
public struct DriftReport: Sendable, Codable, Equatable {
    /// The upstream compared against.
    public var upstream: String
    /// `GET /v1/accounts` for each route compared.
    public var compared: [String]
    /// Every difference, breaking first.
    public var findings: [DriftFinding]
    /// Routes that could not be compared, and why.
    public var skipped: [String]

    /// Whether any difference may break a client written against the stub.
    public var isBreaking: Bool { findings.contains { $0.breaking } }

    /// Lines for a terminal.
    public func console() -> String {
        var lines = ["Drift against \(upstream): \(compared.count) GET routes compared, "
                     + "\(findings.filter(\.breaking).count) breaking, \(findings.filter { !$0.breaking }.count) additive"]
        for finding in findings { lines.append("  " + finding.description) }
        for note in skipped { lines.append("  skipped: " + note) }
        lines.append(isBreaking ? "Breaking drift: the stub no longer matches the upstream; update the stubs (stubbank record can refresh them)."
                                : "No breaking drift.")
        return lines.joined(separator: "\n")
    }

    /// JSON with every field.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// A Markdown summary with a table of the differences.
    public func markdown() -> String {
        var lines = ["## StubBank drift: \(isBreaking ? "❌ breaking" : "✅ no breaking drift")", "",
                     "Against `\(upstream)`, \(compared.count) GET routes.", ""]
        if !findings.isEmpty {
            lines += ["| | route | path | change | stub | upstream |", "|---|---|---|---|---|---|"]
            for finding in findings {
                let kind = finding.breaking ? "breaking" : "additive"
                let what = "\(finding.change.rawValue) | \(finding.stub) | \(finding.upstream)"
                lines.append("| \(kind) | `\(finding.route)` | `\(finding.path)` | \(what) |")
            }
        }
        if !skipped.isEmpty { lines += [""] + skipped.map { "- skipped: \($0)" } }
        return lines.joined(separator: "\n") + "\n"
    }
}
