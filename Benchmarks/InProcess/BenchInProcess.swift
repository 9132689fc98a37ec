import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import BuiltInBank
import HTTPTypes
import StubEngine
import StubRuntime
import StubInProcess

/// `bench-inprocess`: URLSession requests answered in process, through `InProcessStub` (the
/// engine, its plan, the journal) and through a bare `URLProtocol` that answers the same bytes
/// from memory (the ceiling of the approach), side by side in interleaved rounds.
///
///     bench-inprocess [--stubs DIR] [--path /v1/atms] [--seconds 3] [--rounds 3] [--json FILE] [--engine N]
///                     [--alone stub|bare|stub-ephemeral|bare-ephemeral SECONDS [--tasks N]]
///
/// `--alone stub|bare|stub-ephemeral|bare-ephemeral SECONDS` sends through one protocol alone, one task (or N with
/// `--tasks N`), in the own-session pair (the stub's `urlSession`, a bare session without a URL cache) or
/// in an `.ephemeral` session, which has one: a loop for a profiler.
///
/// Each round measures both protocols at 1 and 8 tasks, in alternating order, in two session
/// configurations: `.ephemeral` with the stub put in by `install(into:)` (a team's own session,
/// whose URL cache URLSession consults for every request), and the stub's own `urlSession`
/// ("own session": it stores nothing; on Linux its cache is one that finds nothing at once), against a
/// bare session without a URL cache, the bare protocol's fastest. Prints a Markdown table of the
/// median requests per second, the median of the per-round ratios, and the median CPU time of
/// the process per request (user and system), which varies far less than the rate.
@main
enum BenchInProcess {
    static func main() async throws {
        let arguments: Options
        do {
            arguments = try Options(CommandLine.arguments.dropFirst())
        } catch {
            FileHandle.standardError.write(Data("bench-inprocess: \(error)\n".utf8))
            exit(2)
        }
        let stub = try InProcessStub(stubs: URL(fileURLWithPath: arguments.stubs), bank: .builtIn)
        if let calls = arguments.engineCalls {
            engineAlone(stub, path: arguments.path, calls: calls)
            // The behaviour row's case: one behaviour installed on another route, for every session.
            var behaviour = URLRequest(url: URL(string: stub.baseURL.absoluteString + "/__stubbank/behaviours")!)
            behaviour.httpMethod = "POST"
            behaviour.setValue("application/json", forHTTPHeaderField: "Content-Type")
            behaviour.httpBody = Data(#"{"route":"GET /v1/accounts","status":503}"#.utf8)
            let (_, installed) = try await stub.urlSession.data(for: behaviour)
            guard (installed as? HTTPURLResponse)?.statusCode == 201 else { throw BenchError("the behaviour was not installed") }
            print("with a behaviour on GET /v1/accounts:")
            engineAlone(stub, path: arguments.path, calls: calls)
            return
        }
        // What the ceiling answers: the stub's own answer, byte for byte.
        var first = URLRequest(url: URL(string: stub.baseURL.absoluteString + arguments.path)!)
        first.timeoutInterval = 10
        let (body, response) = try await stub.urlSession.data(for: first)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw BenchError("GET \(arguments.path) through the stub did not answer 200")
        }
        CeilingProtocol.answer = Answer(body: body, headers: http.allHeaderFields as? [String: String] ?? [:])
        let stubPath = stub.baseURL.absoluteString + arguments.path
        if let (which, seconds) = arguments.alone {
            // One protocol alone, one task (or `--tasks N`): the loop to run under a profiler.
            // `stub` (the stub's `urlSession`) and `bare` without a URL cache; `stub-ephemeral` and `bare-ephemeral` in a team's
            // own `.ephemeral` session, which keeps one.
            let cached = which.hasSuffix("-ephemeral")
            let configuration = URLSessionConfiguration.ephemeral
            if !cached { configuration.urlCache = nil }
            let session: URLSession, url: URL
            if which.hasPrefix("bare") {
                configuration.protocolClasses = [CeilingProtocol.self]
                (session, url) = (URLSession(configuration: configuration), URL(string: "http://ceiling.invalid" + arguments.path)!)
            } else {
                stub.install(into: configuration)
                (session, url) = (cached ? URLSession(configuration: configuration) : stub.urlSession, URL(string: stubPath)!)
            }
            let measured = try await rate(session, url, concurrency: arguments.tasks, seconds: seconds)
            print("\(which) alone, \(cached ? "ephemeral session" : "own session"), \(arguments.tasks) task(s): \(Int(measured.perSecond)) req/s, "
                  + "\(String(format: "%.1f", measured.cpuMicroseconds)) µs CPU a request")
            return
        }
        let stubURL = URL(string: stubPath)!, ceilingURL = URL(string: "http://ceiling.invalid" + arguments.path)!
        // Two session configurations, each measured with both protocols: a team's own session
        // (`.ephemeral`, with its URL cache, the stub's protocol put in with `install(into:)`), and
        // the stub's own `urlSession`, against a bare session without a URL cache.
        let ephemeral = URLSessionConfiguration.ephemeral
        stub.install(into: ephemeral)
        let ceilingEphemeral = URLSessionConfiguration.ephemeral
        ceilingEphemeral.protocolClasses = [CeilingProtocol.self]
        let ceilingNoCache = URLSessionConfiguration.ephemeral
        ceilingNoCache.urlCache = nil
        ceilingNoCache.protocolClasses = [CeilingProtocol.self]
        let pairs = [
            Pair(configuration: "ephemeral session", bare: URLSession(configuration: ceilingEphemeral), stub: URLSession(configuration: ephemeral)),
            Pair(configuration: "own session", bare: URLSession(configuration: ceilingNoCache), stub: stub.urlSession),
        ]

        var samples: [String: [Double]] = [:]
        var ratios: [String: [Double]] = [:]
        var cpu: [String: [Double]] = [:]
        for round in 1...arguments.rounds {
            for concurrency in [1, 8] {
                for pair in pairs {
                    // The order alternates between rounds, so neither row always runs on a warmer machine.
                    let rows = [(pair.bareName, pair.bare, ceilingURL), (pair.stubName, pair.stub, stubURL)]
                    var perSecond: [String: Double] = [:]
                    for (name, session, url) in round % 2 == 1 ? rows : rows.reversed() {
                        _ = try await rate(session, url, concurrency: concurrency, seconds: 0.5)      // warm up
                        let measured = try await rate(session, url, concurrency: concurrency, seconds: arguments.seconds)
                        perSecond[name] = measured.perSecond
                        samples["\(name) c=\(concurrency)", default: []].append(measured.perSecond)
                        cpu["\(name) c=\(concurrency)", default: []].append(measured.cpuMicroseconds)
                        FileHandle.standardError.write(Data(("   round \(round) \(name) c=\(concurrency): \(Int(measured.perSecond)) req/s, "
                            + "\(String(format: "%.1f", measured.cpuMicroseconds)) µs CPU a request\n").utf8))
                    }
                    ratios["\(pair.configuration) c=\(concurrency)", default: []].append(perSecond[pair.stubName]! / perSecond[pair.bareName]!)
                }
            }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let medians = samples.mapValues(median)
        let cpuMedians = cpu.mapValues(median)
        let ratioMedians = ratios.mapValues(median)
        var lines = ["| transport (URLSession, in process) | req/s, 1 task | req/s, 8 tasks | × bare, 1 task | × bare, 8 tasks "
                     + "| CPU µs a request, 1 task | CPU µs a request, 8 tasks |",
                     "|---|---:|---:|---:|---:|---:|---:|"]
        func cell(_ value: Double?) -> String { String(format: "%.2f", value ?? 0) }
        for pair in pairs {
            for name in [pair.bareName, pair.stubName] {
                let isBare = name == pair.bareName
                let one = isBare ? 1 : ratioMedians["\(pair.configuration) c=1"], eight = isBare ? 1 : ratioMedians["\(pair.configuration) c=8"]
                lines.append("| \(name) | \(Int(medians["\(name) c=1"] ?? 0)) | \(Int(medians["\(name) c=8"] ?? 0)) "
                             + "| \(cell(one)) | \(cell(eight)) "
                             + "| \(String(format: "%.1f", cpuMedians["\(name) c=1"] ?? 0)) | \(String(format: "%.1f", cpuMedians["\(name) c=8"] ?? 0)) |")
            }
        }
        let table = lines.joined(separator: "\n")
        print(table)
        if let json = arguments.json {
            let result: [String: Any] = ["path": arguments.path, "seconds": arguments.seconds, "rounds": arguments.rounds,
                                         "samples": samples, "median": medians, "ratios": ratios, "ratioMedian": ratioMedians,
                                         "cpuMicroseconds": cpu, "markdown": table]
            try JSONSerialization.data(withJSONObject: result, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: json))
        }
    }

