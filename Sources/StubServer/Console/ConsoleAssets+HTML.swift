extension ConsoleAssets {
    /// `GET /__stubbank/ui`.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>StubBank console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/__stubbank/ui/console.css">
<script src="/__stubbank/ui/console.js" defer></script>
</head>
<body>
<a class="skip" href="#log-heading">Skip to the request log</a>
<header class="bar">
  <h1>StubBank console</h1>
  <p id="connection" class="connection" role="status" aria-live="polite">Connecting…</p>
  <div class="controls">
    <label>Scenario
      <select id="scenario" aria-describedby="scenario-help"><option value="">(none)</option></select>
    </label>
    <span id="scenario-help" class="help">Applies to every session at once.</span>
    <label>Session
      <select id="session"><option value="">All sessions</option></select>
    </label>
    <button type="button" id="reset-session" disabled>Reset session</button>
    <button type="button" id="reset-all">Reset everything</button>
  </div>
</header>
<p id="notice" class="notice" role="status" aria-live="polite"></p>
<p id="problem" class="problem" role="alert"></p>
<main>
  <section class="log" aria-labelledby="log-heading">
    <h2 id="log-heading" tabindex="-1">Requests</h2>
    <div class="toolbar">
      <label>Path contains <input id="filter-path" type="search" autocomplete="off" placeholder="e.g. /v1/accounts"></label>
      <label class="check"><input id="filter-errors" type="checkbox"> Errors only</label>
      <button type="button" id="pause" aria-pressed="false">Pause</button>
      <button type="button" id="clear-view">Clear view</button>
      <span id="log-count" class="help" aria-live="polite"></span>
    </div>
    <div class="scroll">
      <table id="log">
        <caption class="visually-hidden">Requests, newest first. Choose a path to see the request and response.</caption>
        <thead><tr>
          <th scope="col">Time (UTC)</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Session</th>
          <th scope="col">Status</th><th scope="col">Latency</th><th scope="col">Route</th><th scope="col">Behaviour</th>
        </tr></thead>
        <tbody id="log-rows"></tbody>
      </table>
    </div>
    <section id="detail" class="detail" aria-labelledby="detail-heading" hidden>
      <div class="detail-head">
        <h3 id="detail-heading" tabindex="-1">Exchange</h3>
        <button type="button" id="detail-close">Close</button>
      </div>
      <div id="detail-body"></div>
    </section>
  </section>
  <aside class="side">
    <section aria-labelledby="steer-heading">
      <h2 id="steer-heading">Switch a failure on</h2>
      <form id="steer" novalidate>
        <label>Route
          <select id="steer-route"></select>
        </label>
        <label>Session
          <select id="steer-session"><option value="">All sessions</option></select>
        </label>
        <fieldset>
          <legend>Effect</legend>
          <label class="check"><input type="radio" name="effect" value="status" checked> Status</label>
          <label class="check"><input type="radio" name="effect" value="delay"> Delay</label>
          <label class="check"><input type="radio" name="effect" value="fault"> Network fault</label>
          <label class="check"><input type="radio" name="effect" value="offline"> Offline</label>
        </fieldset>
        <div data-effect="status">
          <label>Status <input id="steer-status" type="number" min="200" max="599" value="503" inputmode="numeric"></label>
        </div>
        <div data-effect="delay" hidden>
          <label>Delay (ms) <input id="steer-delay-min" type="number" min="0" value="2000" inputmode="numeric"></label>
          <label>up to (ms, optional: a range) <input id="steer-delay-max" type="number" min="0" inputmode="numeric"></label>
        </div>
        <div data-effect="fault" hidden>
          <label>Fault
            <select id="steer-fault">
              <option value="reset">reset: connection lost</option>
              <option value="reset-after">reset-after: acts, then connection lost</option>
              <option value="empty">empty: closed with no answer</option>
              <option value="malformed">malformed: JSON cut off</option>
              <option value="truncated">truncated: body shorter than promised</option>
              <option value="wrong-content-type">wrong-content-type: an HTML page</option>
              <option value="hang">hang: never answers</option>
            </select>
          </label>
        </div>
        <fieldset>
          <legend>For how long</legend>
          <label class="check"><input type="radio" name="span" value="always" checked> Until removed</label>
          <label class="check"><input type="radio" name="span" value="times"> Next <input id="steer-times" type="number" min="1" value="3" aria-label="number of requests" inputmode="numeric"> requests</label>
          <label class="check"><input type="radio" name="span" value="expiry"> For <input id="steer-expiry" type="number" min="1" max="86400" value="30" aria-label="seconds" inputmode="numeric"> seconds</label>
        </fieldset>
        <button type="submit" id="steer-submit">Turn on</button>
      </form>
    </section>
    <section aria-labelledby="active-heading">
      <h2 id="active-heading">Active switches</h2>
      <p id="active-empty" class="help">None: every route answers normally.</p>
      <ul id="active" class="active"></ul>
      <button type="button" id="remove-all" hidden>Remove all</button>
    </section>
    <section aria-labelledby="routes-heading">
      <h2 id="routes-heading">Routes</h2>
      <div class="scroll">
        <table id="routes">
          <caption class="visually-hidden">Every route served, where it comes from, and how many requests it took.</caption>
          <thead><tr><th scope="col">Route</th><th scope="col">Source</th><th scope="col" class="num">Hits</th></tr></thead>
          <tbody id="route-rows"></tbody>
        </table>
      </div>
    </section>
  </aside>
</main>
</body>
</html>
"""#
}
