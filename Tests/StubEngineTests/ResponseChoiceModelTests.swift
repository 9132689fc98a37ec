import Foundation
import HTTPTypes
import Testing
@testable import StubEngine

/// How a route file picks among its responses (Docs/RouteFiles.md, "Choosing a response"),
/// checked against the rules read plainly, on routes drawn at random: any mix of `when`,
/// `times` and `mode`, requests in two sessions, and resets.
///
/// - the first response whose `when` holds and whose `times` are not used up;
/// - else, among the responses without `when`, by `mode`: `first` takes the first not used up
///   (the last when all are); `sequence` steps one a request, per session, then stays on the
///   last (`then: last`) or starts again (`then: loop`); `random` draws among those not used up
///   (the last when none is left);
/// - counts and positions are per session and go with its reset.
@Suite struct ResponseChoiceModelTests {
    private struct Response {
        var status: Int
        var when: String?
        var times: Int?
    }

    private enum Mode: CaseIterable {
        case first, sequence, loop, random

        var yaml: String {
            switch self {
            case .first: "mode: first"
            case .sequence: "mode: sequence"
            case .loop: "mode: sequence\n    then: loop"
            case .random: "mode: random"
            }
        }
    }

    /// One session's memory of the route, as the rules keep it.
    private struct Memory {
        var position = 0
        var used: [Int: Int] = [:]
    }

    private static func randomRoute(_ generator: inout SeededGenerator) -> (Mode, [Response]) {
        let mode = Mode.allCases.randomElement(using: &generator)!
        // One route in four counts every response: the choice then has state even in mode
        // `first` with no draw, and the fast path for routes without state must not take it.
        let everyOneCounted = Int.random(in: 0..<4, using: &generator) == 0
        func times() -> Int? {
            everyOneCounted ? [1, 2].randomElement(using: &generator)! : [nil, nil, 1, 2].randomElement(using: &generator)!
        }
        var responses: [Response] = []
        for index in 0..<Int.random(in: 1...5, using: &generator) {
            let when = [nil, nil, "a", "b"].randomElement(using: &generator)!
            responses.append(Response(status: 200 + index, when: when, times: times()))
        }
        if !responses.contains(where: { $0.when == nil }) { responses.append(Response(status: 200 + responses.count, times: times())) }
        return (mode, responses)
    }

    private static func yaml(_ mode: Mode, _ responses: [Response]) -> String {
        var text = "routes:\n  - id: r\n    request: { path: /r }\n    \(mode.yaml)\n    responses:\n"
        for response in responses {
            var fields = ["status: \(response.status)"]
            if let when = response.when { fields.append("when: { query: { v: \(when) } }") }
            if let times = response.times { fields.append("times: \(times)") }
            text += "      - { \(fields.joined(separator: ", ")) }\n"
        }
        return text
    }

    @Test(arguments: 0..<60 as Range<UInt64>)
    func theChosenResponseIsTheOneTheRulesName(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let (mode, responses) = Self.randomRoute(&generator)
        let text = Self.yaml(mode, responses)
        let (routes, problems) = RouteFolder.load(text)
        try #require(problems.isEmpty, "\(problems)\n\(text)")
        let state = FileRouteState(seed: seed)
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: state, clock: Date.init)])
        var memories: [String: Memory] = [:]
        for step in 0..<40 {
            let session = Bool.random(using: &generator) ? "s1" : "s2"
            if Int.random(in: 0..<12, using: &generator) == 0 {
                state.reset(session: session)
                memories[session] = nil
                continue
            }
            let value = ["a", "b", "c"].randomElement(using: &generator)!
            let served = Int(probe.answer("/r?v=\(value)", headers: ["X-Stub-Session": session]).status.code)
            let context = Comment(rawValue: "step \(step), v=\(value) in \(session)\n\(text)")
            var memory = memories[session] ?? Memory()
            func eligible(_ index: Int) -> Bool { responses[index].times.map { memory.used[index, default: 0] < $0 } ?? true }
            let plain = responses.indices.filter { responses[$0].when == nil }
            var expected: Int
            if let conditioned = responses.indices.first(where: { responses[$0].when == value && eligible($0) }) {
                expected = conditioned
            } else {
                switch mode {
                case .first:
                    expected = plain.first(where: eligible) ?? plain.last!
                case .sequence, .loop:
                    expected = plain[mode == .loop ? memory.position % plain.count : min(memory.position, plain.count - 1)]
                    memory.position += 1
                case .random:
                    let pool = plain.filter(eligible)
                    let drawn = responses.indices.first { responses[$0].status == served } ?? -1
                    #expect(pool.isEmpty ? drawn == plain.last! : pool.contains(drawn), "random draws among those left; \(context)")
                    expected = drawn
                }
            }
            #expect(served == responses[expected].status, context)
            memory.used[expected, default: 0] += 1
            memories[session] = memory
        }
    }
}
