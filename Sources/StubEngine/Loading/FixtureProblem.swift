public import StubFormats

/// A fixture, route or scenario file that could not be read: the package's one problem type.
public typealias FixtureProblem = FileProblem

/// The stubs directory could not be loaded; every problem found is listed.
public struct FixtureLoadError: Error, Sendable, CustomStringConvertible {
    /// Every problem, each with its file, line and reason.
    public var problems: [FixtureProblem]

    /// An error listing `problems`.
    package init(problems: [FixtureProblem]) {
        self.problems = problems
    }

    public var description: String {
        "Stubs could not be loaded (\(problems.count) problem\(problems.count == 1 ? "" : "s")):\n"
            + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}
