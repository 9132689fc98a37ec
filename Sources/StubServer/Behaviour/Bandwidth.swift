/// A throttled body: sent in chunks paced to a byte rate, like a weak mobile link.
struct Bandwidth: Codable, Sendable, Equatable {
    /// Sustained rate; must be positive.
    var bytesPerSecond: Int
    /// Size of each write; defaults to 1 KiB.
    var chunkBytes: Int?

    init(bytesPerSecond: Int, chunkBytes: Int? = nil) {
        self.bytesPerSecond = bytesPerSecond
        self.chunkBytes = chunkBytes
    }

    var effectiveChunk: Int { max(1, chunkBytes ?? 1024) }
}
