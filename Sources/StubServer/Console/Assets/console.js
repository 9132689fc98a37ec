"use strict";
(() => {
  const api = "/__stubbank";
  const maxEntries = 5000;   // kept in the page, paused or not
  const maxRows = 1000;      // drawn in the table
  const $ = (id) => document.getElementById(id);
  const state = {
    entries: [], lastSequence: 0, dropped: 0, paused: false, pending: 0,
    routes: [], patterns: "", sessions: new Set(["default"]), behaviours: [], source: null, refreshTimer: null, selected: null,
  };

  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name === "class") node.className = value; else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children) {
      if (child !== undefined && child !== null) node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  async function call(method, path, body) {
    const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(api + path, init);
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (error) { data = null; }
    if (!response.ok) {
      const error = data && data.error;
      const details = error && error.details && error.details.length
        ? " (" + error.details.map((d) => (d.path ? d.path + ": " : "") + d.message).join("; ") + ")" : "";
      throw new Error(error ? error.message + details : "HTTP " + response.status + " from " + path);
    }
    return data;
  }

  function notice(text) { $("notice").textContent = text; $("problem").textContent = ""; }
  function problem(error) { $("problem").textContent = error.message || String(error); }
  const guarded = (action) => (...args) => action(...args).catch(problem);

  // The log

  function isError(entry) {
    return Boolean(entry.fault) || entry.status === null || entry.status === undefined || entry.status >= 400;
  }

  function visible(entry) {
    const session = $("session").value;
    if (session && entry.session !== session) return false;
    const text = $("filter-path").value.trim();
    if (text && !entry.path.includes(text)) return false;
    return !$("filter-errors").checked || isError(entry);
  }

  function outcome(entry) {
    if (entry.fault) return "fault: " + entry.fault;
    if (entry.status === null || entry.status === undefined) return "no answer";
    return String(entry.status);
  }

  function routeCell(entry) {
    if (entry.route) {
      const known = state.routes.find((route) => route.journalName === entry.route);
      return known ? entry.route + " · " + known.source : entry.route;
    }
    if (entry.nearMiss) return el("span", { class: "miss" }, "No route matched. Closest: " + entry.nearMiss);
    return "—";
  }

  function row(entry) {
    const time = (entry.receivedAt || "").slice(11, 19);
    const label = "Details of " + entry.method + " " + entry.path + " at " + time;
    const row = el("tr", { class: isError(entry) ? "error" : "", "data-sequence": entry.sequence },
      el("td", {}, time),
      el("td", {}, entry.method),
      el("td", {}, el("button", { type: "button", class: "link", "aria-label": label, title: entry.path }, entry.path)),
      el("td", {}, entry.session),
      el("td", { class: "status" }, outcome(entry)),
      el("td", { class: "num" }, entry.latencyMs.toFixed(entry.latencyMs < 10 ? 1 : 0) + " ms"),
      el("td", {}, routeCell(entry)),
      el("td", {}, entry.behaviour || "—"));
    row.addEventListener("click", () => guarded(showDetail)(entry.sequence, row));
    return row;
  }

  function renderLog() {
    const rows = [];
    for (let index = state.entries.length - 1; index >= 0 && rows.length < maxRows; index--) {
      if (visible(state.entries[index])) rows.push(row(state.entries[index]));
    }
    $("log-rows").replaceChildren(...rows);
    state.pending = 0;
    updateCounts();
  }

  function updateCounts() {
    const shown = $("log-rows").children.length;
    let text = shown + " shown of " + state.entries.length + " received";
    if (state.dropped) text += "; " + state.dropped + " older ones dropped from the page (the journal may still hold them)";
    $("log-count").textContent = text;
    $("pause").textContent = state.paused ? "Resume (" + state.pending + " new)" : "Pause";
  }

  function add(entry, quiet) {
    if (entry.sequence <= state.lastSequence) return;
    state.lastSequence = entry.sequence;
    state.entries.push(entry);
    if (state.entries.length > maxEntries) {
      const extra = state.entries.length - maxEntries;
      state.entries.splice(0, extra);
      state.dropped += extra;
    }
    noteSession(entry.session);
    if (quiet) return;
    if (state.paused) {
      state.pending++;
    } else if (visible(entry)) {
      const tbody = $("log-rows");
      tbody.prepend(row(entry));
      while (tbody.children.length > maxRows) tbody.lastElementChild.remove();
    }
    updateCounts();
    scheduleRefresh();
  }

  function setPaused(paused) {
    state.paused = paused;
    $("pause").setAttribute("aria-pressed", String(paused));
    if (!paused) renderLog(); else updateCounts();
  }

  // One exchange in full

  function headerList(headers) {
    const names = Object.keys(headers || {}).sort();
    if (!names.length) return el("p", { class: "help" }, "No headers.");
    return el("dl", {}, ...names.flatMap((name) => [el("dt", {}, name), el("dd", {}, headers[name])]));
  }

  function message(title, part) {
    const body = part.body !== undefined && part.body !== null ? el("pre", {}, part.body)
      : el("p", { class: "help" }, part.bodyOmitted || (part.bodyBytes ? part.bodyBytes + " bytes" : "No body."));
    const heading = title + (part.status !== undefined && part.status !== null ? ": " + part.status : "");
    return el("div", {}, el("h4", {}, heading), headerList(part.headers), body);
  }

  async function showDetail(sequence, row) {
    const detail = await call("GET", "/journal/" + sequence);
    const entry = detail.entry;
    for (const selected of document.querySelectorAll("#log-rows tr.selected")) selected.classList.remove("selected");
    if (row) row.classList.add("selected");
    state.selected = sequence;
    const parts = [el("p", {}, entry.method + " " + entry.path + " · session " + entry.session + " · " + outcome(entry)
      + " · " + entry.latencyMs.toFixed(1) + " ms" + (entry.behaviour ? " · behaviour " + entry.behaviour : ""))];
    if (entry.route) parts.push(el("p", {}, "Route: " + entry.route));
    if (entry.nearMiss) parts.push(el("p", { class: "miss" }, "No route matched. Closest: " + entry.nearMiss));
    if (detail.request) parts.push(message("Request", detail.request));
    if (detail.response) parts.push(message("Response", detail.response));
    if (detail.note) parts.push(el("p", { class: "help" }, detail.note));
    $("detail-heading").textContent = "Exchange " + sequence;
    $("detail-body").replaceChildren(...parts);
    $("detail").hidden = false;
    $("detail-heading").focus();
  }

  function closeDetail() {
    $("detail").hidden = true;
    const row = document.querySelector("#log-rows tr[data-sequence='" + state.selected + "'] button");
    if (row) row.focus();
  }

  // Sessions, scenarios, switches, routes

  function noteSession(name) {
    if (state.sessions.has(name)) return;
    state.sessions.add(name);
    for (const id of ["session", "steer-session"]) $(id).append(el("option", { value: name }, name));
  }

  async function loadSessions() {
    const list = await call("GET", "/sessions");
    for (const session of list.data) noteSession(session.name);
  }

  async function loadScenarios() {
    const scenarios = await call("GET", "/scenarios");
    const select = $("scenario");
    select.replaceChildren(el("option", { value: "" }, "(none)"),
      ...scenarios.data.map((s) => el("option", { value: s.name, title: s.description }, s.name)));
    select.value = scenarios.active || "";
  }

  function describe(behaviour) {
    const spec = behaviour.spec;
    const effects = [];
    if (spec.status) effects.push("status " + spec.status);
    if (spec.fault) effects.push(spec.fault === "reset" ? "offline (reset)" : "fault " + spec.fault);
    if (spec.latency) {
      const l = spec.latency;
      effects.push(l.type === "fixed" ? "delay " + l.ms + " ms" : l.type === "uniform" ? "delay " + l.minMs + "–" + l.maxMs + " ms"
        : "delay ~" + l.medianMs + " ms");
    }
    if (spec.bandwidth) effects.push(spec.bandwidth.bytesPerSecond + " B/s");
    if (spec.tamperSignature) effects.push("bad signature");
    if (!effects.length && spec.headers) effects.push("headers");
    return spec.route + " → " + effects.join(", ") + (behaviour.session ? " (session " + behaviour.session + ")" : "");
  }

  function timeLeft(behaviour) {
    const parts = [];
    if (behaviour.remaining !== undefined && behaviour.remaining !== null) parts.push(behaviour.remaining + " more requests");
    if (behaviour.deadline) parts.push(Math.max(0, Math.ceil((behaviour.deadline - Date.now()) / 1000)) + " s left");
    if (behaviour.source === "scenario") parts.push("from the scenario; switch it off above");
    return parts.length ? parts.join(", ") : "until removed";
  }

  async function loadBehaviours() {
    const session = $("session").value;
    const list = await call("GET", "/behaviours?limit=1000" + (session ? "&session=" + encodeURIComponent(session) : ""));
    const now = Date.now();
    state.behaviours = list.data.map((b) => Object.assign(b, {
      deadline: b.secondsLeft !== undefined && b.secondsLeft !== null ? now + b.secondsLeft * 1000 : null,
    }));
    const items = state.behaviours.map((b) => {
      const what = describe(b);
      const item = el("li", { "data-id": b.id },
        el("span", {}, el("span", { class: "what" }, what), el("span", { class: "left" }, timeLeft(b))));
      if (b.source === "admin") {
        const remove = el("button", { type: "button", "aria-label": "Remove " + what }, "Remove");
        remove.addEventListener("click", guarded(async () => {
          await call("DELETE", "/behaviours/" + encodeURIComponent(b.id));
          notice("Removed: " + what);
          await loadBehaviours();
        }));
        item.append(remove);
      }
      return item;
    });
    $("active").replaceChildren(...items);
    $("active-empty").hidden = items.length > 0;
    $("remove-all").hidden = !state.behaviours.some((b) => b.source === "admin");
  }

  function tick() {
    let expired = false;
    for (const b of state.behaviours) {
      if (!b.deadline) continue;
      const item = document.querySelector("#active li[data-id='" + CSS.escape(b.id) + "'] .left");
      if (item) item.textContent = timeLeft(b);
      if (b.deadline <= Date.now()) expired = true;
    }
    if (expired) guarded(loadBehaviours)();
  }

  async function loadRoutes() {
    const session = $("session").value;
    const list = await call("GET", "/routes" + (session ? "?session=" + encodeURIComponent(session) : ""));
    state.routes = list.data;
    $("route-rows").replaceChildren(...list.data.map((route) => el("tr", {},
      el("td", {}, route.route + (route.journalName !== route.route ? " [" + route.operationId + "]" : "")),
      el("td", {}, route.source),
      el("td", { class: "num" }, route.hits))));
    // The route choice is rebuilt only when the routes change (a reload), not on every hit,
    // so an open list is not pulled from under the user.
    const patterns = [...new Set(list.data.map((route) => route.route))];
    if (patterns.join("\n") !== state.patterns) {
      state.patterns = patterns.join("\n");
      const select = $("steer-route");
      const chosen = select.value;
      select.replaceChildren(el("option", { value: "* /**" }, "All routes"),
        ...patterns.map((pattern) => el("option", { value: pattern }, pattern)));
      if (chosen) select.value = chosen;
    }
  }

  function scheduleRefresh() {
    if (state.refreshTimer) return;
    state.refreshTimer = setTimeout(() => {
      state.refreshTimer = null;
      guarded(async () => { await Promise.all([loadBehaviours(), loadRoutes()]); })();
    }, 400);
  }

  function buildSpec() {
    const form = $("steer");
    const effect = form.querySelector("input[name=effect]:checked").value;
    const span = form.querySelector("input[name=span]:checked").value;
    const spec = { route: $("steer-route").value, note: "console" };
    const number = (id, name) => {
      const value = Number($(id).value);
      if ($(id).value === "" || !Number.isFinite(value)) throw new Error(name + " must be a number");
      return value;
    };
    if (effect === "status") spec.status = number("steer-status", "Status");
    if (effect === "delay") {
      const low = number("steer-delay-min", "Delay");
      spec.latency = $("steer-delay-max").value === "" ? { type: "fixed", ms: low }
        : { type: "uniform", minMs: low, maxMs: number("steer-delay-max", "Delay up to") };
    }
    if (effect === "fault") spec.fault = $("steer-fault").value;
    if (effect === "offline") spec.fault = "reset";
    if (span === "times") spec.times = number("steer-times", "Number of requests");
    if (span === "expiry") spec.expiresInSeconds = number("steer-expiry", "Seconds");
    return spec;
  }

  async function steer(event) {
    event.preventDefault();
    const spec = buildSpec();
    const session = $("steer-session").value;
    const created = await call("POST", "/behaviours" + (session ? "?session=" + encodeURIComponent(session) : ""), spec);
    notice("On: " + describe(created));
    await loadBehaviours();
  }

  async function reset(session) {
    const result = await call("POST", "/reset" + (session ? "?session=" + encodeURIComponent(session) : ""));
    state.entries = state.entries.filter((entry) => session && entry.session !== session);
    renderLog();
    notice((session ? "Session " + session + " reset: " : "Everything reset: ") + result.customersRestored + " customers restored, "
      + result.tokensRevoked + " tokens revoked, " + result.behavioursRemoved + " switches removed, "
      + result.journalEntriesCleared + " requests cleared.");
    await Promise.all([loadBehaviours(), loadRoutes()]);
  }

  // Start, and start again after the connection drops (a restarted server starts its journal anew)

  function setConnection(text, live) {
    $("connection").textContent = text;
    $("connection").classList.toggle("live", live);
  }

  async function start() {
    const journal = await call("GET", "/journal?limit=500");
    const newest = journal.data.length ? journal.data[0].sequence : 0;
    if (newest < state.lastSequence) {
      state.entries = [];
      state.lastSequence = 0;
    }
    for (const entry of journal.data.slice().reverse()) add(entry, true);
    renderLog();
    await Promise.all([loadSessions(), loadScenarios(), loadRoutes(), loadBehaviours()]);
    const source = new EventSource(api + "/events?after=" + state.lastSequence);
    state.source = source;
    source.addEventListener("open", () => setConnection("Live", true));
    source.addEventListener("request", (event) => add(JSON.parse(event.data)));
    source.addEventListener("error", () => {
      source.close();
      setConnection("Disconnected; trying again…", false);
      setTimeout(() => start().catch(retry), 2000);
    });
  }

  function retry(error) {
    setConnection("Cannot reach the stub (" + (error.message || error) + "); trying again…", false);
    setTimeout(() => start().catch(retry), 2000);
  }

  function wire() {
    $("pause").addEventListener("click", () => setPaused(!state.paused));
    $("clear-view").addEventListener("click", () => { state.entries = []; state.dropped = 0; renderLog(); });
    $("filter-path").addEventListener("input", renderLog);
    $("filter-errors").addEventListener("change", renderLog);
    $("session").addEventListener("change", guarded(async () => {
      const session = $("session").value;
      $("reset-session").disabled = !session;
      $("reset-session").textContent = session ? "Reset session " + session : "Reset session";
      renderLog();
      await Promise.all([loadBehaviours(), loadRoutes()]);
    }));
    $("scenario").addEventListener("change", guarded(async () => {
      const name = $("scenario").value;
      if (name) await call("PUT", "/scenario", { name }); else await call("DELETE", "/scenario");
      notice(name ? "Scenario " + name + " is on." : "No scenario.");
      await loadBehaviours();
    }));
    $("reset-session").addEventListener("click", guarded(() => reset($("session").value)));
    $("reset-all").addEventListener("click", guarded(() => reset(null)));
    $("remove-all").addEventListener("click", guarded(async () => {
      await call("DELETE", "/behaviours");
      notice("Removed every switch.");
      await loadBehaviours();
    }));
    $("steer").addEventListener("submit", guarded(steer));
    for (const radio of document.querySelectorAll("input[name=effect]")) {
      radio.addEventListener("change", () => {
        for (const group of document.querySelectorAll("[data-effect]")) group.hidden = group.dataset.effect !== radio.value;
      });
    }
    $("detail-close").addEventListener("click", closeDetail);
    document.addEventListener("keydown", (event) => { if (event.key === "Escape" && !$("detail").hidden) closeDetail(); });
    setInterval(tick, 1000);
  }

  wire();
  start().catch(retry);
})();
