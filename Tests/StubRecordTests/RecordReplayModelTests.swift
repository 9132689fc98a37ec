import Foundation
import HTTPTypes
import StubEngine
import StubFormats
import StubServer
@testable import StubRecord
import Testing

/// What `stubbank record` writes, served back: random recordings (paths with identifiers that
/// become parameters, queries, repeats of one request answered differently) are written by
/// `Recording` and loaded by the server's own loader, and every recorded request is sent again,
/// in the recorded order. The model, written from the documentation: a request (method, path and
/// query) keeps its different answers in first-seen order; requests whose paths differ only in
/// identifiers share one route, which tells them apart only when their answers differ. With
/// `--sequences` the n-th request of a route (or of a request, where they are told apart) gets
/// its n-th answer, then the last; without, the first.
@Suite struct RecordReplayModelTests {
    /// Paths: shapes whose `ID`s are identifiers the recorder turns into parameters.
    private static let shapes = ["/v1/accounts/ID", "/v1/accounts/ID/cards", "/v1/status", "/v1/accounts", "/v1/ID", "/ID/cards/ID",
                                 "/v1/accounts/cards"]
    private static let ids = ["acc_a1", "acc_b2", "42", "7", "7f1c0d9e-1a2b-4c3d-8e9f-001122334455"]
    private static let queries: [String?] = [nil, nil, "page=1", "page=2", "q=x%20y", "flag"]

    private struct Sent {
        var method: String
        var path: String
        var query: String?
        var status: Int
        var body: JSONValue
        var target: String { path + (query.map { "?" + $0 } ?? "") }
    }

    private func recording(seed: UInt64) -> [Sent] {
        var generator = SeededGenerator(seed: seed)
        // A few distinct requests, each sent one to three times.
        let requests: [(String, String, String?)] = (0..<Int.random(in: 2...6, using: &generator)).map { _ in
            let path = Self.shapes.randomElement(using: &generator)!.split(separator: "/", omittingEmptySubsequences: false)
                .map { $0 == "ID" ? Self.ids.randomElement(using: &generator)! : String($0) }.joined(separator: "/")
            return (["GET", "GET", "POST"].randomElement(using: &generator)!, path, Self.queries.randomElement(using: &generator)!)
        }
        var sent: [Sent] = []
        for _ in 0..<Int.random(in: 4...14, using: &generator) {
            let (method, path, query) = requests.randomElement(using: &generator)!
            // Few answers, so that repeats answer alike as often as not.
            sent.append(Sent(method: method, path: path, query: query, status: [200, 422].randomElement(using: &generator)!,
                             body: .object(["v": .number(Double(Int.random(in: 0...1, using: &generator)))])))
        }
        return sent
    }

    private func replay(_ sent: [Sent], sequences: Bool) async throws -> [(status: Int, body: JSONValue?)] {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("record-model-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let recording = try Recording(out: out, redactor: nil, sequences: sequences)
        for exchange in sent {
            _ = try await recording.add(RecordedExchange(
                method: exchange.method, path: exchange.path, query: exchange.query, requestHeaders: [], requestBody: [],
                status: exchange.status, responseHeaders: [("Content-Type", "application/json")],
                responseBody: Array(String(decoding: try JSONEncoder().encode(exchange.body), as: UTF8.self).utf8)))
        }
        let backend = try RecordTestSupport.backend(out)
        return sent.map { exchange in
            let plan = backend.engine.answer(EngineRequest(method: exchange.method, target: exchange.target, headers: [:]))
            return (Int(plan.status.code), try? JSONDecoder().decode(JSONValue.self, from: Data(plan.body)))
        }
    }

    private struct Answer: Equatable {
        var status: Int
        var body: JSONValue
    }

    /// What the model says each request is answered with.
    private func expected(_ sent: [Sent], sequences: Bool) -> [Answer] {
        func request(_ exchange: Sent) -> String { "\(exchange.method) \(exchange.target)" }
        func route(_ exchange: Sent) -> String { "\(exchange.method) \(PathTemplate.make(exchange.path).template)" }
        var answers: [String: [Answer]] = [:]
        for exchange in sent where !(answers[request(exchange)] ?? []).contains(Answer(status: exchange.status, body: exchange.body)) {
            answers[request(exchange), default: []].append(Answer(status: exchange.status, body: exchange.body))
        }
        var requestsOfRoute: [String: Set<String>] = [:]
        for exchange in sent { requestsOfRoute[route(exchange), default: []].insert(request(exchange)) }
        var served: [String: Int] = [:]
        return sent.map { exchange in
            let list = answers[request(exchange)]!
            guard sequences else { return list[0] }
            let alike = requestsOfRoute[route(exchange)]!.allSatisfy { answers[$0] == list }
            let counter = alike ? route(exchange) : request(exchange)
            defer { served[counter, default: 0] += 1 }
            return list[min(served[counter, default: 0], list.count - 1)]
        }
    }

    @Test(arguments: [true, false])
    func everyRecordedRequestIsAnsweredAsRecorded(sequences: Bool) async throws {
        for seed in 1...80 as ClosedRange<UInt64> {
            let sent = recording(seed: seed)
            let served = try await replay(sent, sequences: sequences)
            for (index, (exchange, (answer, model))) in zip(sent, zip(served, expected(sent, sequences: sequences))).enumerated() {
                #expect(answer.status == model.status && answer.body == model.body,
                        "seed \(seed), request \(index) \(exchange.method) \(exchange.target): expected \(model.status) \(model.body), served \(answer.status) \(answer.body.map { "\($0)" } ?? "?")")
            }
        }
    }
}
