public import StubFormats

/// A case file that could not be read, with where and why. The other files still run.
public typealias CaseLoadProblem = FileProblem
