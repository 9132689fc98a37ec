import HTTPTypes

extension BankAPI {
    static func transferRoutes() -> [Route] {
        [
            Route("POST /v1/transfers", "createTransfer",
                  "Send money to a beneficiary; needs an Idempotency-Key", body: true) { call throws(APIError) in
                guard let key = call.request.headers[HTTPField.Name("Idempotency-Key")!], !key.isEmpty else {
                    throw APIError(status: .badRequest, type: "invalid_request", code: "idempotency_key_required",
                                   message: "POST /v1/transfers needs an Idempotency-Key header (a UUID is ideal).",
                                   displayMessage: "Something went wrong. Please try again.",
                                   details: [WireErrorDetail(code: "required", path: "Idempotency-Key", message: "header is required")])
                }
                guard key.count <= 255 else {
                    throw APIError.field("Idempotency-Key", "Idempotency-Key must be at most 255 characters")
                }
                let body = try WireJSON.decodeBody(WireTransferRequest.self, from: call.request.body)
                try validate(body)
                let outcome = try await call.bank.submitTransfer(call.customer, idempotencyKey: key, request: body)
                var response = StubResponse.json(outcome.transfer, status: .created)
                if outcome.replayed { response.headers[HTTPField.Name("Idempotent-Replayed")!] = "true" }
                return response
            },
            Route("GET /v1/transfers/{transferId}", "getTransfer", "One transfer") { call throws(APIError) in
                .json(try await call.bank.transfer(call.customer, id: call.request.parameter("transferId")))
            },
        ]
    }

    static func validate(_ body: WireTransferRequest) throws(APIError) {
        var details: [WireErrorDetail] = []
        if body.fromAccountId.isEmpty { details.append(.init(code: "required", path: "fromAccountId", message: "fromAccountId is required")) }
        if body.beneficiaryId.isEmpty { details.append(.init(code: "required", path: "beneficiaryId", message: "beneficiaryId is required")) }
        if let amount = body.amount.decimal {
            if amount <= 0 { details.append(.init(code: "not_positive", path: "amount.amount", message: "amount must be greater than zero")) }
            let fraction = body.amount.amount.split(separator: ".").dropFirst().first?.count ?? 0
            if fraction > WireMoney.minorUnits(of: body.amount.currency) {
                details.append(.init(code: "too_precise", path: "amount.amount", message: "amount has more decimal places than \(body.amount.currency) allows"))
            }
        } else {
            details.append(.init(code: "invalid_decimal", path: "amount.amount", message: "amount must be a decimal string such as \"12.30\""))
        }
        if body.amount.currency.count != 3 || !body.amount.currency.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            details.append(.init(code: "invalid_currency", path: "amount.currency", message: "currency must be an ISO 4217 code such as EUR"))
        }
        if let reference = body.reference, reference.count > 140 {
            details.append(.init(code: "invalid_length", path: "reference", message: "reference must be at most 140 characters"))
        }
        guard details.isEmpty else { throw APIError.validation("The transfer is not valid.", details: details) }
    }
}
