/// A condition that did not hold within its time.
public struct EventuallyTimeout: Error, CustomStringConvertible {
    /// What was awaited, as the test named it.
    public let what: String
    /// How long it was awaited.
    public let timeout: Duration

    /// `<what> did not happen within <timeout>`, as a test failure shows it.
    public var description: String { "\(what) did not happen within \(timeout)" }
}

/// Checks `condition` until it holds, every `interval`, for at most `timeout`; then throws
/// `EventuallyTimeout` naming `what`. For effects a test cannot await directly (a journal entry
/// written after the answer went out). The wait is always bounded.
///
///     try await eventually("the request is journalled") { stub.journalCount == 1 }
public func eventually(_ what: String, timeout: Duration = .seconds(5), interval: Duration = .milliseconds(10),
                       _ condition: () async throws -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
        if try await condition() { return }
        guard clock.now < deadline else { throw EventuallyTimeout(what: what, timeout: timeout) }
        try await clock.sleep(for: interval)
    }
}

/// Calls `probe` until it gives a value, every `interval`, for at most `timeout`, and returns
/// that value; then throws `EventuallyTimeout` naming `what`.
///
///     let entry = try await eventually("the journal has the request") { stub.journal.first }
@discardableResult
public func eventually<T>(_ what: String, timeout: Duration = .seconds(5), interval: Duration = .milliseconds(10),
                          _ probe: () async throws -> T?) async throws -> T {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
        if let value = try await probe() { return value }
        guard clock.now < deadline else { throw EventuallyTimeout(what: what, timeout: timeout) }
        try await clock.sleep(for: interval)
    }
}
