public import Foundation

/// A stub running at an address, which whoever started it stops: what a suite holds of the
/// `LiveStub` it started (ContractTesting does not build the server, so it knows only this).
public protocol RunningStub: Sendable {
    /// Where the stub answers, e.g. `http://127.0.0.1:49152`.
    var baseURL: URL { get }
    /// Stops the stub and frees its port.
    func stop() async
}

extension ContractTestSuite {
    /// Where the stub comes from: one that is already running, or one the suite starts.
    ///
    /// `.remote(_:)` needs nothing more. `.loopback(stubs:)`, a stub hosted in the test process,
    /// comes with `import ContractTestingHost`, which brings the server (NIO, Hummingbird): a test
    /// target that only talks to a running stub does not build it.
    public struct Stub: Sendable {
        enum Source: Sendable {
            case remote(URL)
            case hosted(stubs: String, start: @Sendable (URL) async throws -> any RunningStub)
        }

        let source: Source

        /// A stub that is already running at `url`.
        public static func remote(_ url: URL) -> Stub {
            Stub(source: .remote(url))
        }

        /// A stub the suite starts on the first case, serving the folder `stubs` (relative to the
        /// package root unless absolute); `start` is given the resolved folder.
        public static func hosted(stubs: String, start: @escaping @Sendable (URL) async throws -> any RunningStub) -> Stub {
            Stub(source: .hosted(stubs: stubs, start: start))
        }
    }
}

/// The earlier name of `RunningStub`.
@available(*, deprecated, renamed: "RunningStub")
public typealias HostedStub = RunningStub
