import StubEngine

/// The list envelope every collection uses: `{"data": [...], "nextCursor": null}`.
struct WireList<Element: Codable & Sendable>: Codable, Sendable {
    /// The page of items.
    var data: [Element]
    /// Opaque cursor for the next page, or nil on the last page.
    var nextCursor: String?

    /// Creates a page.
    init(data: [Element], nextCursor: String? = nil) {
        self.data = data
        self.nextCursor = nextCursor
    }

    enum CodingKeys: String, CodingKey { case data, nextCursor }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(data, forKey: .data)
        // `nextCursor` is always present, explicitly null on the last page.
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}
