import Foundation

/// Operation × fault: which combinations the cases cover, and how they did.
public struct CoverageMatrix: Sendable {
    /// One operation × fault cell.
    public enum Cell: String, Sendable {
        /// Every case in the cell passed.
        case passed = "✓"
        /// A case in the cell failed or errored.
        case failed = "✗"
        /// Cases exist and have not run.
        case covered = "●"
        /// No case.
        case untested = "·"
    }

    /// Faults as columns, in a stable reading order; every other case counts under `other`.
    public static let canonicalFaults = ["ok", "bad-request", "server-error", "maintenance", "rate-limited", "forbidden", "offline", "refresh-on-401",
                                         "refresh-fails", "reset", "closed", "truncated", "timeout", "malformed-json",
                                         "wrong-content-type", "tampered-signature", "slow-within-timeout"]

    /// The rows: the client's registered operations.
    public let operations: [String]
    /// The columns: the canonical faults, then `other`.
    public let faults: [String]
    /// Cells by operation, then fault.
    public let cells: [String: [String: Cell]]

    /// Builds the matrix for the client's `operations` from cases (fault = the id after the
    /// operation) and optional results. Cases of other operations are not covered and not shown.
    public init(operations: [String], cases: [ContractCase], results: [CaseResult] = []) {
        let outcome = Dictionary(results.map { ($0.caseId, $0.outcome) }, uniquingKeysWith: { first, _ in first })
        var cells: [String: [String: Cell]] = [:]
        for contractCase in cases {
            let fault = Self.fault(of: contractCase)
            let cell: Cell = switch outcome[contractCase.id] {
            case .passed?: .passed
            case .failed?, .error?: .failed
            case .notCovered?, nil: .covered
            }
            // A failure anywhere in a cell shows.
            if cells[contractCase.when]?[fault] != .failed { cells[contractCase.when, default: [:]][fault] = cell }
        }
        self.operations = operations
        self.faults = Self.canonicalFaults + ["other"]
        self.cells = cells
    }

    /// The fault a case exercises: its id after the operation, or `other` for persona and
    /// business-rule cases.
    static func fault(of contractCase: ContractCase) -> String {
        let prefix = contractCase.when + "."
        let suffix = contractCase.id.hasPrefix(prefix) ? String(contractCase.id.dropFirst(prefix.count)) : contractCase.id
        return canonicalFaults.contains(suffix) ? suffix : "other"
    }

    /// The cell for `operation` under `fault`.
    public func cell(_ operation: String, _ fault: String) -> Cell { cells[operation]?[fault] ?? .untested }

    /// Untested pairs among the canonical faults, for the summary.
    public var gaps: Int {
        operations.reduce(0) { total, operation in total + Self.canonicalFaults.filter { cell(operation, $0) == .untested }.count }
    }

    /// Column headings short enough for a terminal, each at most five characters.
    static let headings: [String: String] = [
        "ok": "ok", "bad-request": "400", "server-error": "500", "maintenance": "503", "rate-limited": "429", "forbidden": "403",
        "offline": "offl", "refresh-on-401": "401↻", "refresh-fails": "401✗", "reset": "reset", "closed": "close",
        "truncated": "trunc", "timeout": "tmout", "malformed-json": "json", "wrong-content-type": "html",
        "tampered-signature": "sig", "slow-within-timeout": "slow", "other": "other",
    ]

    /// A plain-text table for terminals: readable headings, a legend, and what a gap is.
    public func text() -> String {
        let width = (operations.map(\.count).max() ?? 10) + 2
        let heading = { (fault: String) in Self.headings[fault] ?? String(fault.prefix(5)) }
        func column(_ text: String) -> String {
            let pad = max(0, 5 - text.count)
            return String(repeating: " ", count: pad / 2) + text + String(repeating: " ", count: pad - pad / 2)
        }
        var lines = ["".padding(toLength: width, withPad: " ", startingAt: 0) + faults.map { column(heading($0)) }.joined(separator: " ")]
        for operation in operations {
            lines.append(operation.padding(toLength: width, withPad: " ", startingAt: 0)
                         + faults.map { column(cell(operation, $0).rawValue) }.joined(separator: " "))
        }
        let renamed = faults.filter { heading($0) != $0 }.map { "\(heading($0)) \($0)" }
        lines.append("columns: " + renamed.joined(separator: ", "))
        lines.append("✓ passed  ✗ failed  ● covered  · untested")
        lines.append("\(gaps) gaps: an operation and a fault of the columns before `other` that no case tries. "
                     + "Name a case `<operation>.<fault>` to fill one.")
        return lines.joined(separator: "\n")
    }

    /// A Markdown table.
    public func markdown() -> String {
        var lines = ["| operation | " + faults.joined(separator: " | ") + " |", "|---|" + faults.map { _ in ":-:" }.joined(separator: "|") + "|"]
        for operation in operations {
            lines.append("| `\(operation)` | " + faults.map { cell(operation, $0).rawValue }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
