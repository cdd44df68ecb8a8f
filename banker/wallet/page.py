"""The wallet page: one self-contained HTML file (inline CSS and JS, no build step, no CDN).

Laid out for a phone held upright (about 390 px wide, no zoom needed): one column, 16 px text,
44 px touch targets, long names wrap. It knows no edition: every label comes from the JSON the
server sends (see views.py), and every text is set with textContent, never parsed as HTML.
"""

from __future__ import annotations

import json
from html import escape

from .page_style import STYLE
from .page_taps import SHEET_HTML, TAPS_HTML, TAPS_SCRIPT

FORBIDDEN_MESSAGE = "This wallet link does not work any more. Scan the banker's QR code again."

FORBIDDEN_PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Banker wallet: scan again</title>
<style>body{{font:18px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;max-width:34rem}}h1{{font-size:1.4rem}}</style>
</head><body><h1>Scan the QR code again</h1><p>{escape(FORBIDDEN_MESSAGE)}</p>
<p>The banker's code may have changed, or this link was typed without it.</p></body></html>
"""

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Banker wallet</title>
<style>
__STYLE__</style>
</head>
<body>
<header><div class="bar">
  <span id="title">Banker wallet</span><span id="live" class="live">connecting…</span>
</div></header>
<main>
  <section id="gone" hidden>
    <h1>Scan the QR code again</h1>
    <p id="gone-text"></p>
  </section>
  <section id="pick" hidden>
    <h1>Who are you?</h1>
    <p class="empty">Pick your name once; this phone keeps it, and no other phone can speak as you.</p>
    <p id="pick-msg" class="msg bad" aria-live="polite"></p>
    <div id="names" class="names"></div>
  </section>
  <section id="wallet" hidden>
    <div class="card me">
      <div class="who">
        <strong id="me-name"></strong><button id="switch" class="link" type="button">not you?</button>
      </div>
      <div id="cash" class="cash"></div>
      <ul id="badges" class="badges"></ul>
    </div>
__TAPS_HTML__    <div id="notes"></div>
    <h2>Deeds</h2>
    <div id="deeds"></div>
    <div id="holdings-box"><h2>Cards and tokens</h2><ul id="holdings" class="chips"></ul></div>
    <h2>Other players</h2>
    <div id="others"></div>
    <h2>Latest in the ledger</h2>
    <ol id="lines" class="lines"></ol>
    <h2>Or type an action</h2>
    <form id="propose" class="propose" autocomplete="off">
      <input id="line" name="line" maxlength="200" enterkeyhint="send" aria-label="action to propose"
             autocomplete="off" autocorrect="off" autocapitalize="off" spellcheck="false">
      <button id="send" type="submit">Send</button>
    </form>
    <p id="propose-msg" class="msg" aria-live="polite"></p>
    <p id="voice" class="empty"></p>
    <ul id="mine" class="mine"></ul>
  </section>
  <footer id="foot"></footer>
</main>
__SHEET_HTML__
<script>
"use strict";
const code = new URLSearchParams(location.search).get("code") || "";
const query = "?code=" + encodeURIComponent(code);
const GONE = __GONE__;
const memory = {};
let doc = null, source = null, shownCash = null, shownFor = null, updated = null, stopped = false, confirmed = true;

const $ = (id) => document.getElementById(id);
function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}
function store(key, value) {
  try { if (value === undefined) return localStorage.getItem(key); localStorage.setItem(key, value); }
  catch (e) { if (value === undefined) return memory[key] || null; memory[key] = value; }
  return value;
}
function forget(key) { try { localStorage.removeItem(key); } catch (e) { delete memory[key]; } }
function nameKey() { return "banker-wallet:" + doc.game; }
function tokenKey() { return "banker-wallet-token:" + doc.game; }
function myName() {
  const name = store(nameKey());
  return store(tokenKey()) && doc.players.some((p) => p.name === name) ? name : null;
}
function lose(text) { forget(nameKey()); forget(tokenKey()); $("pick-msg").textContent = text || ""; render(); }
function clock(iso) {
  const when = new Date(iso);
  return isNaN(when) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}
function colourOf(name) {
  return window.CSS && CSS.supports && CSS.supports("color", name) ? name : "#9a9a9a";
}
function setLive(text, cls) { const live = $("live"); live.textContent = text; live.className = "live " + cls; }

function showGone() {
  stopped = true;
  if (source) source.close();
  $("wallet").hidden = true; $("pick").hidden = true; $("gone").hidden = false;
  $("gone-text").textContent = GONE;
  setLive("disconnected", "off");
}

function groupsInto(box, player, onTap) {
  box.replaceChildren();
  if (!player.groups.length) { box.append(el("p", "empty", "No deeds.")); return; }
  for (const group of player.groups) {
    const card = el("div", "group");
    card.style.borderLeftColor = colourOf(group.colour);
    const head = el("div", "head");
    head.append(el("span", "", group.label), el("span", "", group.owned));
    card.append(head);
    for (const deed of group.deeds) {
      const row = el("div", "deed" + (deed.mortgaged ? " mortgaged" : ""));
      const left = el("div");
      left.append(el("div", "name", deed.name));
      const sub = [deed.build, deed.mortgaged ? "mortgaged" : ""].filter(Boolean).join(" · ");
      if (sub) left.append(el("div", "sub", sub));
      row.append(left, el("div", "rent", deed.rent));
      if (onTap) { row.classList.add("tap"); row.tabIndex = 0; row.addEventListener("click", () => onTap(deed)); }
      card.append(row);
    }
    box.append(card);
  }
}

function chipsInto(list, words, cls) {
  list.replaceChildren();
  for (const word of words) list.append(el("li", cls, word));
}

function renderPick() {
  $("wallet").hidden = true; $("pick").hidden = false;
  const names = $("names");
  names.replaceChildren();
  for (const player of doc.players) {
    const held = (doc.claims || []).includes(player.name), kept = (doc.kept || []).includes(player.name);
    const button = el("button", held || kept ? "taken" : "");
    button.append(el("span", "", player.name));
    if (held) button.append(el("span", "held", " · on a phone"));
    if (kept) button.append(el("span", "held", " · kept for a new phone"));
    button.type = "button";
    button.addEventListener("click", () => claimName(player.name, kept));
    names.append(button);
  }
}

async function claimName(name, kept) {
  $("pick-msg").textContent = "";
  let pair = new URLSearchParams(location.search).get("pair") || "";
  if (kept && !pair) pair = (window.prompt("The banker kept " + name + " for a new phone. Pairing code "
                                           + "from the banker's screen:") || "").trim();
  try {
    const reply = await post("/api/claim", pair ? { player: name, pair: pair } : { player: name });
    if (!reply) return;
    if (!reply.ok) { $("pick-msg").textContent = reply.body.error || "not now"; return; }
    confirmed = false;
    store(nameKey(), name); store(tokenKey(), reply.body.token);
    render();
  } catch (e) { $("pick-msg").textContent = "no connection to the banker; try again"; }
}

function renderLines(me) {
  const list = $("lines");
  list.replaceChildren();
  for (const line of me.lines.slice().reverse()) {
    const item = el("li", line.undone ? "undone" : "");
    const left = el("div");
    left.append(el("div", "when", clock(line.time) + (line.undone ? " · undone" : "")), el("div", "text", line.text));
    const right = el("div", "money");
    right.append(el("div", line.change.startsWith("+") ? "plus" : "minus", line.change),
                 el("div", "bal", line.balance));
    item.append(left, right);
    list.append(item);
  }
  if (!me.lines.length) list.append(el("li", "empty", "Nothing yet."));
}

function renderOthers(name) {
  const box = $("others");
  const open = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.name));
  box.replaceChildren();
  for (const player of doc.players) {
    if (player.name === name) continue;
    const details = el("details", "other");
    details.dataset.name = player.name;
    details.open = open.has(player.name);
    const summary = el("summary");
    const marks = (player.space ? ["on " + player.space] : []).concat(player.badges);
    const who = el("span", "", player.name + (marks.length ? " · " + marks.join(", ") : ""));
    summary.append(who, el("span", "amt", player.cash_text));
    const inside = el("div", "inside");
    const chips = el("ul", "chips");
    chipsInto(chips, player.holdings, "chip");
    const deeds = el("div");
    groupsInto(deeds, player);
    inside.append(chips, deeds);
    details.append(summary, inside);
    box.append(details);
  }
}

const STATES = {
  pending: () => "waiting for the banker",
  accepting: () => "the banker is running it",
  accepted: (p) => "accepted: " + p.outcome,
  refused: (p) => "refused: " + p.outcome,
  failed: (p) => "the banker accepted it, but the rules refused it: " + p.outcome,
  withdrawn: (p) => p.outcome || "withdrawn",
};

function renderMine(name) {
  const list = $("mine");
  list.replaceChildren();
  for (const p of doc.proposals.filter((p) => p.player === name).reverse().slice(0, 8)) {
    const item = el("li", "", p.meaning || p.shown || p.line);
    if (p.meaning) item.append(el("span", "state", p.line));
    item.append(el("span", "state", (STATES[p.status] || (() => p.status))(p)));
    if (p.status === "pending") {
      const back = el("button", "link", "take back");
      back.type = "button";
      back.addEventListener("click", () => withdraw(p.id));
      item.append(back);
    }
    list.append(item);
  }
  const other = doc.players.find((p) => p.name !== name);
  const them = other ? other.name : "Ann";
  $("line").placeholder = "e.g. pay " + them + " 50";
  $("voice").textContent = "You are " + name + ", so leave your name out: pay " + them + " 50 means you pay "
    + them + "; pay 50, you pay the bank; buy, mortgage, build, bail and trade " + them
    + " give ... get ... all speak for you; rent <deed> pays its owner, rent " + them
    + " <deed> asks " + them + " for your rent. Nothing moves until the banker accepts it.";
}

function render() {
  if (!doc || stopped) return;
  $("title").textContent = doc.edition;
  const head = doc.head;
  const foot = $("foot");
  foot.replaceChildren(
    el("div", "", "Ledger: " + head.events + " events · head " + head.hash.slice(0, 12)),
    el("div", "", "Compare with the banker's screen. " + (updated ? "Updated " + updated : "")));
  const name = myName();
  if (!name) { renderPick(); return; }
  if (doc.claims && doc.claims.includes(name)) confirmed = true;  // the server's list has caught up with the claim
  else if (doc.claims && confirmed) { lose("The banker freed " + name + "; pick your name again."); return; }
  if ($("wallet").hidden) setTimeout(seen, 0);
  $("pick").hidden = true; $("wallet").hidden = false;
  const me = doc.players.find((p) => p.name === name);
  $("me-name").textContent = me.name;
  const cash = $("cash");
  cash.textContent = me.cash_text;
  if (shownFor === name && shownCash !== null && shownCash !== me.cash) {
    cash.classList.remove("flash"); void cash.offsetWidth; cash.classList.add("flash");
  }
  shownCash = me.cash; shownFor = name;
  chipsInto($("badges"), (me.space ? ["you are on " + me.space] : []).concat(me.badges), "badge");
  const notes = $("notes");
  notes.replaceChildren(...doc.notes.map((n) => el("div", "note", n)));
  groupsInto($("deeds"), me, deedSheet);
  renderWaits(name);
  noticePaid(me);
  chipsInto($("holdings"), me.holdings, "chip");
  $("holdings-box").hidden = !me.holdings.length;
  renderOthers(name);
  renderLines(me);
  renderMine(name);
}

function take(text) {
  doc = JSON.parse(text);
  updated = new Date().toLocaleTimeString();
  render();
}

async function poll() {
  try {
    const reply = await fetch("/api/wallet" + query, { cache: "no-store" });
    if (reply.status === 403) { showGone(); return; }
    if (reply.ok) { take(await reply.text()); setLive("live", "on"); }
  } catch (e) { setLive("reconnecting…", "off"); }
}

function connect() {
  if (stopped) return;
  if (!window.EventSource) { poll(); setInterval(poll, 1000); return; }
  source = new EventSource("/events" + query);
  source.addEventListener("open", () => setLive("live", "on"));
  source.addEventListener("wallet", (event) => take(event.data));
  source.addEventListener("bye", showGone);
  source.addEventListener("error", () => {
    setLive("reconnecting…", "");
    if (source.readyState === EventSource.CLOSED) { poll(); setTimeout(connect, 2000); }
  });
}

$("switch").addEventListener("click", async () => {
  const name = myName();
  try { if (name) await post("/api/release", { player: name, token: store(tokenKey()) }); }
  catch (e) { /* no connection: the banker can free the name */ }
  lose("");
});
function say(text, bad) {
  const msg = $("propose-msg");
  msg.className = "msg" + (bad ? " bad" : "");
  msg.textContent = text;
}
async function post(route, body) {
  const reply = await fetch(route + query, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const json = (reply.headers.get("Content-Type") || "").startsWith("application/json");
  if (reply.status === 403 && !json) { showGone(); return null; }  // the join code changed
  return { ok: reply.ok, status: reply.status, body: json ? await reply.json() : {} };
}
async function ask(route, line, key) {
  const body = { player: myName(), line: line, token: store(tokenKey()) || "" };
  if (key) body.key = key;
  const answer = await post(route, body);
  if (answer && answer.status === 403) { lose(answer.body.error); return null; }  // the banker freed the name
  return answer;
}
let sending = false, sendKey = "", keyFor = "";  // one key per Send: a double tap or a retry queues one proposal
let asked = 0, meaningTimer = null;
$("line").addEventListener("input", () => {
  clearTimeout(meaningTimer);
  const line = $("line").value.trim(), mine = ++asked;
  if (!line || !doc) { say("", false); return; }
  meaningTimer = setTimeout(async () => {
    try {
      const answer = await ask("/api/meaning", line);
      if (!answer || mine !== asked) return;
      if (answer.ok) say("Means: " + answer.body.meaning, false);
      else say(answer.body.error || "this cannot be read", true);
    } catch (e) { if (mine === asked) say("", false); }
  }, 300);
});
$("propose").addEventListener("submit", async (event) => {
  event.preventDefault();
  clearTimeout(meaningTimer);
  const input = $("line"), line = input.value.trim(), mine = ++asked;
  if (!line || !doc || sending) return;
  if (keyFor !== line) { sendKey = newKey(); keyFor = line; }
  sending = true; $("send").disabled = true;
  say("sending…", false);
  try {
    const answer = await ask("/api/propose", line, sendKey);
    if (!answer || mine !== asked) return;
    if (answer.ok) { input.value = ""; keyFor = ""; say("Sent to the banker: " + answer.body.proposal.meaning, false); }
    else say(answer.body.error || "not sent", true);
  } catch (e) { say("not sent: no connection to the banker", true); }
  finally { sending = false; $("send").disabled = false; }
});
__TAPS_SCRIPT__
connect();
</script>
</body>
</html>
"""


def wallet_page() -> str:
    """The page, with the 'scan again' text filled in (as a JS string literal)."""
    return (PAGE.replace("__GONE__", json.dumps(FORBIDDEN_MESSAGE)).replace("__STYLE__", STYLE)
            .replace("__TAPS_HTML__", TAPS_HTML).replace("__SHEET_HTML__", SHEET_HTML)
            .replace("__TAPS_SCRIPT__", TAPS_SCRIPT))
