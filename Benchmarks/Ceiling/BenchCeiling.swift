import ArgumentParser
import Foundation
import Hummingbird

/// `bench-ceiling`: the fastest our own stack can answer one GET, for `Benchmarks/bench.sh`.
///
/// A bare Hummingbird router with one route that returns a fixed body read once at start:
/// no fixtures, no behaviours, no signing, no journal. StubBank is measured against it, so
/// the difference is what StubBank itself costs.
@main
struct BenchCeiling: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-ceiling",
        abstract: "Serve one fixed JSON body on one path with a bare Hummingbird router (benchmark ceiling).",
        discussion: """
            Used by Benchmarks/bench.sh as the ceiling StubBank is compared with:
              bench-ceiling --body atms.json --path /v1/atms --port 8081
            """
    )

    @Option(help: "File whose bytes are the response body.")
    var body: String

    @Option(help: "Path to answer; every other path gets 404.")
    var path: String = "/v1/atms"

    @Option(help: "Interface to bind.")
    var host: String = "127.0.0.1"

    @Option(help: "TCP port; 0 picks a free one.")
    var port: Int = 8081

    func run() async throws {
        guard let bytes = FileManager.default.contents(atPath: body) else {
            throw ValidationError("cannot read --body \(body)")
        }
        let buffer = ByteBuffer(bytes: bytes)
        let router = Router()
        router.get(RouterPath(path)) { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: buffer))
        }
        let host = self.host
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "bench-ceiling"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                FileHandle.standardOutput.write(Data("bench-ceiling listening on http://\(host):\(port)\n".utf8))
            }
        )
        try await app.runService()
    }
}
