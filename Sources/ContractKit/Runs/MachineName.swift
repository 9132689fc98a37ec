#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// This machine's name, as runs record it, without a network lookup: `ProcessInfo.hostName`
/// does a blocking reverse DNS lookup on Apple systems, which stalls macOS CI for seconds.
package enum MachineName {
    /// `gethostname`, or `localhost` when it fails.
    package static let current: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }()
}
