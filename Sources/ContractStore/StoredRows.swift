import ContractKit
import GRDB

// The rows of the `run` and `caseResult` tables. The records themselves live in ContractKit,
// which knows nothing of SQLite; this wrapper gives them GRDB's conformances inside this target
// only, so that GRDB stays out of every public API.

/// A record kept in a table of the run store.
protocol StoredRecord: Codable {
    /// Its table.
    static var table: String { get }
}

extension RunRecord: StoredRecord {
    static var table: String { "run" }
}

extension CaseResultRecord: StoredRecord {
    static var table: String { "caseResult" }
}

/// A record as a row of its table.
struct StoredRow<Record: StoredRecord>: Codable, FetchableRecord, PersistableRecord {
    static var databaseTableName: String { Record.table }

    var record: Record

    init(_ record: Record) {
        self.record = record
    }

    init(from decoder: any Decoder) throws {
        record = try Record(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
    }
}

typealias RunRow = StoredRow<RunRecord>
typealias CaseResultRow = StoredRow<CaseResultRecord>

/// The `run` table's columns the store queries by.
enum RunColumns {
    static let id = Column("id")
    static let startedAt = Column("startedAt")
    static let status = Column("status")
    static let label = Column("label")
    static let client = Column("client")
}

/// The `caseResult` table's columns the store queries by.
enum CaseResultColumns {
    static let runId = Column("runId")
    static let caseId = Column("caseId")
}
