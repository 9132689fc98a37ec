import Foundation

/// A value behind a lock, shared between tasks. ContractKit uses Foundation's lock rather than
/// NIO's so that a team's test target that depends on it builds no NIO (and `Mutex` needs
/// macOS 15 and iOS 18, above the platforms the package declares).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
