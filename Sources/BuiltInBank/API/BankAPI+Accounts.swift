package import StubEngine

extension BankAPI {
    package static func accountRoutes() -> [Route] {
        [
            Route("GET /v1/accounts", "listAccounts", "The customer's accounts with balances") { call throws(APIError) in
                .json(encoded: try call.bank.encodedRead(call.customer, "accounts") { WireList(data: $0.accounts) })
            },
            Route("GET /v1/accounts/{accountId}", "getAccount", "One account") { call throws(APIError) in
                let id = call.request.parameter("accountId")
                return .json(encoded: try call.bank.encodedRead(call.customer, "account " + id) { ledger throws(APIError) in
                    ledger.accounts[try ledger.accountIndex(id)]
                })
            },
            Route("GET /v1/accounts/{accountId}/balances", "getBalances", "Booked, available and pending balance") { call throws(APIError) in
                .json(try call.bank.balances(call.customer, accountId: call.request.parameter("accountId")))
            },
            Route("GET /v1/accounts/{accountId}/transactions", "listTransactions",
                  "Pending, booked and rejected entries, newest first, with cursor pagination") { call throws(APIError) in
                let query = try transactionQuery(call.request)
                return .json(try call.bank.transactions(call.customer, accountId: call.request.parameter("accountId"), query: query))
            },
        ]
    }

    package static func transactionQuery(_ request: StubRequest) throws(APIError) -> TransactionQuery {
        var query = TransactionQuery()
        var details: [WireErrorDetail] = []
        for name in ["from", "to"] {
            guard let value = try request.queryValue(name) else { continue }
            if UTCTimestamp.parseDay(value) == nil {
                details.append(.init(code: "invalid_date", path: name, message: "\(name) must be a date as YYYY-MM-DD"))
            } else if name == "from" { query.from = value } else { query.to = value }
        }
        if let status = try request.queryValue("status") {
            if ["pending", "booked", "rejected"].contains(status) { query.status = status } else {
                details.append(.init(code: "invalid_enum", path: "status", message: "status must be pending, booked or rejected"))
            }
        }
        if let limit = try request.queryValue("limit") {
            if let value = Int(limit), (1...TransactionQuery.maxLimit).contains(value) { query.limit = value } else {
                details.append(.init(code: "out_of_range", path: "limit",
                    message: "limit must be a whole number from 1 to \(TransactionQuery.maxLimit)"))
            }
        }
        guard details.isEmpty else { throw APIError.validation("Invalid query parameters.", details: details) }
        if let cursor = try request.queryValue("cursor") {
            guard let after = TransactionQuery.decodeCursor(cursor) else {
                throw APIError.businessRule("invalid_cursor", "cursor is not one this server issued; pass nextCursor from the previous page.",
                                            display: "Something went wrong. Please refresh.", path: "cursor")
            }
            query.after = after
        }
        return query
    }
}
