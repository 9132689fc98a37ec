import ArgumentParser
import Foundation
@testable import StubServeCommand
import Testing

/// `stubbank serve` and `stubbank-server` share these options; a bad value is refused naming the
/// option, before anything listens.
@Suite struct ServeOptionsTests {
    /// The repository's own stubs folder, so `--stubs` passes its check wherever the test runs.
    private let stubs = String(#filePath.split(separator: "/Tests/", maxSplits: 1)[0]) + "/Stubs"

    private func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try ServeOptions.parse(["--stubs", stubs] + arguments)
            return nil
        } catch {
            return ServeOptions.message(for: error)
        }
    }

    @Test func theDefaultsParse() throws {
        _ = try ServeOptions.parse(["--stubs", stubs])
    }

    @Test(arguments: [
        (["--port", "70000"], "--port must be from 0 to 65535."),
        (["--journal-size", "100001"], "--journal-size must be from 0 to 100000."),
        (["--max-body", "10"], "--max-body must be from 1024 bytes to 32 MiB (33554432)."),
        (["--admin-token", "  "], "--admin-token must not be empty; leave it out to keep the admin API on loopback."),
        (["--log-level", "loud"], "--log-level must be one of trace, debug, info, notice, warning, error."),
    ])
    func aBadValueIsRefusedNamingTheOption(arguments: [String], message: String) {
        #expect(refusal(arguments) == message)
    }

    @Test func aMissingStubsFolderSaysHowToPassOne() {
        let message = (try? ServeOptions.parse(["--stubs", "/no/such/folder"])).map { _ in "" } ?? "refused"
        #expect(message == "refused")
        do {
            _ = try ServeOptions.parse(["--stubs", "/no/such/folder"])
        } catch {
            #expect(ServeOptions.message(for: error).contains("pass --stubs DIR"))
        }
    }

    @Test func theReadyFileSaysWhereTheStubListensAndIsWrittenWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ready-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("stub.json")
        try Data("left from an earlier run".utf8).write(to: file)
        try ServeOptions.writeReadyFile(file, host: "127.0.0.1", port: 53017)
        let ready = try JSONDecoder().decode(ServeOptions.ReadyFile.self, from: Data(contentsOf: file))
        #expect(ready == ServeOptions.ReadyFile(baseURL: "http://127.0.0.1:53017", port: 53017,
                                               adminURL: "http://127.0.0.1:53017/__stubbank", pid: ProcessInfo.processInfo.processIdentifier))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["stub.json"], "no partial file is left beside it")
        try ServeOptions.writeReadyFile(file, host: "::1", port: 8080)
        #expect(try JSONDecoder().decode(ServeOptions.ReadyFile.self, from: Data(contentsOf: file)).baseURL == "http://[::1]:8080")
        #expect(try ServeOptions.parse(["--stubs", stubs, "--ready-file", file.path]).readyFile == file.path)
    }
}
