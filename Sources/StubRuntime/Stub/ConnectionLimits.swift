import StubEngine

/// How long a connection may take over each part of a request, and how much of an unwanted body
/// the stub reads and throws away so that the client still sees its answer.
///
/// The defaults suit a phone or a test on the same machine. A slow-loris client, one that sends
/// a header byte every few seconds, meets `headerSeconds` and gets 408.
public struct ConnectionLimits: Sendable, Equatable {
    /// From a request's first byte to the end of its headers. Default 10 s.
    public var headerSeconds: Double = 10
    /// From the end of the headers to the end of the body. Default 30 s.
    public var bodySeconds: Double = 30
    /// How long a keep-alive connection may sit with no request before it is closed. Default 60 s.
    public var idleSeconds: Double = 60
    /// After the stub has answered (a 413, say) it keeps reading the rest of the body up to this
    /// many bytes, so the client, still writing, reads the answer rather than a reset. Default 64 MiB.
    public var discardBytes: Int = 64 * 1024 * 1024

    /// The defaults, which suit a stub on a developer's machine and in CI.
    public init() {}

    /// Problems with the values, as `(option, reason)`.
    public func problems() -> [(String, String)] {
        var found: [(String, String)] = []
        for (name, value) in [("header-timeout", headerSeconds), ("body-timeout", bodySeconds), ("idle-timeout", idleSeconds)]
        where !(value >= 0.1 && value <= 3600) {
            found.append((name, "must be from 0.1 to 3600 seconds"))
        }
        return found
    }
}
