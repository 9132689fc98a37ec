import Foundation
import HTTPTypes
import StubEngine

extension BankAPI {
    package static func beneficiaryRoutes() -> [Route] {
        [
            Route("GET /v1/beneficiaries", "listBeneficiaries", "Saved payees") { call throws(APIError) in
                .json(encoded: try call.bank.encodedRead(call.customer, "beneficiaries") { WireList(data: $0.beneficiaries) })
            },
            Route("POST /v1/beneficiaries", "createBeneficiary", "Save a payee; the IBAN is checksum-validated",
                body: true) { call throws(APIError) in
                let body = try WireJSON.decodeBody(WireNewBeneficiary.self, from: call.request.body, fields: WireNewBeneficiary.fields)
                var details: [WireErrorDetail] = []
                if !(1...70).contains(body.name.unicodeScalars.count) {
                    details.append(.init(code: "invalid_length", path: "name", message: "name must be 1 to 70 characters"))
                }
                if !IBAN.hasCompactShape(body.iban) {
                    details.append(.init(code: "invalid_format", path: "iban",
                        message: "iban must be the compact form: 2 letters, 2 digits, 11 to 30 letters or digits, no spaces"))
                }
                if let reference = body.reference, reference.unicodeScalars.count > 140 {
                    details.append(.init(code: "invalid_length", path: "reference", message: "reference must be at most 140 characters"))
                }
                guard details.isEmpty else { throw APIError.validation("The beneficiary is not valid.", details: details) }
                guard IBAN.isValid(body.iban) else {
                    throw APIError.businessRule("invalid_iban", "IBAN \(body.iban) fails the ISO 13616 mod-97 checksum.",
                                                display: "This IBAN doesn't look right. Please check it.", path: "iban")
                }
                return .json(try call.bank.addBeneficiary(call.customer, body), status: .created)
            },
            Route("DELETE /v1/beneficiaries/{beneficiaryId}", "deleteBeneficiary", "Remove a saved payee") { call throws(APIError) in
                try call.bank.deleteBeneficiary(call.customer, id: call.request.parameter("beneficiaryId"))
                return .noContent
            },
        ]
    }
}
