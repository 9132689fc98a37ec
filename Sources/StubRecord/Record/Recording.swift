public import Foundation
import StubImport

/// The exchanges recorded so far and the folder they are written to. After every exchange the
/// whole folder is rebuilt in a staging folder, loaded back by the server's own loader, and
/// swapped in, so `--out` always holds a folder `stubbank serve --stubs` accepts, also when the
/// recording is stopped with Ctrl-C.
public actor Recording {
    /// What one exchange did to the folder.
    public struct Step: Sendable {
        /// Routes in the folder now.
        public var routes: Int
        /// The route file the exchange went to (`routes/accounts.yaml`).
        public var file: String
        /// What was simplified, e.g. a request answered two ways without `--sequences`.
        public var notes: [String]
    }

    private let out: URL
    private let builder: RecordedRouteSet
    private var exchanges: [RecordedExchange] = []
    private var seen: Set<String> = []

    /// Records into `out`, which must not hold route files yet. A recording stopped between the
    /// two steps of a swap left its routes in `.stubbank-recording/old`: they are put back first,
    /// so nothing recorded is lost, and the folder is refused like any other that holds routes.
    public init(out: URL, redactor: Redactor?, sequences: Bool) throws {
        let routes = out.appendingPathComponent("routes")
        if try Self.putBack(in: out) {
            throw RecordError("\(routes.path) was put back from a recording that stopped while writing; "
                + "record into a new --out folder")
        }
        if FileManager.default.fileExists(atPath: routes.path) {
            throw RecordError("\(routes.path) already exists; record into a new --out folder")
        }
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        self.out = out
        self.builder = RecordedRouteSet(redactor: redactor ?? Redactor.off, sequences: sequences)
    }

    /// Adds an exchange and rewrites the folder.
    public func add(_ exchange: RecordedExchange) throws -> Step {
        exchanges.append(exchange)
        let output = builder.build(exchanges)
        try write(output)
        let file = "routes/" + RecordedRouteSet.fileName(PathTemplate.make(exchange.path).template) + ".yaml"
        let routes = output.groups.values.reduce(0) { $0 + $1.count }
        let fresh = output.notes.map(\.description).filter { seen.insert($0).inserted }
        return Step(routes: routes, file: file, notes: fresh)
    }

    /// How many exchanges were recorded.
    public var count: Int { exchanges.count }

    /// Where the routes the folder held wait while the new ones move in.
    private static func old(in out: URL) -> URL {
        out.appendingPathComponent(".stubbank-recording").appendingPathComponent("old")
    }

    /// Puts routes left waiting in `old` back when the folder has none; says whether it did.
    private static func putBack(in out: URL) throws -> Bool {
        let routes = out.appendingPathComponent("routes"), waiting = old(in: out)
        let manager = FileManager.default
        guard !manager.fileExists(atPath: routes.path), manager.fileExists(atPath: waiting.path) else { return false }
        try manager.moveItem(at: waiting, to: routes)
        return true
    }

    private func write(_ output: RecordedRouteSet.Output) throws {
        let work = out.appendingPathComponent(".stubbank-recording")
        let staging = work.appendingPathComponent("next")
        let old = Self.old(in: out)
        let manager = FileManager.default
        // The exchanges in memory are the whole recording: what an earlier swap left here goes.
        try? manager.removeItem(at: staging)
        try? manager.removeItem(at: old)
        try manager.createDirectory(at: work, withIntermediateDirectories: true)
        _ = try RouteFileWriter(out: staging).writeFolder(
            output.groups, header: "Recorded by stubbank record; redacted. Serve with: stubbank serve --stubs \(out.lastPathComponent)",
            skipped: output.notes)
        // Swap the checked folder in. A folder cannot replace another in one step: between the two
        // moves the old routes wait in `old`, which `init` puts back after a kill and which goes
        // back here when the move fails; they go only once the new ones are in place.
        let routes = out.appendingPathComponent("routes")
        if manager.fileExists(atPath: routes.path) { try manager.moveItem(at: routes, to: old) }
        do {
            try manager.moveItem(at: staging.appendingPathComponent("routes"), to: routes)
        } catch {
            _ = try? Self.putBack(in: out)
            throw error
        }
        // A file can: written beside and renamed over, `stubbank.yaml` is never missing.
        let settings = try Data(contentsOf: staging.appendingPathComponent("stubbank.yaml"))
        try settings.write(to: out.appendingPathComponent("stubbank.yaml"), options: .atomic)
        try? manager.removeItem(at: work)
    }
}

/// Why recording cannot go on.
public struct RecordError: Error, CustomStringConvertible, Sendable {
    /// What went wrong and what to do about it.
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
