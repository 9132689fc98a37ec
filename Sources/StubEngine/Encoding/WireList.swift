/// The list envelope every collection uses (the bank's and the admin API's): `{"data": [...], "nextCursor": null}`.
package struct WireList<Element: Codable & Sendable>: Codable, Sendable {
    /// The page of items.
    package var data: [Element]
    /// Opaque cursor for the next page, or nil on the last page.
    package var nextCursor: String?

    /// Creates a page.
    package init(data: [Element], nextCursor: String? = nil) {
        self.data = data
        self.nextCursor = nextCursor
    }

    package enum CodingKeys: String, CodingKey { case data, nextCursor }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(data, forKey: .data)
        // `nextCursor` is always present, explicitly null on the last page.
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}
