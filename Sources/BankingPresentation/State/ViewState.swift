/// What a screen shows: the four states every list and detail screen has.
public enum ViewState<Content: Sendable & Equatable>: Sendable, Equatable {
    /// Waiting for the first answer.
    case loading
    /// Loaded, with something to show.
    case content(Content)
    /// Loaded, nothing to show (an empty-state illustration in the app).
    case empty(message: String)
    /// Failed, with the alert that says why and what to do.
    case error(AlertState)

    /// The content, when there is some.
    public var content: Content? {
        if case .content(let content) = self { return content }
        return nil
    }

    /// The alert, when the load failed.
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
