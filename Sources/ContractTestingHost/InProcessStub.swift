public import ContractTesting
import Foundation
import Logging
import StubServer

extension StubHost: HostedStub {}

extension ContractTestSuite.Stub {
    /// A stub hosted in the test process on a free loopback port, serving the folder `stubs`
    /// (relative to the package root unless absolute). It starts on the first case and logs
    /// nothing below critical.
    public static func inProcess(stubs: String) -> Self {
        .hosted(stubs: stubs) { folder in
            var logger = Logger(label: "contract-tests")
            logger.logLevel = .critical
            return try await StubHost.start(stubs: folder, logger: logger)
        }
    }
}
