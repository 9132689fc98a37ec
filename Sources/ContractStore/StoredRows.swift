import ContractKit
import GRDB

// The rows of the `run` and `caseResult` tables. The records themselves live in ContractKit,
// which knows nothing of SQLite; these wrappers give them GRDB's conformances inside this target
// only, so that GRDB stays out of every public API.

/// A `RunRecord` as a row of the `run` table.
struct RunRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "run"

    var record: RunRecord

    init(_ record: RunRecord) {
        self.record = record
    }

    init(from decoder: any Decoder) throws {
        record = try RunRecord(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
    }

    /// Column names for the store's queries.
    enum Columns {
        static let id = Column("id")
        static let startedAt = Column("startedAt")
        static let status = Column("status")
        static let label = Column("label")
        static let client = Column("client")
    }
}

/// A `CaseResultRecord` as a row of the `caseResult` table.
struct CaseResultRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "caseResult"

    var record: CaseResultRecord

    init(_ record: CaseResultRecord) {
        self.record = record
    }

    init(from decoder: any Decoder) throws {
        record = try CaseResultRecord(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
    }

    /// Column names for the store's queries.
    enum Columns {
        static let runId = Column("runId")
        static let caseId = Column("caseId")
    }
}
