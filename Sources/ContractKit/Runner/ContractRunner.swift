import Crypto
public import Foundation
import StubFormats

/// Runs cases through a registered client against one stub, concurrently, each in its own
/// session, and checks them.
public struct ContractRunner: Sendable {
    /// The client whose operations run the cases.
    public let client: ContractClient
    /// The stub's root URL (sessions are added per case).
    public let stubURL: URL
    /// How many cases run at once.
    public let concurrency: Int
    /// Where cases that state `screen: recorded` find their screen, or record it; nil fails them.
    public let screens: ScreenRecorder?
    let execution: CaseExecution

    /// A runner for `client` against the stub at `stubURL`; `adminToken` when the stub was started
    /// with one; `screens` for cases that state `screen: recorded`.
    public init(client: ContractClient, stubURL: URL, concurrency: Int = 8, adminToken: String? = nil, screens: ScreenRecorder? = nil) {
        self.screens = screens
        self.client = client
        self.stubURL = stubURL
        self.concurrency = max(1, concurrency)
        self.execution = CaseExecution(stubURL: stubURL, adminToken: adminToken)
    }

    /// SHA-256 of the case as loaded, without its source location (moving a case in its file
    /// does not change it).
    static func definitionHash(_ contractCase: ContractCase) -> String {
        var definition = contractCase
        definition.source = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(definition)) ?? Data(contractCase.id.utf8)
        return Hex.string(SHA256.hash(data: data))
    }

    /// Runs one case and checks it.
    public func run(_ contractCase: ContractCase) async -> CaseResult {
        let started = ContinuousClock.now
        var result = CaseResult(caseId: contractCase.id, operation: contractCase.when, outcome: .passed, failingLayer: nil,
                                message: nil, observation: nil, fingerprint: nil, durationMs: 0, requests: 0)
        result.definitionHash = Self.definitionHash(contractCase)
        guard let operation = client.operation(named: contractCase.when) else {
            result.outcome = .notCovered
            result.message = "not covered by this client (\(client.name))\(Spelling.hint(for: contractCase.when, in: client.operations))"
            return result
        }
        do {
            let observed = try await execution.observe(contractCase, operation: operation, session: Self.session(for: contractCase.id))
            let observation = observed.observation
            result.observation = observation
            result.uses = observed.uses
            result.fingerprint = Self.fingerprint(observation)
            result.requests = observation.data.exchanges.count
            if let screens, screens.recording, contractCase.expect[.screen] == "recorded" {
                guard let screen = observation.presentation.screen else { throw SetupFailure(description: ScreenCheck.missing) }
                try screens.record(screen, caseId: contractCase.id)
            }
            if let (layer, message) = CaseChecker.check(contractCase.expect, against: observation, caseId: contractCase.id, screens: screens) {
                result.outcome = .failed
                result.failingLayer = layer
                result.message = message
            }
        } catch {
            result.outcome = .error
            result.failingLayer = .setup
            result.message = error is SetupFailure || error is Deadline.Exceeded ? "\(error)" : "the operation threw: \(error)"
        }
        let elapsed = ContinuousClock.now - started
        result.durationMs = elapsed.inMilliseconds
        return result
    }

    /// Runs every case, at most `concurrency` at a time; results come back in case order, and
    /// `progress` hears each as it lands (recording it through `RecordedRun`, say).
    public func run(_ cases: [ContractCase], progress: @escaping @Sendable (CaseResult) async -> Void = { _ in }) async -> [CaseResult] {
        var results = [CaseResult?](repeating: nil, count: cases.count)
        await withTaskGroup(of: (Int, CaseResult).self) { group in
            var next = 0
            func launch() {
                guard next < cases.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await run(cases[index])) }
            }
            for _ in 0..<concurrency { launch() }
            for await (index, result) in group {
                results[index] = result
                launch()
                await progress(result)
            }
        }
        return results.compactMap { $0 }
    }

    /// A fresh stub session per case run: `case-<id>-<random>`, within the stub's 64 characters.
    static func session(for caseId: String) -> String {
        let safe = caseId.unicodeScalars.map { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == ".") ? Character($0) : "-" }
        return "case-" + String(safe.prefix(40)) + "-" + String(UUID().uuidString.prefix(8))
    }

    /// SHA-256 of the observation, with the transport's URLError names as their category
    /// (`RunLog.category(of:)`), so the same behaviour on a Mac and on Linux has one fingerprint.
    static func fingerprint(_ observation: Observation) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var portable = observation
        portable.data.urlErrors = observation.data.urlErrors.map(RunLog.category(of:))
        let data = (try? encoder.encode(portable)) ?? Data()
        return Hex.string(SHA256.hash(data: data))
    }
}
