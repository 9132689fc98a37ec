import Foundation
import HTTPTypes
import Testing
@testable import StubEngine

/// `X-Stub-Status`, `X-Stub-Delay` and `X-Stub-Fault` on one request, against their documented
/// rules over every kind of value: a status from 200 to 599; a delay of whole or decimal
/// milliseconds up to 600000, or a range low-high with low ≤ high; a fault by its name in any
/// case. Anything else is refused with a 400 naming the header.
@Suite struct HeaderBehaviourModelTests {
    static let statuses = ["200", "503", "599", "199", "600", "0", "abc", "", "5O3", "404 ", "1e2", "-200", "+200"]
    static let delays = ["0", "250", "1.5", "600000", "600001", "-5", "100-400", "400-100", "250-250", "0-600000", "0-600001",
                         "100 - 400", "abc", "", "100-", "-", "1-2-3", "nan", "inf"]

    /// A field's value as HTTP carries it: without the blanks around it.
    static func status(_ text: String) -> Int? {
        guard let code = Int(text.trimmingCharacters(in: .whitespaces)), (200...599).contains(code) else { return nil }
        return code
    }

    /// The delay's bounds when the text is valid.
    static func delay(_ text: String) -> ClosedRange<Double>? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.allSatisfy({ $0.map { $0 >= 0 && $0 <= 600_000 } ?? false }), let low = parts.first!, let high = parts.last!,
              low <= high else { return nil }
        return low...high
    }

    @Test(arguments: 0..<4) func everyValueIsReadOrRefusedAsDocumented(seed: UInt64) {
        var generator = SeededGenerator(seed: 10_500 + seed)
        let faults = Fault.allCases.map(\.rawValue) + ["explode", "", "reset after"]
        for _ in 0..<300 {
            var headers = HTTPFields()
            let status = Bool.random(using: &generator) ? Self.statuses.randomElement(using: &generator) : nil
            let delay = Bool.random(using: &generator) ? Self.delays.randomElement(using: &generator) : nil
            var fault = Bool.random(using: &generator) ? faults.randomElement(using: &generator) : nil
            if let name = fault, Bool.random(using: &generator) { fault = Bool.random(using: &generator) ? name.uppercased() : name.capitalized }
            if let status { headers[HeaderBehaviour.status] = status }
            if let delay { headers[HeaderBehaviour.delay] = delay }
            if let fault { headers[HeaderBehaviour.fault] = fault }
            let described = "status \(status ?? "-"), delay \(delay ?? "-"), fault \(fault ?? "-")"
            #expect(HeaderBehaviour.isRequested(in: headers) == (status != nil || delay != nil || fault != nil))

            let valid = (status.map { Self.status($0) != nil } ?? true) && (delay.map { Self.delay($0) != nil } ?? true)
                && (fault.map { Fault(rawValue: $0.lowercased()) != nil } ?? true)
            do {
                var draws = SeededGenerator(seed: seed)
                let decision = try HeaderBehaviour.decision(from: headers, generator: &draws)
                #expect(valid, "accepted: \(described)")
                guard let decision else {
                    #expect(status == nil && delay == nil && fault == nil, "\(described)")
                    continue
                }
                #expect(decision.status == status.flatMap(Self.status), "\(described)")
                #expect(decision.fault == fault.flatMap { Fault(rawValue: $0.lowercased()) }, "\(described)")
                if let range = delay.flatMap(Self.delay) {
                    #expect(range.contains(decision.delayMs), "\(described): \(decision.delayMs)")
                } else {
                    #expect(decision.delayMs == 0, "\(described)")
                }
            } catch {
                #expect(!valid, "refused: \(described): \(error.message)")
                let named = [status.map { _ in "X-Stub-Status" }, delay.map { _ in "X-Stub-Delay" }, fault.map { _ in "X-Stub-Fault" }]
                #expect(error.status == .badRequest && named.contains { $0 != nil && error.details.first?.path == $0 }, "\(described)")
            }
        }
    }
}
