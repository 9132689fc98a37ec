/// One change between two OpenAPI documents, classed for a client that sends the old document's
/// requests and reads its responses.
public struct CompatFinding: Codable, Sendable, Equatable {
    /// How a change affects a client written against the old document.
    public enum Level: String, Codable, Sendable, Comparable, CaseIterable {
        /// Nothing a client did stops working (an added operation, an added response field).
        case info
        /// May break a client, depending on how it is written (an optional response field
        /// removed, an enum value added to a response).
        case warning
        /// A client that followed the old document can stop working.
        case breaking

        private var rank: Int {
            switch self {
            case .info: 0
            case .warning: 1
            case .breaking: 2
            }
        }

        /// Less serious: info < warning < breaking, so `--fail-on warning` also fails on breaking.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }

        /// `breaking`, `warning`, `info` as people read them.
        public var label: String {
            switch self {
            case .info: "safe"
            case .warning: "warning"
            case .breaking: "breaking"
            }
        }
    }

    /// What the client does with the changed part.
    public enum Direction: String, Codable, Sendable {
        /// It sends it (parameters, request bodies): a stricter new document breaks it.
        case request
        /// It reads it (status codes, response bodies, headers): a looser new document breaks it.
        case response
        /// Neither: the operation itself, its path, security or base path.
        case operation
    }

    /// The rule, named as oasdiff names it where oasdiff has one (`response-property-became-optional`).
    public var rule: String
    /// Its class.
    public var level: Level
    /// Request, response or the operation itself.
    public var direction: Direction
    /// `GET /accounts/{AccountId}`; nil for a change to the whole API (its base path).
    public var operation: String?
    /// The operation's `operationId`, when it has one.
    public var operationId: String?
    /// Where the change is written in the old document (`#/components/schemas/OBAccount6/required`);
    /// nil when the old document has no such place.
    public var oldPointer: String?
    /// Where it is written in the new document; nil when the new one has no such place.
    public var newPointer: String?
    /// The field as the client sees it from the body's top, `Data.Account[].Nickname`; a
    /// parameter as `query:fromBookingDateTime`; nil for a change to the operation.
    public var field: String?
    /// For a response change, the status it is under (`200`); nil otherwise.
    public var status: String?
    /// Why it does or does not break a client, in one sentence.
    public var message: String

    /// A finding; `operation` and `operationId` are filled in by the walk for changes inside an operation.
    public init(rule: String, level: Level, direction: Direction, operation: String?, operationId: String? = nil,
                oldPointer: String?, newPointer: String?, field: String? = nil, status: String? = nil, message: String) {
        self.rule = rule
        self.level = level
        self.direction = direction
        self.operation = operation
        self.operationId = operationId
        self.oldPointer = oldPointer
        self.newPointer = newPointer
        self.field = field
        self.status = status
        self.message = message
    }
}

/// What `compat` found between two documents.
public struct CompatReport: Codable, Sendable, Equatable {
    /// The old document, as named on the command line.
    public var old: String
    /// The new one.
    public var new: String
    /// Every finding, breaking first, then by operation and field.
    public var findings: [CompatFinding]
    /// References either document could not follow (a missing file): the walk treats them as
    /// schemas it cannot see, so a change behind one is not reported.
    public var problems: [String]
    /// With `--team`: each supported release, and whether the change breaks it.
    public var releases: [ReleaseImpact]?
    /// The old document's base path (its first server's URL path, `/open-banking/v4.0/aisp`),
    /// taken off the paths releases used when they are weighed (`impact(on:)`); nil when it has none.
    public var basePath: String?

    /// A report; `findings` are sorted breaking first, then by operation, status and field.
    public init(old: String, new: String, findings: [CompatFinding], problems: [String] = []) {
        self.old = old
        self.new = new
        self.findings = findings.sorted { lhs, rhs in
            if lhs.level != rhs.level { return lhs.level > rhs.level }
            if lhs.operation != rhs.operation { return (lhs.operation ?? "") < (rhs.operation ?? "") }
            if lhs.status != rhs.status { return (lhs.status ?? "") < (rhs.status ?? "") }
            if lhs.field != rhs.field { return (lhs.field ?? "") < (rhs.field ?? "") }
            return lhs.rule < rhs.rule
        }
        self.problems = problems
    }

    /// How many findings of `level`.
    public func count(_ level: CompatFinding.Level) -> Int { findings.filter { $0.level == level }.count }

    /// True when a finding is at `level` or above.
    public func has(atLeast level: CompatFinding.Level) -> Bool { findings.contains { $0.level >= level } }
}

/// A document `APICompat.compare(old:new:)` could not read: the file, the git ref or the line
/// and column where it does not parse.
public struct CompatLoadError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the document.
    public let description: String
    /// True when the document itself is not there (not a file it refers to).
    public let missing: Bool
}
