public import ContractKit

/// What a supported release's recorded runs used of the API, as `compat --team` weighs it: the
/// requests its contract cases made, and the fields of each JSON answer it received and read.
public struct ReleaseUsage: Sendable, Equatable {
    /// `ios 4.2 (3f9c2a1)`, as people name it.
    public var name: String
    /// How many of its runs recorded uses; 0 means nothing is known of it.
    public var runs: Int
    /// Every distinct request its runs made, with the fields it received and read.
    public var uses: [OperationUse]

    /// A release's usage.
    public init(name: String, runs: Int, uses: [OperationUse]) {
        self.name = name
        self.runs = runs
        self.uses = uses
    }
}

/// One release's answer: does this change break it, and through what.
public struct ReleaseImpact: Codable, Sendable, Equatable {
    /// Breaks, may break, spared or unknown.
    public enum Verdict: String, Codable, Sendable {
        /// A breaking change touches an operation it calls, or a field it reads.
        case breaks
        /// Only a warning touches it, or a breaking change touches a field it receives but was
        /// not seen to read (a field used only to decide, say).
        case mayBreak = "may-break"
        /// No breaking change or warning touches what its runs used.
        case spared
        /// No run of it recorded what it used: run its cases and push them.
        case unknown
    }

    /// The release, as `ReleaseUsage.name`.
    public var release: String
    /// The answer.
    public var verdict: Verdict
    /// Each reason, `GET /accounts (200) reads Data.Account[].Nickname: response-optional-property-removed`.
    public var reasons: [String]
}

extension CompatReport {
    /// For each supported release, whether the breaking changes and warnings touch what its runs
    /// used. Operations are matched by method and path template (`{id}` matches one segment),
    /// with `basePath` (by default the old document's) taken off the used path when it starts with it.
    public func impact(on releases: [ReleaseUsage], basePath: String? = nil) -> [ReleaseImpact] {
        let basePath = basePath ?? self.basePath ?? ""
        let serious = findings.filter { $0.level >= .warning }
        return releases.map { release in
            guard release.runs > 0 else {
                return ReleaseImpact(release: release.name, verdict: .unknown,
                                     reasons: ["no run of this release recorded what it used; run its contract cases and push them"])
            }
            var breaks: [String] = [], mayBreak: [String] = []
            for finding in serious {
                guard let (operation, how) = Self.touch(finding, release, basePath: basePath) else { continue }
                let line = "\(operation) \(how.text): \(finding.rule)"
                if finding.level == .breaking && how.certain { breaks.append(line) } else { mayBreak.append(line) }
            }
            let unique = { (lines: [String]) in lines.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } } }
            if !breaks.isEmpty { return ReleaseImpact(release: release.name, verdict: .breaks, reasons: unique(breaks) + unique(mayBreak)) }
            if !mayBreak.isEmpty { return ReleaseImpact(release: release.name, verdict: .mayBreak, reasons: unique(mayBreak)) }
            return ReleaseImpact(release: release.name, verdict: .spared, reasons: [])
        }
    }

    struct Touch {
        let text: String
        /// True when the release calls the operation (for a change to it) or reads the field.
        let certain: Bool
    }

    /// Whether `release` used what `finding` changed: the operation as it names it, and how.
    static func touch(_ finding: CompatFinding, _ release: ReleaseUsage, basePath: String) -> (String, Touch)? {
        // A change to the whole API (its base path) touches any release that made a request.
        guard let operation = finding.operation else {
            return release.uses.isEmpty ? nil : ("every request", Touch(text: "uses the API", certain: true))
        }
        let parts = operation.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        let matching = release.uses.filter {
            $0.method.uppercased() == parts[0] && matches(template: parts[1], path: $0.path, basePath: basePath)
        }
        guard !matching.isEmpty else { return nil }
        guard finding.direction == .response, let field = finding.field, !field.hasPrefix("header:") else {
            return (operation, Touch(text: "is called", certain: true))
        }
        let answered = matching.filter { use in finding.status.map { String(use.status ?? 0) == $0 } ?? true }
        let named = "\(operation)\(finding.status.map { " (\($0))" } ?? "")"
        if answered.contains(where: { $0.read.contains { sameField($0, field) } }) {
            return (named, Touch(text: "reads \(field)", certain: true))
        }
        if answered.contains(where: { $0.received.contains { sameField($0, field) } }) {
            return (named, Touch(text: "receives \(field) (no value of it was seen in what the app showed)", certain: false))
        }
        return nil
    }

    /// The same field: the same path, or (a schema reached by another path) the same last two names.
    static func sameField(_ used: String, _ changed: String) -> Bool {
        if used == changed { return true }
        let usedTail = used.split(separator: ".").suffix(2), changedTail = changed.split(separator: ".").suffix(2)
        return changedTail.count == 2 && usedTail == changedTail
    }

    /// `/accounts/{AccountId}` against `/open-banking/v4.0/aisp/accounts/acc-1`.
    static func matches(template: String, path: String, basePath: String) -> Bool {
        let templateParts = template.split(separator: "/")
        func fits(_ path: Substring) -> Bool {
            let parts = path.split(separator: "/")
            guard parts.count == templateParts.count else { return false }
            return zip(templateParts, parts).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
        if !basePath.isEmpty, path.hasPrefix(basePath + "/"), fits(path.dropFirst(basePath.count)) { return true }
        return fits(Substring(path))
    }
}
