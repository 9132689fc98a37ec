public import ArgumentParser
import Foundation
import Hummingbird
import Logging
import StubServer
import StubEngine

/// The options and the work of `stubbank serve` and `stubbank-server` (the same command, alone in
/// a binary that links only the server): runs the stub until SIGINT or SIGTERM.
public struct ServeOptions: ParsableArguments {
    /// What the command does, for `--help`.
    public static let abstract = "Serve the stub bank API and the admin API."

    /// How to use it, for `--help`.
    public static let discussion = """
            Sign in as alex, empty, overdrawn, busy or locked, password pass_good:
              curl -s localhost:8080/v1/auth/token \\
                -H 'Content-Type: application/json' \\
                -d '{"grant_type":"password","username":"alex","password":"pass_good"}'

            Inject faults three ways:
              one request  -H 'X-Stub-Status: 503'   -H 'X-Stub-Delay: 250'
                           -H 'X-Stub-Fault: reset'  (or hang, truncated, ...)
              admin API    POST /__stubbank/behaviours
                           {"route":"GET /v1/accounts","status":503,"times":2}
              scenario     --scenario offline | maintenance | flaky | slow-3g

            Isolate parallel tests with -H 'X-Stub-Session: NAME', or with the
            base URL http://127.0.0.1:8080/_s/NAME/: state and behaviours stay
            per session.

            Serve your own API: route files under DIR/routes, then
              stubbank serve --stubs DIR
            (Docs/RouteFiles.md; DIR/stubbank.yaml `bank: false` turns the
            built-in bank off, as does a folder without personas/).
            """

    /// Options from the command line.
    public init() {}

    /// Where each option's default comes from: the stub's own (`StubServerConfiguration`,
    /// `ConnectionLimits`, `SessionLimits`), so the command and a stub built in Swift start alike.
    private static let defaults = StubServerConfiguration(stubsDirectory: URL(fileURLWithPath: "Stubs"))

    @OptionGroup var stubsOptions: StubsOptions

    @Option(help: "Interface to bind. Keep 127.0.0.1 unless other devices must reach the stub.")
    var host: String = Self.defaults.host

    @Option(help: "TCP port; 0 picks a free one.")
    var port: Int = Self.defaults.port

    @Option(name: .customLong("ready-file"), help: ArgumentHelp(
        "Once listening, write {baseURL, port, adminURL, pid} as JSON to this file (written whole, then renamed into place; "
            + "removed on stop), so a script or a UI-test job learns the port --port 0 picked.",
        valueName: "path"))
    var readyFile: String?

    @Option(help: ArgumentHelp("Scenario from Stubs/scenarios to start with.", valueName: "name"))
    var scenario: String?

    @Option(help: "Seed for probabilities and latency draws; the same seed replays the same faults.")
    var seed: UInt64 = Self.defaults.seed

    @Option(name: .customLong("admin-token"), help: "Let non-loopback clients use /__stubbank when they send this in X-Stub-Admin-Token.")
    var adminToken: String?

    @Option(name: .customLong("signing-key"), help: "HMAC-SHA256 key for the X-Signature response header.")
    var signingKey: String = Self.defaults.signingKey

    @Option(name: .customLong("token-ttl"), help: "Access-token lifetime in seconds.")
    var tokenTTL: Int = Self.defaults.tokenTTLSeconds

    @Option(name: .customLong("max-body"), help: "Largest accepted request body in bytes; larger gets 413.")
    var maxBody: Int = Self.defaults.maxBodyBytes

    @Option(name: .customLong("journal-size"), help: "Requests kept in the journal (the oldest go first; at most 100000); 0 turns it off.")
    var journalSize: Int = Self.defaults.journalCapacity

    @Option(name: .customLong("max-sessions"),
        help: "Sessions kept at once; a new one beyond this forgets the least recently used (its ledgers, tokens, behaviours and counters).")
    var maxSessions: Int = Self.defaults.sessionLimits.maxSessions

    @Option(name: .customLong("session-idle"), help: ArgumentHelp("Seconds an unused session lives before it is forgotten.", valueName: "seconds"))
    var sessionIdle: Double = Self.defaults.sessionLimits.idleSeconds

    @Option(name: .customLong("max-behaviours"), help: "Admin behaviours installed at once; the next gets 409 behaviour_limit.")
    var maxBehaviours: Int = Self.defaults.maxBehaviours

    @Option(name: .customLong("header-timeout"),
        help: ArgumentHelp("Seconds from a request's first byte to the end of its headers; slower gets 408 and the connection closes.",
        valueName: "seconds"))
    var headerTimeout: Double = Self.defaults.connectionLimits.headerSeconds

