import StubEngine

/// `?limit=&cursor=` on an admin list: at most `limit` items (default 100, up to 1,000) from
/// the opaque cursor the previous page returned as `nextCursor`.
struct AdminPage {
    static let defaultLimit = 100
    static let maxLimit = 1000

    let limit: Int
    let offset: Int

    init(_ request: StubRequest) throws(APIError) {
        if let text = try request.queryValue("limit") {
            guard let value = Int(text), (1...Self.maxLimit).contains(value) else {
                throw APIError.field("limit", "limit must be a whole number from 1 to \(Self.maxLimit)", code: "out_of_range")
            }
            limit = value
        } else {
            limit = Self.defaultLimit
        }
        if let text = try request.queryValue("cursor") {
            guard let value = Int(text), value >= 0 else {
                throw APIError.field("cursor", "cursor must be a nextCursor from an earlier page")
            }
            offset = value
        } else {
            offset = 0
        }
    }
}
