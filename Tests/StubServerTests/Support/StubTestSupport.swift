import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubServerTesting


/// The repository's own `Stubs/` directory.
let repositoryStubs = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Stubs")

/// Builds a backend over the repository stubs (or another directory) with a test clock.
func makeBackend(
    stubs: URL = repositoryStubs, clock: TestClock = TestClock(),
    _ configure: (inout StubServerConfiguration) -> Void = { _ in }
) throws -> StubBackend {
    var configuration = StubServerConfiguration(stubsDirectory: stubs)
    configuration.port = 0
    configure(&configuration)
    var logger = Logger(label: "stubbank-test")
    logger.logLevel = .critical
    return try StubBackend(configuration: configuration, logger: logger, clock: { clock.date })
}

/// Runs `body` against an in-process app (no sockets).
func withStub<T: Sendable>(
    _ backend: StubBackend, mode: TestingSetup = .router,
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> T
) async throws -> T {
    try await StubApplication.make(backend: backend).test(mode) { client in try await body(client) }
}

extension TestClientProtocol {
    /// Sends JSON (or nothing) and returns the response.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: String? = nil,
        headers extra: [String: String] = [:]
    ) async throws -> TestResponse {
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = "application/json" }
        for (name, value) in extra { headers[HTTPField.Name(name)!] = value }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    /// Signs in and returns the access token.
    func login(_ username: String = "alex", session: String? = nil) async throws -> String {
        let response = try await send(.post, "/v1/auth/token",
                                      json: #"{"grant_type":"password","username":"\#(username)","password":"pass_good"}"#,
                                      headers: session.map { ["X-Stub-Session": $0] } ?? [:])
        guard response.status == .ok, let token = response.json["access_token"] as? String else {
            throw TestFailure("login as \(username) failed: \(response.status) \(response.text)")
        }
        return token
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] else { return [:] }
        return object
    }

    /// `error` of the envelope.
    var errorBody: [String: Any] { json["error"] as? [String: Any] ?? [:] }

    var dataList: [[String: Any]] { json["data"] as? [[String: Any]] ?? [] }

    func header(_ name: String) -> String? { headers[HTTPField.Name(name)!] }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A scratch stubs directory, copied from the repository's, removed on deinit.
final class ScratchStubs: Sendable {
    let url: URL

    /// - Parameter bank: copy the repository's stubs (the built-in bank); false starts an empty folder.
    init(bank: Bool = true) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("stubbank-\(UUID().uuidString)")
        if bank {
            try FileManager.default.copyItem(at: repositoryStubs, to: url)
        } else {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
    }

    /// A folder of route files (and nothing else), keyed by path relative to the stubs folder.
    convenience init(routes files: [String: String]) throws {
        try self.init(bank: false)
        for (relative, text) in files { try write(relative, text) }
    }

    func write(_ relative: String, _ text: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