    @Option(name: .customLong("body-timeout"), help: ArgumentHelp("Seconds from the headers to the end of the body; slower gets 408.",
        valueName: "seconds"))
    var bodyTimeout: Double = Self.defaults.connectionLimits.bodySeconds

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Seconds a keep-alive connection may wait for its next request.",
        valueName: "seconds"))
    var idleTimeout: Double = Self.defaults.connectionLimits.idleSeconds

    @Flag(help: "Reload Stubs/ when a file changes (a broken edit keeps the last good set).")
    var watch: Bool = Self.defaults.watchStubs

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Answer a route-file request that needs no behaviour, latency or body on the event loop that read it "
            + "(the same answer and journal entry, faster).",
        discussion: "--no-event-loop-answers sends every request through the full path; it is there to compare the two."))
    var eventLoopAnswers: Bool = Self.defaults.answersReadyRequestsOnEventLoop

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning or error.")
    var logLevel: String = "info"

    /// Refuses out-of-range values, naming the option.
    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        if let adminToken, adminToken.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("--admin-token must not be empty; leave it out to keep the admin API on loopback.")
        }
        guard tokenTTL >= 1 else { throw ValidationError("--token-ttl must be at least 1 second.") }
        guard (1024...32 * 1024 * 1024).contains(maxBody) else { throw ValidationError("--max-body must be from 1024 bytes to 32 MiB (33554432).") }
        guard (0...100_000).contains(journalSize) else { throw ValidationError("--journal-size must be from 0 to 100000.") }
        guard (1...1_000_000).contains(maxSessions) else { throw ValidationError("--max-sessions must be from 1 to 1000000.") }
        guard sessionIdle >= 1 else { throw ValidationError("--session-idle must be at least 1 second.") }
        guard (1...1_000_000).contains(maxBehaviours) else { throw ValidationError("--max-behaviours must be from 1 to 1000000.") }
        for (option, reason) in limits.problems() { throw ValidationError("--\(option) \(reason).") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error.")
        }
    }

    /// The stub these options start: each option in its own setting.
    var configuration: StubServerConfiguration {
        var configuration = StubServerConfiguration(stubsDirectory: stubsOptions.stubsURL)
        configuration.host = host
        configuration.port = port
        configuration.scenario = scenario
        configuration.seed = seed
        configuration.adminToken = adminToken
        configuration.signingKey = signingKey
        configuration.tokenTTLSeconds = tokenTTL
        configuration.maxBodyBytes = maxBody
        configuration.journalCapacity = journalSize
        configuration.watchStubs = watch
        configuration.answersReadyRequestsOnEventLoop = eventLoopAnswers
        configuration.maxBehaviours = maxBehaviours
        configuration.sessionLimits.maxSessions = maxSessions
        configuration.sessionLimits.idleSeconds = sessionIdle
        configuration.connectionLimits = limits
        return configuration
    }

    /// Loads the stubs, listens, prints the banner, and serves until SIGINT or SIGTERM.
    public func serve() async throws {
        var logger = Logger(label: "stubbank")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let configuration = self.configuration
        let backend: StubBackend
        do {
            backend = try StubBackend(configuration: configuration, logger: logger)
        } catch {
            FileHandle.standardError.write(Data("stubbank: cannot start.\n\(error)\n".utf8))
            throw ExitCode.failure
        }
        let host = configuration.host
        let readyFile = readyFile.map { URL(fileURLWithPath: $0) }
        defer { if let readyFile { try? FileManager.default.removeItem(at: readyFile) } }
        try await StubApplication.run(backend: backend) { boundPort in
            Self.printBanner(backend: backend, host: host, port: boundPort)
            if let readyFile {
                do { try Self.writeReadyFile(readyFile, host: host, port: boundPort) } catch {
                    backend.logger.error("could not write --ready-file \(readyFile.path): \(error)")
                }
            }
        }
    }

    /// What `--ready-file` holds.
    struct ReadyFile: Codable, Equatable {
        var baseURL: String
        var port: Int
        var adminURL: String
        var pid: Int32
    }

    /// Writes the ready file beside its final name, then renames it into place, so a reader
    /// polling for it never sees half of it.
    static func writeReadyFile(_ url: URL, host: String, port: Int) throws {
        let base = ListeningAddress.baseURL(host: host, port: port)
        let ready = ReadyFile(baseURL: base, port: port, adminURL: base + "/__stubbank", pid: ProcessInfo.processInfo.processIdentifier)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)")
        try (encoder.encode(ready) + Data("\n".utf8)).write(to: partial)
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        try FileManager.default.moveItem(at: partial, to: url)
    }

    private var limits: ConnectionLimits {
        var limits = ConnectionLimits()
        limits.headerSeconds = headerTimeout
        limits.bodySeconds = bodyTimeout
        limits.idleSeconds = idleTimeout
        return limits
    }

    static func printBanner(backend: StubBackend, host: String, port: Int) {
        let base = ListeningAddress.baseURL(host: host, port: port)
        var lines = ["StubBank listening on \(base)"]
        if let scenario = backend.activeScenario { lines.append("Scenario: \(scenario)") }
        lines.append("Admin API: \(base)/__stubbank (\(ListeningAddress.adminAccess(hasToken: backend.configuration.adminToken != nil)))")
        lines.append("Console:   \(base)/__stubbank/ui" + (backend.configuration.adminToken == nil ? "" : "?token=<your --admin-token>"))
        if !backend.bankEnabled { lines.append("Built-in bank: off (stubbank.yaml, or no personas/ folder)") }
        if let checks = backend.requestChecks { lines.append("Requests checked against \(checks) before a route answers") }
        lines.append("Routes (route files first, then the bank):")
        for route in backend.routeDescriptions {
            let note = route.source == "built-in bank" ? route.summary + (route.auth ? "" : " (no token)") : route.source
            lines.append("  \(route.pattern.padding(toLength: 44, withPad: " ", startingAt: 0)) \(note)")
        }
        lines.append("Stop with Ctrl-C.")
        // Written straight to the descriptor so the banner shows at once even when piped.
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
