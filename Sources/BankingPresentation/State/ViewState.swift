/// What a screen shows: the four states every list and detail screen has.
public enum ViewState<Content: Sendable & Equatable>: Sendable, Equatable {
    case loading
    case content(Content)
    /// Loaded, nothing to show (an empty-state illustration in the app).
    case empty(message: String)
    case error(AlertState)

    public var content: Content? {
        if case .content(let content) = self { return content }
        return nil
    }

    public var alert: AlertState? {
        if case .error(let alert) = self { return alert }
        return nil
    }

    /// A short name for logs and contract checks: `loading`, `content`, `empty`, `error`.
    public var name: String {
        switch self {
        case .loading: "loading"
        case .content: "content"
        case .empty: "empty"
        case .error: "error"
        }
    }
}
