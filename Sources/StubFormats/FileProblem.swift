/// A file that could not be read, with where and why: a fixture, a route file, a scenario, a
/// contract case. The one problem type the loaders share; each load reports every problem it
/// finds, not only the first.
public struct FileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, relative to the folder it was loaded from, e.g. `personas/alex/accounts.json`.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// What is wrong, and what would be right.
    public var reason: String

    /// A problem in `file` at `line`.
    public init(file: String, line: Int?, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`.
    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)"
    }
}
