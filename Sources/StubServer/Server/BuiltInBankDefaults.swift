public import Foundation
public import Logging
package import BuiltInBank
import StubEngine
public import StubRuntime

// The server and the tools around it always have the built-in bank (a folder turns it off with
// `stubbank.yaml`'s `bank: false`); only the in-process stub, which a team's unit-test target
// builds, leaves it out unless a test asks for it.

extension StubBackend {
    /// The stub over `configuration.stubsDirectory`, with the built-in bank (see the designated
    /// initializer).
    public convenience init(configuration: StubServerConfiguration, logger: Logger,
                            clock: @escaping @Sendable () -> Date = Date.init) throws {
        try self.init(configuration: configuration, bank: .builtIn, logger: logger, clock: clock)
    }
}

extension FixtureLoader {
    /// A loader for the stubs directory at `root` that reads the built-in bank's files too.
    public init(root: URL) {
        self.init(root: root, bank: .builtIn)
    }
}

extension FixtureSet {
    /// The built-in bank's personas and ATMs; none when the folder turns the bank off.
    package var bank: BankFixtures { bankFixtures as? BankFixtures ?? BankFixtures() }
}
