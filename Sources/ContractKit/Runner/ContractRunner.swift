import Crypto
import Foundation

/// Runs cases concurrently against one stub, each in its own session namespace.
public struct ContractRunner: Sendable {
    public let driver: OperationDriver
    /// How many cases run at once.
    public let concurrency: Int

    public init(driver: OperationDriver, concurrency: Int = 8) {
        self.driver = driver
        self.concurrency = max(1, concurrency)
    }

    /// Runs one case and checks it.
    public func run(_ contractCase: ContractCase) async -> CaseResult {
        let started = ContinuousClock.now
        let session = "case-" + String(contractCase.id.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" }.prefix(40))
            + "-" + String(UUID().uuidString.prefix(8))
        var result = CaseResult(caseId: contractCase.id, operation: contractCase.when, outcome: .passed, failingLayer: nil,
                                message: nil, observation: nil, fingerprint: nil, durationMs: 0, requests: 0)
        do {
            let observation = try await driver.observe(contractCase, session: session)
            result.observation = observation
            result.fingerprint = Self.fingerprint(observation)
            result.requests = observation.data.exchanges.count
            if let (layer, message) = CaseChecker.check(contractCase.expect, against: observation) {
                result.outcome = .failed
                result.failingLayer = layer
                result.message = message
            }
        } catch {
            result.outcome = .error
            result.failingLayer = .setup
            result.message = "\(error)"
        }
        let elapsed = ContinuousClock.now - started
        result.durationMs = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return result
    }

    /// Runs every case, at most `concurrency` at a time; results come back in case order.
    public func run(_ cases: [ContractCase], progress: @escaping @Sendable (CaseResult) -> Void = { _ in }) async -> [CaseResult] {
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
                progress(result)
                launch()
            }
        }
        return results.compactMap { $0 }
    }

    static func fingerprint(_ observation: Observation) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(observation)) ?? Data()
        return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
