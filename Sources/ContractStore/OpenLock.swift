import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One opener of a store file at a time, across threads and processes: a `flock` on a lock file
/// beside it. Opening a new SQLite file switches it to WAL and runs the migrations; two openers
/// doing that at once (a `swift test` whose suites both record, a command beside a suite) fail
/// with "database is locked" or "duplicate column name". The lock is held only while opening.
enum OpenLock {
    /// Runs `body` holding the lock at `path`, waiting at most `limit` for it.
    static func holding<T>(_ path: String, limit: Duration = .seconds(10), _ body: () throws -> T) throws -> T {
        let fd = open(path, O_CREAT | O_RDWR, 0o644)
        guard fd >= 0 else { throw StoreError.lockUnavailable(path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw StoreError.lockUnavailable(path, reason: String(cString: strerror(errno)))
            }
            guard clock.now < deadline else { throw StoreError.lockUnavailable(path, reason: "another opener held it for \(limit)") }
            usleep(5_000)
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
