public import ContractTesting
import Foundation
import Logging
import StubServer

extension LiveStub: RunningStub {}

extension ContractTestSuite.Stub {
    /// The stub server hosted in the test process on a free loopback port, serving the folder
    /// `stubs` (relative to the package root unless absolute): the client under test reaches it
    /// over a real socket, as an app reaches `stubbank serve`. It starts on the first case and
    /// logs nothing below critical. (`StubInProcess` is the other way in: a `URLProtocol`, no socket.)
    public static func loopback(stubs: String) -> Self {
        .hosted(stubs: stubs) { folder in
            var logger = Logger(label: "contract-tests")
            logger.logLevel = .critical
            return try await LiveStub.start(stubs: folder, logger: logger)
        }
    }
}

extension ContractTestSuite.Stub {
    /// The earlier name of `loopback(stubs:)`: "in process" now means `StubInProcess`'s
    /// `URLProtocol`, with no socket.
    @available(*, deprecated, renamed: "loopback(stubs:)")
    public static func inProcess(stubs: String) -> Self { loopback(stubs: stubs) }
}
