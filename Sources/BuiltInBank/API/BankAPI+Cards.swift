import StubEngine

extension BankAPI {
    package static func cardRoutes() -> [Route] {
        [
            Route("GET /v1/cards", "listCards", "The customer's cards") { call throws(APIError) in
                .json(encoded: try call.bank.encodedRead(call.customer, "cards") { WireList(data: $0.cards) })
            },
            Route("POST /v1/cards/{cardId}/freeze", "freezeCard", "Freeze a card; 409 if already frozen") { call throws(APIError) in
                .json(try call.bank.setCard(call.customer, id: call.request.parameter("cardId"), frozen: true))
            },
            Route("POST /v1/cards/{cardId}/unfreeze", "unfreezeCard", "Unfreeze a card; 409 if not frozen") { call throws(APIError) in
                .json(try call.bank.setCard(call.customer, id: call.request.parameter("cardId"), frozen: false))
            },
        ]
    }
}
