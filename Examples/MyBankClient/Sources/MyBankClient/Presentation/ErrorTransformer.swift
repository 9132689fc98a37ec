/// Decides what the user is told when a load fails: being offline has its own message;
/// everything else falls back to the generic alert, with a hint when the server gave one.
public struct ErrorTransformer: Sendable {
    /// The transformer.
    public init() {}

    /// The alert for `error`.
    public func alert(for error: NetworkError) -> AlertViewModel {
        switch error {
        case .offline:
            return AlertViewModel(kind: .offline, title: "You're offline",
                                  message: "Connect to the internet to see your latest transactions.", actions: [.retry])
        case .maintenance(let retryAfter):
            let when = retryAfter.map { $0 >= 60 ? "in \($0 / 60) minute\($0 / 60 == 1 ? "" : "s")" : "in \($0) seconds" } ?? "later"
            return generic("MyBank is down for maintenance. Please try again \(when).")
        case .notFound:
            return generic("We couldn't find your account details.")
        default:
            return generic("Please try again.")
        }
    }

    func generic(_ message: String) -> AlertViewModel {
        AlertViewModel(kind: .generic, title: "Something went wrong", message: message, actions: [.retry, .dismiss])
    }
}
