/// A throttled body: sent in chunks paced to a byte rate, like a weak mobile link.
public struct Bandwidth: Codable, Sendable, Equatable {
    /// Sustained rate; must be positive.
    public var bytesPerSecond: Int
    /// Size of each write; defaults to 1 KiB.
    public var chunkBytes: Int?

    public init(bytesPerSecond: Int, chunkBytes: Int? = nil) {
        self.bytesPerSecond = bytesPerSecond
        self.chunkBytes = chunkBytes
    }

    var effectiveChunk: Int { max(1, chunkBytes ?? 1024) }
}
