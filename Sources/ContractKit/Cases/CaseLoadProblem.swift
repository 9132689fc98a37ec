/// A case file that could not be read, with where and why. The other files still run.
public struct CaseLoadProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The case file, e.g. `cases/accounts.list.yaml`.
    public var file: String
    /// The line, when known.
    public var line: Int?
    /// What is wrong, and what would be right.
    public var reason: String

    /// `file:line: reason`.
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)" }
}
