import AsyncHTTPClient
import BankingContracts
import ContractKit
import Foundation
import Logging
import ServiceLifecycle
import StubRecord
import StubServer
import Testing

/// The issue's round trip: the built-in bank plays the real backend; the reference client's
/// read-only operations are recorded through the proxy, redacted; then the recording is served
/// alone, with the bank off, and every contract case of those operations that needs no bank
/// state passes against it, faults included (behaviours work on route files too).
@Suite struct RecordedContractTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let readOnly: Set<String> = ["atms.list", "accounts.list", "accounts.get", "balances.get", "transactions.list",
                                        "cards.list", "beneficiaries.list", "profile.get", "status.get"]

    private static var quiet: Logger {
        var logger = Logger(label: "recorded-contracts")
        logger.logLevel = .critical
        return logger
    }

    // A bound against a hang, not a measure of speed: with every suite running at once on CI's two
    // cores this takes three minutes and more (185 s on 2026-11-26 before runs kept their uses).
    @Test(.timeLimit(.minutes(10))) func statelessCasesPassAgainstARecordingOfTheBank() async throws {
        let client = ReferenceClient().contractClient()
        // No bank state: read-only operations, as alex (a recording does not know who signed in),
        // with no token expiry (a recording does not check tokens). Faults stay: they are the stub's.
        let cases = CaseLoader(directory: Self.root.appendingPathComponent("Contracts/cases"), client: client).load().cases
            .filter { Self.readOnly.contains($0.when) && ($0.persona ?? "alex") == "alex" }
            .filter { !($0.given ?? []).contains { $0.expireTokens == true } }
        // Recorded: the healthy cases alone, so every recorded answer is the bank's own.
        let healthy = cases.filter { ($0.given ?? []).isEmpty }
        #expect(healthy.count >= 20)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-contracts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let recording = try Recording(out: out, redactor: Redactor(rules: try Self.rules()), sequences: false)
        let bank = try await LiveStub.start(stubs: Self.root.appendingPathComponent("Stubs"), logger: Self.quiet)
        let proxy = RecordingProxy(upstream: bank.baseURL, client: http, recording: recording) { _ in }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = RecordServer.make(proxy: proxy, host: "127.0.0.1", port: 0, logger: Self.quiet) { continuation.yield($0) }
        let group = ServiceGroup(configuration: .init(services: [app], logger: Self.quiet))
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let proxyPort = try #require(await iterator.next())
        let screens = ScreenRecorder(casesDirectory: Self.root.appendingPathComponent("Contracts/cases"))
        let throughProxy = await ContractRunner(client: client, stubURL: URL(string: "http://127.0.0.1:\(proxyPort)")!, concurrency: 4,
                                                screens: screens)
            .run(healthy)
        await group.triggerGracefulShutdown()
        _ = try? await running.value
        await bank.stop()
        try await http.shutdown()
        #expect(throughProxy.filter { $0.outcome != .passed }.map(\.caseId).isEmpty, "recording through the proxy")
        #expect(try RedactionCheck(rules: RedactionRules()).check(folder: out).isEmpty, "no IBAN, token or e-mail left")
        // Served alone: the bank is off, only the recorded route files answer.
        let served = try await LiveStub.start(stubs: out, logger: Self.quiet)
        #expect(!served.backend.bankEnabled)
        let replayed = await ContractRunner(client: client, stubURL: served.baseURL, concurrency: 4, screens: screens).run(cases)
        await served.stop()
        let failures = replayed.filter { $0.outcome != .passed }.map { "\($0.caseId) [\($0.failingLayer?.rawValue ?? "-")] \($0.message ?? "")" }
        #expect(failures.isEmpty, "\(failures.count) of \(replayed.count) failed:\n\(failures.joined(separator: "\n"))")
    }

    /// The fixtures' names (accounts, ATMs, merchants, payees, the persona) are invented, and the
    /// cases expect to see them: the allow list a team keeps for its own fixtures. IBANs, tokens
    /// and the rest are still replaced.
    static func rules() throws -> RedactionRules {
        var rules = RedactionRules()
        let stubs = root.appendingPathComponent("Stubs")
        let files = FileManager.default.enumerator(at: stubs, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
        for file in files {
            collectNames(try JSONSerialization.jsonObject(with: Data(contentsOf: file)), into: &rules.allow)
        }
        return rules
    }

    private static func collectNames(_ value: Any, into names: inout Set<String>) {
        if let object = value as? [String: Any] {
            for (key, member) in object {
                if key.lowercased().hasSuffix("name"), let text = member as? String { names.insert(text) }
                collectNames(member, into: &names)
            }
        } else if let array = value as? [Any] {
            for item in array { collectNames(item, into: &names) }
        }
    }
}