    /// Completed requests per second with `concurrency` tasks each sending one after another, and
    /// the process's CPU time (user and system) per request meanwhile, which varies far less.
    static func rate(_ session: URLSession, _ url: URL, concurrency: Int,
                     seconds: Double) async throws -> (perSecond: Double, cpuMicroseconds: Double) {
        let start = ContinuousClock.now
        let cpuBefore = processCPUMicroseconds()
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
        let cpu = processCPUMicroseconds() - cpuBefore
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (Double(counts) / wall, cpu / Double(max(counts, 1)))
    }

    /// `--engine N`: the engine alone (`Engine.answer` and its journal) on `GET path` with the
    /// fields URLSession sends, N times on one thread; prints ns per call, the best of five
    /// runs. No URLSession: a profile of this loop is the engine's.
    static func engineAlone(_ stub: InProcessStub, path: String, calls: Int) {
        var fields = HTTPFields()
        fields[.accept] = "*/*"
        fields[.userAgent] = "bench-inprocess (unknown version) CFNetwork/1.0"
        fields[.acceptEncoding] = "gzip, deflate"
        let request = EngineRequest(method: "GET", target: path, headers: fields, body: [], authority: stub.baseURL.host)
        var best = Double.infinity
        for _ in 1...5 {
            let start = ContinuousClock.now
            for _ in 0..<calls {
                let plan = stub.backend.engine.answer(request)
                precondition(plan.status.code == 200)
            }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            best = min(best, seconds * 1e9 / Double(calls))
        }
        print("engine alone, \(path): \(Int(best)) ns a request (best of 5 runs of \(calls))")
    }

