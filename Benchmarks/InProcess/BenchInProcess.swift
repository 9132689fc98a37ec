import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import BuiltInBank
import StubInProcess

/// `bench-inprocess`: URLSession requests answered in process, through `InProcessStub` (the
/// engine, its plan, the journal) and through a bare `URLProtocol` that answers the same bytes
/// from memory (the ceiling of the approach), side by side in interleaved rounds.
///
///     bench-inprocess [--stubs DIR] [--path /v1/atms] [--seconds 3] [--rounds 3] [--json FILE]
///
/// Prints a Markdown table of the median requests per second at 1 and 8 tasks, and the ratio.
@main
enum BenchInProcess {
    static func main() async throws {
        let arguments = Options(CommandLine.arguments.dropFirst())
        let stub = try InProcessStub(stubs: URL(fileURLWithPath: arguments.stubs), bank: .builtIn)
        // What the ceiling answers: the stub's own answer, byte for byte.
        var first = URLRequest(url: URL(string: stub.baseURL.absoluteString + arguments.path)!)
        first.timeoutInterval = 10
        let (body, response) = try await stub.urlSession.data(for: first)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw BenchError("GET \(arguments.path) through the stub did not answer 200")
        }
        CeilingProtocol.answer = Answer(body: body, headers: http.allHeaderFields as? [String: String] ?? [:])
        let ceilingConfiguration = URLSessionConfiguration.ephemeral
        ceilingConfiguration.protocolClasses = [CeilingProtocol.self]
        let ceiling = URLSession(configuration: ceilingConfiguration)
        let ceilingURL = URL(string: "http://ceiling.invalid" + arguments.path)!
        let stubURL = URL(string: stub.baseURL.absoluteString + arguments.path)!

        var samples: [String: [Double]] = [:]
        for round in 1...arguments.rounds {
            for concurrency in [1, 8] {
                for (name, session, url) in [("bare URLProtocol", ceiling, ceilingURL), ("StubInProcess", stub.urlSession, stubURL)] {
                    _ = try await rate(session, url, concurrency: concurrency, seconds: 0.5)      // warm up
                    let perSecond = try await rate(session, url, concurrency: concurrency, seconds: arguments.seconds)
                    samples["\(name) c=\(concurrency)", default: []].append(perSecond)
                    FileHandle.standardError.write(Data("   round \(round) \(name) c=\(concurrency): \(Int(perSecond)) req/s\n".utf8))
                }
            }
        }
        let median = samples.mapValues { values in values.sorted()[values.count / 2] }
        var lines = ["| transport (URLSession, in process) | req/s, 1 task | req/s, 8 tasks | × bare, 1 task | × bare, 8 tasks |",
                     "|---|---:|---:|---:|---:|"]
        for name in ["bare URLProtocol", "StubInProcess"] {
            let one = median["\(name) c=1"] ?? 0, eight = median["\(name) c=8"] ?? 0
            let ratioOne = one / (median["bare URLProtocol c=1"] ?? 1), ratioEight = eight / (median["bare URLProtocol c=8"] ?? 1)
            lines.append("| \(name) | \(Int(one)) | \(Int(eight)) | \(String(format: "%.2f", ratioOne)) | \(String(format: "%.2f", ratioEight)) |")
        }
        let table = lines.joined(separator: "\n")
        print(table)
        if let json = arguments.json {
            let result: [String: Any] = ["path": arguments.path, "seconds": arguments.seconds, "rounds": arguments.rounds,
                                         "samples": samples, "median": median, "markdown": table]
            try JSONSerialization.data(withJSONObject: result, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: json))
        }
    }

    /// Completed requests per second with `concurrency` tasks each sending one after another.
    static func rate(_ session: URLSession, _ url: URL, concurrency: Int, seconds: Double) async throws -> Double {
        let start = ContinuousClock.now
        let limit = Duration.milliseconds(Int64(seconds * 1000))
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var done = 0
                    var request = URLRequest(url: url)
                    request.timeoutInterval = 10
                    while ContinuousClock.now - start < limit {
                        let (_, response) = try await session.data(for: request)
                        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchError("a request did not answer 200") }
                        done += 1
                    }
                    return done
                }
            }
            return try await group.reduce(0, +)
        }
        let elapsed = ContinuousClock.now - start
        return Double(counts) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}

struct Answer: Sendable {
    var body: Data
    var headers: [String: String]
}

/// The ceiling: answers every request at once with the same bytes, from memory.
final class CeilingProtocol: URLProtocol {
    nonisolated(unsafe) static var answer = Answer(body: Data(), headers: [:])

    override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "ceiling.invalid" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let answer = Self.answer
        let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: answer.headers)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: answer.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct Options {
    var stubs = "Stubs"
    var path = "/v1/atms"
    var seconds = 3.0
    var rounds = 3
    var json: String?

    init(_ arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let option = iterator.next() {
            let value = iterator.next() ?? ""
            switch option {
            case "--stubs": stubs = value
            case "--path": path = value
            case "--seconds": seconds = Double(value) ?? seconds
            case "--rounds": rounds = Int(value) ?? rounds
            case "--json": json = value
            default: FileHandle.standardError.write(Data("bench-inprocess: unknown option \(option)\n".utf8))
            }
        }
    }
}
