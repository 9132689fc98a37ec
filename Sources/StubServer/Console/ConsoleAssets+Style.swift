extension ConsoleAssets {
    /// `GET /__stubbank/ui/console.css`: two columns from 900 px, one below; tables scroll
    /// sideways inside their box rather than widening the page.
    static let css = #"""
:root { --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --bg: #f6f8fa; --accent: #0b5cad;
        --bad: #b3261e; --bad-bg: #fdecea; --warn: #7a4d00; --ok: #116329; font-size: 15px; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fff; }
h1 { font-size: 1.25rem; margin: 0; }
h2 { font-size: 1.05rem; margin: 0 0 .5rem; }
h3 { font-size: 1rem; margin: 0; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: .5rem; top: .5rem; background: #fff; padding: .25rem .5rem; z-index: 2; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; padding: .75rem 1rem;
       border-bottom: 1px solid var(--line); background: var(--bg); }
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; margin-left: auto; }
.connection { margin: 0; color: var(--muted); }
.connection.live { color: var(--ok); }
.help { color: var(--muted); font-size: .85rem; }
.notice, .problem { margin: 0; padding: 0 1rem; }
.notice:not(:empty) { padding: .5rem 1rem; background: #eef6ee; }
.problem:not(:empty) { padding: .5rem 1rem; background: var(--bad-bg); color: var(--bad); }
main { display: grid; grid-template-columns: minmax(0, 1fr) 24rem; gap: 1rem; padding: 1rem; }
section { margin-bottom: 1.25rem; }
label { display: inline-flex; align-items: center; gap: .35rem; }
form label, form fieldset { margin: 0 0 .5rem; }
form > label { display: flex; justify-content: space-between; }
fieldset { border: 1px solid var(--line); border-radius: 6px; padding: .4rem .6rem; }
legend { font-weight: 600; padding: 0 .25rem; }
.check { display: flex; margin: .2rem 0; }
input, select, button { font: inherit; }
select { max-width: 100%; min-width: 0; }
form > label select { flex: 0 1 auto; width: 65%; }
input[type=number] { width: 6rem; }
input[type=search] { width: 12rem; }
button { border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: .3rem .7rem; cursor: pointer; }
button[type=submit] { background: var(--accent); border-color: var(--accent); color: #fff; }
button[aria-pressed=true] { background: #fff4d6; border-color: #d4a72c; }
button:disabled { opacity: .5; cursor: default; }
:focus-visible { outline: 3px solid #2f81f7; outline-offset: 1px; }
.toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; margin-bottom: .5rem; }
.scroll { overflow: auto; max-height: 60vh; border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); white-space: nowrap; vertical-align: top; }
thead th { position: sticky; top: 0; background: var(--bg); }
td.num, th.num { text-align: right; }
#route-rows td { white-space: normal; word-break: break-word; }
#log-rows tr { cursor: pointer; }
#log-rows tr:hover, #log-rows tr.selected { background: #eef4fb; }
#log-rows tr.error td.status { color: var(--bad); font-weight: 600; }
.link { border: 0; background: none; padding: 0; color: var(--accent); text-decoration: underline; text-align: left;
        max-width: 28rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.miss { color: var(--warn); white-space: normal; min-width: 14rem; display: inline-block; }
.detail { margin-top: 1rem; border: 1px solid var(--line); border-radius: 6px; padding: .75rem; }
.detail-head { display: flex; justify-content: space-between; align-items: center; }
.detail pre { background: var(--bg); padding: .5rem; overflow: auto; max-height: 20rem; font-size: .85rem; white-space: pre-wrap; word-break: break-all; }
.detail dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .75rem; font-size: .85rem; margin: .25rem 0; }
.detail dt { color: var(--muted); }
.detail dd { margin: 0; word-break: break-all; }
.active { list-style: none; padding: 0; margin: 0 0 .5rem; }
.active li { display: flex; justify-content: space-between; gap: .5rem; align-items: flex-start;
             border: 1px solid var(--line); border-radius: 6px; padding: .4rem .5rem; margin-bottom: .4rem; }
.active .what { font-family: ui-monospace, monospace; font-size: .85rem; word-break: break-all; }
.active .left { color: var(--muted); font-size: .85rem; display: block; }
@media (max-width: 900px) {
  main { grid-template-columns: minmax(0, 1fr); padding: .5rem; }
  .controls { margin-left: 0; }
  .bar { padding: .5rem; }
  input[type=search] { width: 9rem; }
  .scroll { max-height: 50vh; }
}
"""#
}