    static func processCPUMicroseconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func micro(_ time: timeval) -> Double { Double(time.tv_sec) * 1e6 + Double(time.tv_usec) }
        return micro(usage.ru_utime) + micro(usage.ru_stime)
    }
}

/// One session configuration, with the bare protocol and with the stub's.
struct Pair {
    let configuration: String
    let bare: URLSession
    let stub: URLSession
    var bareName: String { "bare URLProtocol, \(configuration)" }
    var stubName: String { "StubInProcess, \(configuration)" }
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
    var engineCalls: Int?
    var alone: (String, Double)?
    var tasks = 1

    static let aloneKinds = ["stub", "bare", "stub-ephemeral", "bare-ephemeral"]

    /// Reads the command line; an unknown option, or a value that is not a number in range, is
    /// refused naming it (a silent default would measure something else than was asked).
    init(_ arguments: ArraySlice<String>) throws(OptionError) {
        func number<T: LosslessStringConvertible & Comparable>(_ option: String, _ value: String?, atLeast least: T) throws(OptionError) -> T {
            guard let value, let number = T(value), number >= least else {
                throw OptionError("\(option) takes a number of at least \(least), not \(value.map { "\"\($0)\"" } ?? "nothing")")
            }
            return number
        }
        var iterator = arguments.makeIterator()
        while let option = iterator.next() {
            let value = iterator.next()
            switch option {
            case "--stubs": stubs = value ?? stubs
            case "--path": path = value ?? path
            case "--seconds": seconds = try number(option, value, atLeast: 0.1)
            case "--rounds": rounds = try number(option, value, atLeast: 1)
            case "--json": json = value
            case "--engine": engineCalls = try number(option, value, atLeast: 1)
            case "--tasks": tasks = try number(option, value, atLeast: 1)
            case "--alone":
                guard let kind = value, Self.aloneKinds.contains(kind) else {
                    throw OptionError("--alone takes \(Self.aloneKinds.joined(separator: ", ")) and SECONDS, not \(value ?? "nothing")")
                }
                alone = (kind, try number("--alone \(kind)", iterator.next(), atLeast: 0.1))
            default: throw OptionError("unknown option \(option)")
            }
        }
    }
}

/// A command line `Options` refuses, with the reason.
struct OptionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
