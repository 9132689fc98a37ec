public import Foundation

/// `GET /data.json` as the server sends it: the account, cleared and pending transactions, ATMs.
public struct AccountDataDTO: Decodable, Sendable, Equatable {
    /// The account's details.
    public struct Account: Decodable, Sendable, Equatable {
        /// The branch code, e.g. `062-914`.
        public var bsb: String
        /// The account's name.
        public var accountName: String
        /// The account number.
        public var accountNumber: String
        /// Money that can be spent now.
        public var available: Decimal
        /// The ledger balance.
        public var balance: Decimal

        /// An account.
        public init(bsb: String, accountName: String, accountNumber: String, available: Decimal, balance: Decimal) {
            self.bsb = bsb
            self.accountName = accountName
            self.accountNumber = accountNumber
            self.available = available
            self.balance = balance
        }
    }

    /// One transaction; `effectiveDate` is `dd/MM/yyyy`.
    public struct Transaction: Decodable, Sendable, Equatable {
        /// The server's id.
        public var id: String
        /// `dd/MM/yyyy`.
        public var effectiveDate: String
        /// What the statement says.
        public var description: String
        /// Negative for money out.
        public var amount: Decimal
        /// The cash machine, for withdrawals.
        public var atmId: String?

        /// A transaction.
        public init(id: String, effectiveDate: String, description: String, amount: Decimal, atmId: String? = nil) {
            self.id = id
            self.effectiveDate = effectiveDate
            self.description = description
            self.amount = amount
            self.atmId = atmId
        }
    }

    /// A cash machine.
    public struct ATM: Decodable, Sendable, Equatable {
        /// Where it is.
        public struct Location: Decodable, Sendable, Equatable {
            /// Latitude.
            public var lat: Double
            /// Longitude.
            public var lng: Double
        }
        /// The server's id.
        public var id: String
        /// Its name.
        public var name: String
        /// Its street address.
        public var address: String
        /// Where it is.
        public var location: Location
    }

    /// The account.
    public var account: Account
    /// Cleared transactions, newest first.
    public var transactions: [Transaction]
    /// Pending transactions, newest first.
    public var pending: [Transaction]
    /// The cash machines.
    public var atms: [ATM]

    /// A document.
    public init(account: Account, transactions: [Transaction], pending: [Transaction], atms: [ATM]) {
        self.account = account
        self.transactions = transactions
        self.pending = pending
        self.atms = atms
    }
}
