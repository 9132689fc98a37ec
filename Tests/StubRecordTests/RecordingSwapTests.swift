import Foundation
@testable import StubRecord
import Testing

/// After every exchange the recorder swaps a rebuilt `routes/` in. A folder cannot replace
/// another in one step, so for a moment the old routes wait in `.stubbank-recording/old`: a
/// recording killed there must lose nothing.
@Suite struct RecordingSwapTests {
    private func exchange(_ body: String) -> RecordedExchange {
        RecordedExchange(method: "GET", path: "/v1/status", query: nil, requestHeaders: [], requestBody: [], status: 200,
                         responseHeaders: [("Content-Type", "text/plain")], responseBody: Array(body.utf8))
    }

    @Test func routesLeftWaitingByAKilledRecordingArePutBackAndTheFolderRefused() async throws {
        let manager = FileManager.default
        let out = manager.temporaryDirectory.appendingPathComponent("swap-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: out) }
        let recording = try Recording(out: out, redactor: nil, sequences: false)
        _ = try await recording.add(exchange("recorded before the kill"))
        let routes = out.appendingPathComponent("routes")
        let file = routes.appendingPathComponent("status.yaml")
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(recorded.contains("recorded before the kill"))
        #expect(!manager.fileExists(atPath: out.appendingPathComponent(".stubbank-recording").path),
                "a finished swap leaves no work folder")
        // The kill: the old routes moved aside, the new ones not yet in.
        let old = out.appendingPathComponent(".stubbank-recording/old")
        try manager.createDirectory(at: old.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.moveItem(at: routes, to: old)
        let error = #expect(throws: RecordError.self) { try Recording(out: out, redactor: nil, sequences: false) }
        #expect(error?.description.contains("put back") == true, "\(String(describing: error))")
        #expect(error?.description.contains("new --out folder") == true)
        #expect(try String(contentsOf: file, encoding: .utf8) == recorded, "the recorded routes are back where they were")
        #expect(!manager.fileExists(atPath: old.path))
        // Now it holds routes, and is refused as any such folder is.
        let again = #expect(throws: RecordError.self) { try Recording(out: out, redactor: nil, sequences: false) }
        #expect(again?.description.contains("already exists") == true)
    }

    /// What an earlier swap could not clear away (its `old` folder, its staging) is the past: the
    /// exchanges in memory are the whole recording, so the next write clears it and goes on.
    @Test func whatAnEarlierSwapLeftBehindDoesNotStopTheNext() async throws {
        let manager = FileManager.default
        let out = manager.temporaryDirectory.appendingPathComponent("swap-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: out) }
        let recording = try Recording(out: out, redactor: nil, sequences: true)
        _ = try await recording.add(exchange("first"))
        for leftover in ["old", "next"] {
            let folder = out.appendingPathComponent(".stubbank-recording/\(leftover)/routes")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("stale: true\n".utf8).write(to: folder.appendingPathComponent("stale.yaml"))
        }
        _ = try await recording.add(exchange("second"))
        let routes = out.appendingPathComponent("routes")
        let listed = try manager.contentsOfDirectory(atPath: routes.path)
        #expect(!listed.contains("stale.yaml"), "\(listed)")
        let written = try String(contentsOf: routes.appendingPathComponent("status.yaml"), encoding: .utf8)
        #expect(written.contains("first") && written.contains("second"), "\(written)")
        #expect(!manager.fileExists(atPath: out.appendingPathComponent(".stubbank-recording").path))
    }
}
