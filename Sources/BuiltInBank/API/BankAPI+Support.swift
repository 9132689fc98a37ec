import Foundation
import HTTPTypes
import StubEngine

extension BankAPI {
    package static let ticketCategories = ["general", "card", "transfer", "account", "fraud"]

    package static func supportRoutes() -> [Route] {
        [
            Route("GET /v1/support/tickets", "listSupportTickets", "The customer's support tickets, newest first") { call throws(APIError) in
                .json(encoded: try call.bank.encodedRead(call.customer, "tickets") { WireList(data: $0.tickets) })
            },
            Route("POST /v1/support/tickets", "createSupportTicket", "Open a support ticket", body: true) { call throws(APIError) in
                let body = try WireJSON.decodeBody(WireNewSupportTicket.self, from: call.request.body, fields: WireNewSupportTicket.fields)
                var details: [WireErrorDetail] = []
                if !(1...120).contains(body.subject.unicodeScalars.count) {
                    details.append(.init(code: "invalid_length", path: "subject", message: "subject must be 1 to 120 characters"))
                }
                if !(1...4000).contains(body.message.unicodeScalars.count) {
                    details.append(.init(code: "invalid_length", path: "message", message: "message must be 1 to 4000 characters"))
                }
                if let category = body.category, !ticketCategories.contains(category) {
                    details.append(.init(code: "invalid_enum", path: "category",
                        message: "category must be one of \(ticketCategories.joined(separator: ", "))"))
                }
                guard details.isEmpty else { throw APIError.validation("The ticket is not valid.", details: details) }
                return .json(try call.bank.createTicket(call.customer, body), status: .created)
            },
        ]
    }
}
