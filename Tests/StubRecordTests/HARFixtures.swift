/// HAR files shaped as each capture tool writes them (the fields, their spelling and what each
/// leaves out), holding one banking app's session against `api.bank.example`.
enum HARFixtures {
    /// Chrome, Edge and Brave (`WebInspector`): HTTP/2 pseudo-headers, `_`-prefixed extensions,
    /// a body-less cached entry, a base64 image, an aborted request, a WebSocket and a `data:` URL.
    static let chrome = #"""
        {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"},
          "pages": [{"startedDateTime": "2026-11-20T09:00:00.000Z", "id": "page_1", "title": "https://app.bank.example/",
                     "pageTimings": {"onContentLoad": 120.5, "onLoad": 300.1}}],
          "entries": [
            {"_initiator": {"type": "script", "stack": {"callFrames": []}}, "_priority": "High", "_resourceType": "fetch",
             "cache": {}, "_connectionId": "4121", "pageref": "page_1", "startedDateTime": "2026-11-20T09:00:01.000Z", "time": 41.2,
             "request": {"method": "GET", "url": "https://api.bank.example/v1/accounts", "httpVersion": "http/2.0",
               "headers": [{"name": ":authority", "value": "api.bank.example"}, {"name": ":method", "value": "GET"},
                           {"name": ":path", "value": "/v1/accounts"}, {"name": ":scheme", "value": "https"},
                           {"name": "authorization", "value": "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGV4In0.c2lnbmF0dXJl"}],
               "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
             "response": {"status": 200, "statusText": "", "httpVersion": "http/2.0",
               "headers": [{"name": "content-encoding", "value": "br"}, {"name": "content-type", "value": "application/json"},
                           {"name": "date", "value": "Fri, 20 Nov 2026 09:00:01 GMT"}, {"name": "set-cookie", "value": "a=1; Path=/"},
                           {"name": "set-cookie", "value": "b=2; Path=/"}, {"name": "x-rate-limit", "value": "100"}],
               "cookies": [], "content": {"size": 151, "mimeType": "application/json", "compression": 40,
                 "text": "{\"data\":[{\"id\":\"acc_1001\",\"name\":\"Everyday\",\"owner\":\"Alex Morgan\",\"iban\":\"GB33BUKB20201555555555\"},{\"id\":\"acc_1002\",\"name\":\"Savings\",\"owner\":\"Alex Morgan\",\"iban\":\"GB94BARC10201530093459\"}]}"},
               "redirectURL": "", "headersSize": -1, "bodySize": -1, "_transferSize": 412, "_error": null},
             "serverIPAddress": "203.0.113.7", "timings": {"blocked": 1.1, "dns": -1, "ssl": -1, "connect": -1, "send": 0.2, "wait": 38, "receive": 1.9, "_blocked_queueing": 0.6}},
            {"_resourceType": "image", "cache": {}, "startedDateTime": "2026-11-20T09:00:01.100Z", "time": 5,
             "request": {"method": "GET", "url": "https://api.bank.example/v1/cards/crd_77/art.png", "httpVersion": "h2",
               "headers": [{"name": ":authority", "value": "api.bank.example"}], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
             "response": {"status": 200, "statusText": "", "httpVersion": "h2", "headers": [{"name": "content-type", "value": "image/png"}],
               "cookies": [], "content": {"size": 8, "mimeType": "image/png", "text": "iVBORw0KGgo=", "encoding": "base64"},
               "redirectURL": "", "headersSize": -1, "bodySize": -1},
             "timings": {"send": 0, "wait": 4, "receive": 1}},
            {"_resourceType": "fetch", "_fromCache": "memory", "cache": {}, "startedDateTime": "2026-11-20T09:00:01.200Z", "time": 0,
             "request": {"method": "GET", "url": "https://api.bank.example/v1/status", "httpVersion": "", "headers": [],
               "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
             "response": {"status": 200, "statusText": "", "httpVersion": "", "headers": [], "cookies": [],
               "content": {"size": 0, "mimeType": "text/plain"}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
             "timings": {"send": 0, "wait": 0, "receive": 0}},
            {"_resourceType": "fetch", "cache": {}, "startedDateTime": "2026-11-20T09:00:02.000Z", "time": 0,
             "request": {"method": "POST", "url": "https://api.bank.example/v1/transfers", "httpVersion": "", "headers": [],
               "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0,
               "postData": {"mimeType": "application/json", "text": "{\"amount\":\"10.00\"}"}},
             "response": {"status": 0, "statusText": "", "httpVersion": "", "headers": [], "cookies": [],
               "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "", "headersSize": -1, "bodySize": -1,
               "_transferSize": 0, "_error": "net::ERR_ABORTED"},
             "timings": {"blocked": -1, "send": 0, "wait": 0, "receive": 0}},
            {"_resourceType": "websocket", "cache": {}, "startedDateTime": "2026-11-20T09:00:03.000Z", "time": 1,
             "request": {"method": "GET", "url": "wss://api.bank.example/v1/live", "httpVersion": "HTTP/1.1", "headers": [],
               "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
             "response": {"status": 101, "statusText": "Switching Protocols", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
               "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
             "timings": {"send": 0, "wait": 0, "receive": 0}, "_webSocketMessages": [{"type": "receive", "time": 1.5, "opcode": 1, "data": "{}"}]},
            {"_resourceType": "image", "cache": {}, "startedDateTime": "2026-11-20T09:00:03.100Z", "time": 0,
             "request": {"method": "GET", "url": "data:image/gif;base64,R0lGODlhAQABAAAAACw=", "httpVersion": "", "headers": [],
               "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "", "headers": [], "cookies": [],
               "content": {"size": 14, "mimeType": "image/gif"}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
             "timings": {"send": 0, "wait": 0, "receive": 0}},
            {"_resourceType": "script", "cache": {}, "startedDateTime": "2026-11-20T09:00:03.200Z", "time": 12,
             "request": {"method": "GET", "url": "https://cdn.analytics.example/tag.js", "httpVersion": "h3", "headers": [],
               "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
             "response": {"status": 200, "statusText": "", "httpVersion": "h3", "headers": [{"name": "content-type", "value": "text/javascript"}],
               "cookies": [], "content": {"size": 9, "mimeType": "text/javascript", "text": "track();\n"},
               "redirectURL": "", "headersSize": -1, "bodySize": -1},
             "timings": {"send": 0, "wait": 10, "receive": 2}}
          ]}}
        """#

    /// Firefox: `HTTP/2` spelled out, mixed-case header names, a redirect with `redirectURL`
    /// and an absolute `Location`, a request body, and a repeated request answered twice.
    static let firefox = #"""
        {"log": {"version": "1.2", "creator": {"name": "Firefox", "version": "132.0"}, "browser": {"name": "Firefox", "version": "132.0"},
          "pages": [],
          "entries": [
            {"startedDateTime": "2026-11-20T10:00:00.000+01:00", "time": 30,
             "request": {"bodySize": 0, "method": "GET", "url": "https://api.bank.example/v1/accounts/acc_1001/transactions?page=1&sort=-date",
               "httpVersion": "HTTP/2", "headers": [{"name": "Host", "value": "api.bank.example"}, {"name": "Accept", "value": "application/json"}],
               "cookies": [], "queryString": [{"name": "page", "value": "1"}, {"name": "sort", "value": "-date"}], "headersSize": 301},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/2",
               "headers": [{"name": "Content-Type", "value": "application/json; charset=utf-8"}, {"name": "Content-Length", "value": "64"},
                           {"name": "Vary", "value": "Accept"}, {"name": "Vary", "value": "Authorization"}],
               "cookies": [], "content": {"mimeType": "application/json; charset=utf-8", "size": 64,
                 "text": "{\"data\":[{\"id\":\"txn_1\",\"amount\":\"-4.20\",\"merchant\":\"Corner Cafe\"}],\"next\":null}"},
               "redirectURL": "", "headersSize": 212, "bodySize": 276},
             "cache": {}, "timings": {"blocked": 0, "dns": 0, "connect": 0, "ssl": 0, "send": 0, "wait": 29, "receive": 1},
             "serverIPAddress": "203.0.113.7", "connection": "443"},
            {"startedDateTime": "2026-11-20T10:00:01.000+01:00", "time": 20,
             "request": {"bodySize": 52, "method": "POST", "url": "https://api.bank.example/v1/auth/token", "httpVersion": "HTTP/2",
               "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [], "queryString": [], "headersSize": 120,
               "postData": {"mimeType": "application/json", "params": [], "text": "{\"username\":\"alex\",\"password\":\"pass_good\"}"}},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/2",
               "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [],
               "content": {"mimeType": "application/json", "size": 70,
                 "text": "{\"access_token\":\"tok_live_8f3b2a\",\"token_type\":\"Bearer\",\"expires_in\":900}"},
               "redirectURL": "", "headersSize": 90, "bodySize": 160},
             "cache": {}, "timings": {"blocked": 0, "dns": 0, "connect": 0, "ssl": 0, "send": 0, "wait": 19, "receive": 1}},
            {"startedDateTime": "2026-11-20T10:00:02.000+01:00", "time": 10,
             "request": {"bodySize": 0, "method": "GET", "url": "https://api.bank.example/v1/statements/latest", "httpVersion": "HTTP/2",
               "headers": [], "cookies": [], "queryString": [], "headersSize": 80},
             "response": {"status": 302, "statusText": "Found", "httpVersion": "HTTP/2",
               "headers": [{"name": "Location", "value": "https://api.bank.example/v1/statements/stm_2026_10?format=pdf"}], "cookies": [],
               "content": {"mimeType": "text/plain", "size": 0, "text": ""},
               "redirectURL": "https://api.bank.example/v1/statements/stm_2026_10?format=pdf", "headersSize": 90, "bodySize": 90},
             "cache": {}, "timings": {"blocked": 0, "dns": 0, "connect": 0, "ssl": 0, "send": 0, "wait": 9, "receive": 1}},
            {"startedDateTime": "2026-11-20T10:00:03.000+01:00", "time": 10,
             "request": {"bodySize": 0, "method": "GET", "url": "https://api.bank.example/v1/notifications/count", "httpVersion": "HTTP/2",
               "headers": [], "cookies": [], "queryString": [], "headersSize": 80},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/2",
               "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [],
               "content": {"mimeType": "application/json", "size": 11, "text": "{\"count\":3}"},
               "redirectURL": "", "headersSize": 90, "bodySize": 101},
             "cache": {}, "timings": {"send": 0, "wait": 9, "receive": 1}},
            {"startedDateTime": "2026-11-20T10:00:04.000+01:00", "time": 10,
             "request": {"bodySize": 0, "method": "GET", "url": "https://api.bank.example/v1/notifications/count", "httpVersion": "HTTP/2",
               "headers": [], "cookies": [], "queryString": [], "headersSize": 80},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/2",
               "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [],
               "content": {"mimeType": "application/json", "size": 11, "text": "{\"count\":0}"},
               "redirectURL": "", "headersSize": 90, "bodySize": 101},
             "cache": {}, "timings": {"send": 0, "wait": 9, "receive": 1}}
          ]}}
        """#

    /// Safari's Web Inspector: `_fetchType`, every body base64 (JSON too), and a status written `200.0`.
    static let safari = #"""
        {"log": {"version": "1.2", "creator": {"name": "WebKit Web Inspector", "version": "20621.1.15"},
          "pages": [{"startedDateTime": "2026-11-20T11:00:00.000Z", "id": "page_0", "title": "", "pageTimings": {"onContentLoad": -1, "onLoad": -1}}],
          "entries": [
            {"pageref": "page_0", "startedDateTime": "2026-11-20T11:00:01.000Z", "time": 25, "_fetchType": "Network Load", "_priority": "medium",
             "request": {"method": "GET", "url": "https://api.bank.example/v1/profile", "httpVersion": "HTTP/2",
               "cookies": [], "headers": [{"name": "Accept", "value": "*/*"}], "queryString": [], "headersSize": -1, "bodySize": 0},
             "response": {"status": 200.0, "statusText": "", "httpVersion": "HTTP/2", "cookies": [],
               "headers": [{"name": "Content-Type", "value": "application/json"}],
               "content": {"size": 84, "compression": 0, "mimeType": "application/json",
                 "text": "eyJuYW1lIjoiQWxleCBNb3JnYW4iLCJlbWFpbCI6ImFsZXgubW9yZ2FuQGV4YW1wbGUuY29tIiwidGllciI6InByZW1pZXIifQ==", "encoding": "base64"},
               "redirectURL": "", "headersSize": -1, "bodySize": 84},
             "cache": {}, "timings": {"blocked": 0, "dns": -1, "connect": -1, "ssl": -1, "send": 0, "wait": 24, "receive": 1},
             "serverIPAddress": "203.0.113.7", "_serverPort": 443}
          ]}}
        """#

    /// Charles: `comment` fields, a text answer, a 204 with no `text`, and an HTTP/2 `:status`
    /// pseudo-header among the response headers.
    static let charles = #"""
        {"log": {"version": "1.2", "creator": {"name": "Charles Proxy", "version": "5.0.1"},
          "entries": [
            {"startedDateTime": "2026-11-20T12:00:00.000Z", "time": 12, "comment": "",
             "request": {"method": "GET", "url": "https://api.bank.example/v1/support/hours", "httpVersion": "HTTP/2.0",
               "cookies": [], "headers": [{"name": ":method", "value": "GET"}, {"name": ":path", "value": "/v1/support/hours"}],
               "queryString": [], "headersSize": 64, "bodySize": 0, "comment": ""},
             "response": {"_charlesStatus": "COMPLETE", "status": 200, "statusText": "OK", "httpVersion": "HTTP/2.0", "cookies": [],
               "headers": [{"name": ":status", "value": "200"}, {"name": "content-type", "value": "text/plain; charset=utf-8"}],
               "content": {"size": 18, "mimeType": "text/plain; charset=utf-8", "text": "Mon-Fri 8:00-20:00", "comment": ""},
               "redirectURL": "", "headersSize": 60, "bodySize": 18, "comment": ""},
             "serverIPAddress": "203.0.113.7", "cache": {}, "timings": {"dns": -1, "connect": -1, "ssl": -1, "send": 0, "wait": 11, "receive": 1}},
            {"startedDateTime": "2026-11-20T12:00:01.000Z", "time": 9,
             "request": {"method": "DELETE", "url": "https://api.bank.example/v1/beneficiaries/ben_204", "httpVersion": "HTTP/2.0",
               "cookies": [], "headers": [], "queryString": [], "headersSize": 64, "bodySize": 0},
             "response": {"_charlesStatus": "COMPLETE", "status": 204, "statusText": "No Content", "httpVersion": "HTTP/2.0", "cookies": [],
               "headers": [{"name": ":status", "value": "204"}], "content": {"size": 0, "mimeType": ""},
               "redirectURL": "", "headersSize": 20, "bodySize": 0},
             "cache": {}, "timings": {"send": 0, "wait": 8, "receive": 1}}
          ]}}
        """#

    /// Proxyman: plain HAR 1.2, an empty `text`, a query, and a 404 answer.
    static let proxyman = #"""
        {"log": {"version": "1.2", "creator": {"name": "Proxyman", "version": "5.12.0"},
          "entries": [
            {"startedDateTime": "2026-11-20T13:00:00.000Z", "time": 31.5,
             "request": {"method": "GET", "url": "https://api.bank.example/v1/atms?lat=51.5072&lon=-0.1276", "httpVersion": "HTTP/1.1",
               "cookies": [], "headers": [{"name": "Host", "value": "api.bank.example"}, {"name": "User-Agent", "value": "MyBank/4.2 CFNetwork/1568"}],
               "queryString": [{"name": "lat", "value": "51.5072"}, {"name": "lon", "value": "-0.1276"}], "headersSize": 210, "bodySize": 0},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [],
               "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Connection", "value": "keep-alive"}],
               "content": {"size": 46, "mimeType": "application/json", "text": "{\"data\":[{\"id\":\"atm_1\",\"distance_m\":120}]}"},
               "redirectURL": "", "headersSize": 120, "bodySize": 46},
             "cache": {}, "timings": {"send": 1, "wait": 29, "receive": 1.5}},
            {"startedDateTime": "2026-11-20T13:00:01.000Z", "time": 20,
             "request": {"method": "GET", "url": "https://api.bank.example/v1/cards/crd_404", "httpVersion": "HTTP/1.1",
               "cookies": [], "headers": [], "queryString": [], "headersSize": 90, "bodySize": 0},
             "response": {"status": 404, "statusText": "Not Found", "httpVersion": "HTTP/1.1", "cookies": [],
               "headers": [{"name": "Content-Type", "value": "application/json"}],
               "content": {"size": 0, "mimeType": "application/json", "text": ""},
               "redirectURL": "", "headersSize": 90, "bodySize": 0},
             "cache": {}, "timings": {"send": 1, "wait": 18, "receive": 1}}
          ]}}
        """#

    /// Insomnia: requests only; an entry it never sent has no response at all.
    static let insomnia = #"""
        {"log": {"version": "1.2", "creator": {"name": "Insomnia REST Client", "version": "insomnia.desktop.app:v10.1.0"},
          "entries": [
            {"startedDateTime": "2026-11-20T14:00:00.000Z", "time": 15,
             "request": {"method": "GET", "url": "https://api.bank.example/v1/fx/rates?base=GBP", "httpVersion": "HTTP/1.1",
               "cookies": [], "headers": [], "queryString": [{"name": "base", "value": "GBP"}], "postData": {"mimeType": "", "text": "", "params": []},
               "headersSize": -1, "bodySize": -1},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [],
               "headers": [{"name": "content-type", "value": "application/json"}],
               "content": {"size": 23, "mimeType": "application/json", "text": "{\"EUR\":1.17,\"USD\":1.27}"},
               "redirectURL": "", "headersSize": -1, "bodySize": -1},
             "cache": {}, "timings": {"blocked": -1, "dns": -1, "connect": -1, "send": 0, "wait": 15, "receive": 0, "ssl": -1}, "comment": "FX rates"},
            {"startedDateTime": "2026-11-20T14:00:01.000Z", "time": 0,
             "request": {"method": "GET", "url": "https://api.bank.example/v1/fx/history", "httpVersion": "HTTP/1.1",
               "cookies": [], "headers": [], "queryString": [], "headersSize": -1, "bodySize": -1},
             "cache": {}, "timings": {"blocked": -1, "dns": -1, "connect": -1, "send": 0, "wait": 0, "receive": 0, "ssl": -1}, "comment": "never sent"}
          ]}}
        """#

    /// Xcode Instruments' HTTP Traffic: an http host with a port, no `cache` or `timings`,
    /// and the body's type only in `mimeType`.
    static let instruments = #"""
        {"log": {"version": "1.2", "creator": {"name": "Instruments", "version": "16.1"},
          "entries": [
            {"startedDateTime": "2026-11-20T15:00:00.000Z", "time": 8,
             "request": {"method": "GET", "url": "http://localhost:8080/v1/offers", "httpVersion": "HTTP/1.1",
               "headers": [{"name": "Accept", "value": "application/json"}], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
               "content": {"size": 30, "mimeType": "application/json", "text": "{\"data\":[{\"id\":\"off_cashback\"}]}"},
               "redirectURL": "", "headersSize": -1, "bodySize": 30}}
          ]}}
        """#
}
