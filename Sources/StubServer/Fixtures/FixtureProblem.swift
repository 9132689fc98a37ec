/// One thing wrong with a file under `Stubs/`, located for a person to fix.
public struct FixtureProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path relative to the stubs directory, e.g. `personas/alex/accounts.json`.
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    public var reason: String

    public init(file: String, line: Int?, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)"
    }
}

/// The stubs directory could not be loaded; every problem found is listed.
public struct FixtureLoadError: Error, Sendable, CustomStringConvertible {
    public var problems: [FixtureProblem]

    public var description: String {
        "Stubs could not be loaded (\(problems.count) problem\(problems.count == 1 ? "" : "s")):\n"
            + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}
