public import Foundation
public import Testing
import StubRuntime

/// A stub for each test (`@Test(.stubBank(stubs: …))`), or for each test of a suite
/// (`@Suite(.stubBank(stubs: …))`), started before the test and stopped after it, whether it
/// passes or throws. The test reads it as `TestStub.current`:
///
///     @Test(.stubBank(stubs: stubsFolder))
///     func atmsAreListed() async throws {
///         let stub = try #require(TestStub.current)
///         #expect(try await stub.client.execute(.get, "/v1/atms").status == .ok)
///     }
public struct StubBankTrait: TestTrait, SuiteTrait, TestScoping {
    let mode: StubMode
    let stubs: URL
    let seed: UInt64?

    /// Each test of a suite gets its own stub.
    public var isRecursive: Bool { true }

    /// Starts the stub, runs the test with it as `TestStub.current`, stops it.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let seed = seed
        try await withStub(mode, stubs: stubs, configure: { configuration in
            if let seed { configuration.seed = seed }
        }) { stub in
            try await TestStub.$current.withValue(stub) { try await function() }
        }
    }
}

extension Trait where Self == StubBankTrait {
    /// A stub serving `stubs` for each test this trait is on (or each test of the suite).
    ///
    /// - Parameters:
    ///   - stubs: the stubs folder;
    ///   - mode: `.inProcess` (the default) or `.live`;
    ///   - seed: the seed for random choices, when the test wants one of its own.
    public static func stubBank(stubs: URL, mode: StubMode = .inProcess, seed: UInt64? = nil) -> Self {
        StubBankTrait(mode: mode, stubs: stubs, seed: seed)
    }
}

extension TestStub {
    /// The stub the `.stubBank(…)` trait started for the running test; nil outside one.
    @TaskLocal public static var current: TestStub?
}
