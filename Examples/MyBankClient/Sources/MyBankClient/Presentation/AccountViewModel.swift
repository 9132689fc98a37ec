/// What the account screen shows once loaded.
public struct AccountViewModel: Sendable, Equatable {
    /// The account's name.
    public var title: String
    /// `Available $1,523.67`.
    public var available: String
    /// `Balance $1,612.30`.
    public var balance: String
    /// One section per day, newest first.
    public var sections: [SectionViewModel]
}

/// One day on the account screen.
public struct SectionViewModel: Sendable, Equatable {
    /// `Today`, `Yesterday`, `Thursday 19 November`.
    public var title: String
    /// The day's rows.
    public var rows: [TransactionRowViewModel]
}

/// One transaction row.
public struct TransactionRowViewModel: Sendable, Equatable {
    /// The transaction's id, for selection.
    public var id: String
    /// The description, with a bold `PENDING: ` prefix when not yet cleared.
    public var title: String
    /// The formatted amount.
    public var amount: String
    /// Whether the row shows the location icon and opens the ATM on tap.
    public var showsLocation: Bool
    /// One label for VoiceOver: `Pending. Cinema Tickets, -$32.00`.
    public var accessibilityLabel: String
}

/// An alert for a failed load.
public struct AlertViewModel: Sendable, Equatable {
    /// The offline alert has its own message; everything else is the generic one.
    public enum Kind: String, Sendable { case offline, generic }
    /// What the user can do.
    public enum Action: String, Sendable { case retry, dismiss }

    /// Which alert.
    public var kind: Kind
    /// Its title.
    public var title: String
    /// Its message.
    public var message: String
    /// Its buttons, in order.
    public var actions: [Action]
}

/// The account screen's state.
public enum AccountViewState: Sendable, Equatable {
    /// Nothing asked yet.
    case idle
    /// Loading, with the previous content kept while refreshing.
    case loading(previous: AccountViewModel?)
    /// Loaded with transactions.
    case loaded(AccountViewModel)
    /// Loaded, with no transactions yet.
    case empty(AccountViewModel, message: String)
    /// The load failed.
    case failed(AlertViewModel)
}

/// A cash machine on the map screen.
public struct ATMViewModel: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Its address.
    public var address: String
    /// `-33.8611, 151.2099`.
    public var coordinates: String
}
