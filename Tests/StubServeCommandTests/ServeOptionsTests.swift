import ArgumentParser
import Foundation
@testable import StubServeCommand
import StubEngine
import StubRuntime
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
        (["--port=-1"], "--port must be from 0 to 65535."),
        (["--journal-size=-1"], "--journal-size must be from 0 to 100000."),
        (["--token-ttl", "0"], "--token-ttl must be at least 1 second."),
        (["--max-sessions", "0"], "--max-sessions must be from 1 to 1000000."),
        (["--session-idle", "0.5"], "--session-idle must be at least 1 second."),
        (["--max-behaviours", "0"], "--max-behaviours must be from 1 to 1000000."),
        (["--journal-size", "100001"], "--journal-size must be from 0 to 100000."),
        (["--max-body", "10"], "--max-body must be from 1024 bytes to 32 MiB (33554432)."),
        (["--admin-token", "  "], "--admin-token must not be empty; leave it out to keep the admin API on loopback."),
        (["--log-level", "loud"], "--log-level must be one of trace, debug, info, notice, warning, error."),
    ])
    func aBadValueIsRefusedNamingTheOption(arguments: [String], message: String) {
        #expect(refusal(arguments) == message)
    }

    /// The ends of each range are accepted: `--port 0` picks a free port and `--journal-size 0`
    /// turns the journal off, as their help says.
    @Test(arguments: [["--port", "0"], ["--port", "65535"], ["--journal-size", "0"], ["--journal-size", "100000"],
                      ["--max-body", "1024"], ["--max-body", "33554432"], ["--token-ttl", "1"], ["--max-sessions", "1"],
                      ["--session-idle", "1"], ["--max-behaviours", "1"], ["--admin-token", " s3cret "]])
    func theEndsOfEachRangeAreAccepted(_ arguments: [String]) {
        #expect(refusal(arguments) == nil)
    }

    /// Every option reaches the stub's configuration, each in its own setting.
    @Test func everyOptionReachesItsOwnSetting() throws {
        let configuration = try ServeOptions.parse([
            "--stubs", stubs, "--host", "::1", "--port", "0", "--scenario", "offline", "--seed", "42", "--admin-token", "s3cret",
            "--signing-key", "key", "--token-ttl", "60", "--max-body", "2048", "--journal-size", "0", "--max-sessions", "5",
            "--session-idle", "120", "--max-behaviours", "6", "--header-timeout", "3", "--body-timeout", "7", "--idle-timeout", "9",
            "--watch", "--no-event-loop-answers",
        ]).configuration
        #expect(configuration.stubsDirectory.path == stubs)
        #expect(configuration.host == "::1" && configuration.port == 0)
        #expect(configuration.scenario == "offline" && configuration.seed == 42)
        #expect(configuration.adminToken == "s3cret" && configuration.signingKey == "key")
        #expect(configuration.tokenTTLSeconds == 60 && configuration.maxBodyBytes == 2048 && configuration.journalCapacity == 0)
        #expect(configuration.sessionLimits.maxSessions == 5 && configuration.sessionLimits.idleSeconds == 120)
        #expect(configuration.maxBehaviours == 6)
        #expect(configuration.connectionLimits.headerSeconds == 3)
        #expect(configuration.connectionLimits.bodySeconds == 7)
        #expect(configuration.connectionLimits.idleSeconds == 9)
        #expect(configuration.watchStubs && !configuration.answersReadyRequestsOnEventLoop)
    }

    /// Left alone, the stub listens on loopback only, on 8080, with no admin token (so the admin
    /// API answers loopback clients only), and with the documented limits.
    @Test func theDefaultsKeepTheStubOnLoopback() throws {
        let configuration = try ServeOptions.parse(["--stubs", stubs]).configuration
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.adminToken == nil && configuration.scenario == nil)
        #expect(configuration.tokenTTLSeconds == 900 && configuration.maxBodyBytes == 64 * 1024 && configuration.journalCapacity == 1000)
        #expect(configuration.sessionLimits.maxSessions == 1000 && configuration.sessionLimits.idleSeconds == 3600)
        #expect(configuration.connectionLimits.headerSeconds == 10 && configuration.connectionLimits.bodySeconds == 30
                && configuration.connectionLimits.idleSeconds == 60)
        #expect(!configuration.watchStubs && configuration.answersReadyRequestsOnEventLoop)
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
