/// A throttled body: sent in chunks paced to a byte rate, like a weak mobile link.
package struct Bandwidth: Codable, Sendable, Equatable {
    /// Sustained rate; must be positive.
    package var bytesPerSecond: Int
    /// Size of each write; defaults to 1 KiB.
    package var chunkBytes: Int?

    package init(bytesPerSecond: Int, chunkBytes: Int? = nil) {
        self.bytesPerSecond = bytesPerSecond
        self.chunkBytes = chunkBytes
    }

    package var effectiveChunk: Int { max(1, chunkBytes ?? 1024) }
}
