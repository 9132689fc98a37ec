/// What an import wrote, and what it could not convert (never written silently wrong).
public struct ImportReport: Sendable {
    /// One thing left out, with where it came from and why.
    public struct Note: Sendable, Equatable, CustomStringConvertible {
        /// `mappings/accounts.json` or `paths./users/{id}.get`.
        public var source: String
        /// Why it was left out.
        public var reason: String

        /// A note on `source`.
        public init(source: String, reason: String) {
            self.source = source
            self.reason = reason
        }

        public var description: String { "\(source): \(reason)" }
    }

    /// Files written, relative to the output folder.
    public var written: [String] = []
    /// Routes written.
    public var routes = 0
    /// What was not converted, with where it came from and why.
    public var skipped: [Note] = []
    /// The base path written to `stubbank.yaml`, if any.
    public var basePath: String?

    /// An empty report.
    public init() {}
}

/// An import that could not run at all (unreadable input, an output folder that would be overwritten).
public struct ImportError: Error, Sendable, CustomStringConvertible {
    public var description: String

    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
