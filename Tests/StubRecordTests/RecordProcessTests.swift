import Foundation
import Testing

#if os(macOS) || os(Linux)

/// `stubbank record` as a script runs it: its output into a pipe, stopped with SIGTERM.
@Suite struct RecordProcessTests {
    /// The first line (with the port `--port 0` took) arrives while the proxy runs, though
    /// standard output is a pipe; SIGTERM stops it gracefully: exit status 0, and the last line
    /// says what was recorded.
    @Test func recordNamesItsPortAtOnceAndStopsOnSIGTERM() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let binary = root.appendingPathComponent(".build/debug/stubbank")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the stubbank binary first (swift build)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("record-term-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["record", "--upstream", "http://127.0.0.1:9", "--out", out.path, "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Waits happen on a thread of their own, off Swift's concurrency pool the other tests share.
        let (first, reason, status, rest) = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    // A line held in a buffer until exit would block the read for ever: after
                    // 60 s the process is killed, which ends the read.
                    DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
                        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                    }
                    let reader = output.fileHandleForReading
                    var head = Data()
                    while !head.contains(UInt8(ascii: "\n")) {
                        let chunk = reader.availableData
                        if chunk.isEmpty { break }
                        head += chunk
                    }
                    let line = String(decoding: head.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
                    let running = process.isRunning
                    kill(process.processIdentifier, SIGTERM)
                    let stop = Date().addingTimeInterval(30)
                    while process.isRunning, Date() < stop { Thread.sleep(forTimeInterval: 0.05) }
                    guard !process.isRunning else { return (line, "still running 30 s after SIGTERM", Int32(-1), "") }
                    let rest = String(decoding: head + reader.readDataToEndOfFile(), as: UTF8.self)
                    let reason = process.terminationReason == .exit ? "exit" : "signal"
                    return (running ? line : "(exited before its first line) " + line, reason, process.terminationStatus, rest)
                })
            }.start()
        }
        #expect(first.hasPrefix("Recording http://127.0.0.1:9 through http://127.0.0.1:") && !first.hasSuffix(":0"), "\(first)")
        #expect(reason == "exit" && status == 0, "\(reason) \(status)")
        #expect(rest.contains("Recorded 0 exchanges into \(out.path)"), "\(rest)")
    }
}
#endif
