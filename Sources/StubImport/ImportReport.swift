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
    /// What was converted but left something out that might matter (a WireMock webhook), with where and what.
    public var notes: [Note] = []
    /// For a WireMock import: each converted mapping's request sent to the written folder, and
    /// whether the answer was the mapping's.
    public var replay: Replay?

    /// What replaying the converted mappings found.
    public struct Replay: Sendable {
        /// Mappings (a scenario counts once) whose request was sent.
        public var replayed: Int
        /// Of those, the ones answered with the mapping's status, headers and body.
        public var matched: Int
        /// The others, with what differed.
        public var mismatched: [Note]
        /// Converted mappings whose request could not be made from their patterns, or is answered
        /// first by a route that takes precedence.
        public var notReplayed: [Note]
    }

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
