/// A case file that could not be read, with where and why. The other files still run.
public struct CaseLoadProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var reason: String

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)" }
}
