"""The wallet page's taps: Pay, Collect and Rent by a player picker and a keypad, a deed's own actions, what
waits for the player after a landing, "Ben paid you $100", and the phone's own small requests (take a
proposal back, "still here", a key for each Send). Inlined into the page by page.py.

Every tap builds a line in the phone's voice (voice.py) and asks `/api/meaning` what it means before Send is
lit, so a tap shows and proposes exactly what the typed line would: the rules decide, never this script. A
deed's actions are the lines among build, sell, mortgage, unmortgage that the rules accept now.
"""

TAPS_HTML = """
    <div id="waits"></div>
    <div class="actions">
      <button type="button" id="do-pay">Pay</button><button type="button" id="do-collect">Collect</button>
      <button type="button" id="do-rent">Rent</button>
    </div>
"""

SHEET_HTML = """
  <section id="sheet" class="sheet" hidden aria-live="polite">
    <div class="sheet-head"><strong id="sheet-title"></strong>
      <button id="sheet-close" class="link" type="button">cancel</button></div>
    <div id="sheet-pick" class="pick"></div>
    <div id="sheet-amount" class="amount" hidden></div>
    <div id="sheet-keys" class="keys" hidden></div>
    <p id="sheet-means" class="msg"></p>
    <button id="sheet-send" class="send" type="button" disabled>Send</button>
  </section>
  <div id="notice" class="notice" hidden role="status"></div>
"""

TAPS_SCRIPT = r"""
async function withdraw(id) {
  try {
    const answer = await post("/api/withdraw", { player: myName(), token: store(tokenKey()) || "", id: String(id) });
    if (answer && !answer.ok) say(answer.body.error || "not taken back", true);
    else if (answer) say("Taken back: the banker will not see it.", false);
  } catch (e) { say("no connection to the banker; try again", true); }
}
function seen() {
  const name = doc && myName();
  if (name && !document.hidden) post("/api/seen", { player: name, token: store(tokenKey()) || "" }).catch(() => {});
}
setInterval(seen, 30000);
function newKey() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
const QUICK = [10, 50, 100, 200];
let sheet = null, sheetAsked = 0, sheetKey = "";
function q(name) { return /\s/.test(name) ? '"' + name.replace(/(["\\])/g, "\\$1") + '"' : name; }
function others(name) { return doc.players.filter((p) => p.name !== name && !p.badges.includes("bankrupt")); }
function deedsOf(player) { return player.groups.flatMap((g) => g.deeds); }
function button(text, cls, onClick) {
  const b = el("button", cls || "", text); b.type = "button"; b.addEventListener("click", onClick); return b;
}

function openSheet(spec) {
  sheet = Object.assign({ who: "", amount: "", dice: "", line: null }, spec);
  sheetKey = newKey();
  $("sheet").hidden = false; $("sheet-title").textContent = spec.title;
  drawSheet();
}
function closeSheet() { sheet = null; $("sheet").hidden = true; }
$("sheet-close").addEventListener("click", closeSheet);

function drawSheet() {
  if (!sheet) return;
  const pick = $("sheet-pick");
  pick.replaceChildren();
  const choices = sheet.choices ? sheet.choices() : [];
  for (const choice of choices) {
    const b = button(choice.label, sheet.who === choice.value ? "chosen" : "", () => {
      sheet.who = choice.value; if (choice.then) choice.then(); drawSheet(); });
    pick.append(b);
  }
  const wantsNumber = sheet.wants && sheet.wants();
  $("sheet-amount").hidden = $("sheet-keys").hidden = !wantsNumber;
  if (wantsNumber) {
    const value = sheet[wantsNumber];
    $("sheet-amount").textContent = (wantsNumber === "dice" ? "dice total: " : "amount: ") + (value || "0");
    drawKeys(wantsNumber);
  }
  const line = sheet.line ? sheet.line() : null;
  $("sheet-send").disabled = true;
  if (!line) { $("sheet-means").className = "msg"; $("sheet-means").textContent = sheet.hint || ""; return; }
  checkSheet(line);
}

function drawKeys(field) {
  const keys = $("sheet-keys");
  keys.replaceChildren();
  if (field === "amount") {
    const quick = el("div", "quick");
    for (const n of QUICK) quick.append(button(String(n), "", () => { sheet.amount = String(n); drawSheet(); }));
    keys.append(quick);
  }
  const pad = el("div", "pad");
  for (const k of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0", "⌫"]) {
    pad.append(button(k, "key", () => {
      const now = sheet[field] || "";
      sheet[field] = k === "⌫" ? now.slice(0, -1) : (now + k).replace(/^0+/, "").slice(0, 7);
      drawSheet();
    }));
  }
  keys.append(pad);
}

async function checkSheet(line) {
  const mine = ++sheetAsked, means = $("sheet-means");
  means.className = "msg"; means.textContent = "checking…";
  try {
    const answer = await ask("/api/meaning", line);
    if (!answer || mine !== sheetAsked || !sheet) return;
    if (answer.ok) {
      means.textContent = "Means: " + answer.body.meaning;
      sheet.ready = line; $("sheet-send").disabled = false;
    } else { means.className = "msg bad"; means.textContent = answer.body.error || "the rules refuse it"; }
  } catch (e) { if (mine === sheetAsked) { means.className = "msg bad"; means.textContent = "no connection"; } }
}

$("sheet-send").addEventListener("click", async () => {
  if (!sheet || !sheet.ready) return;
  const line = sheet.ready;
  $("sheet-send").disabled = true;
  try {
    const answer = await ask("/api/propose", line, sheetKey);
    if (!answer) return;
    if (answer.ok) { closeSheet(); say("Sent to the banker: " + answer.body.proposal.meaning, false); }
    else { $("sheet-means").className = "msg bad"; $("sheet-means").textContent = answer.body.error || "not sent"; }
  } catch (e) { $("sheet-means").className = "msg bad"; $("sheet-means").textContent = "not sent: no connection"; }
  finally { if (sheet) $("sheet-send").disabled = false; }
});

function moneySheet(verb) {
  const name = myName();
  openSheet({
    title: verb === "pay" ? "Pay" : "Collect",
    hint: verb === "pay" ? "Whom do you pay? Then the amount." : "Who pays you? Then the amount.",
    choices: () => others(name).map((p) => ({ label: p.name, value: p.name })).concat(
      [{ label: "the bank", value: "\u0000bank" }]),
    wants: () => (sheet.who ? "amount" : null),
    line: () => (sheet.who && sheet.amount
      ? verb + " " + (sheet.who === "\u0000bank" ? "" : q(sheet.who) + " ") + sheet.amount : null),
  });
}
$("do-pay").addEventListener("click", () => moneySheet("pay"));
$("do-collect").addEventListener("click", () => moneySheet("collect"));

function rentSheet() {
  const name = myName(), me = doc.players.find((p) => p.name === name);
  const owed = others(name).flatMap((p) => deedsOf(p).filter((d) => !d.mortgaged)
    .map((d) => ({ label: d.name + " (" + p.name + "'s)", value: d.name, dice: /dice/.test(d.rent) })));
  const mine = deedsOf(me).filter((d) => !d.mortgaged)
    .map((d) => ({ label: d.name + " (yours)", value: d.name, dice: /dice/.test(d.rent), own: true }));
  const all = owed.concat(mine);
  const chosen = () => all.find((d) => d.value === sheet.deed);
  openSheet({
    title: "Rent", hint: "Which deed? You pay its owner; on your own deed, pick who landed.",
    choices: () => (sheet.deed && chosen() && chosen().own
      ? others(name).map((p) => ({ label: p.name + " landed", value: p.name }))
      : all.map((d) => ({ label: d.label, value: d.value, then: () => { sheet.deed = d.value; sheet.who = ""; } }))),
    wants: () => (chosen() && chosen().dice && (!chosen().own || sheet.who) ? "dice" : null),
    line: () => {
      const d = chosen();
      if (!d || (d.own && !sheet.who) || (d.dice && !sheet.dice)) return null;
      return "rent " + (d.own ? q(sheet.who) + " " : "") + q(d.value) + (d.dice ? " " + sheet.dice : "");
    },
  });
}
$("do-rent").addEventListener("click", rentSheet);

async function deedSheet(deed) {
  const candidates = ["build " + q(deed.name) + " 1", "sell " + q(deed.name) + " 1", "mortgage " + q(deed.name),
                      "unmortgage " + q(deed.name)];
  openSheet({ title: deed.name, hint: "checking what the rules allow…" });
  const spec = sheet;
  const answers = await Promise.all(candidates.map((line) => ask("/api/meaning", line).catch(() => null)));
  if (sheet !== spec) return;
  const legal = candidates.map((line, i) => ({ line, answer: answers[i] })).filter((c) => c.answer && c.answer.ok);
  const name = myName();
  spec.hint = legal.length ? "" : "Nothing to build, sell or mortgage on it now; offer it in a trade.";
  spec.choices = () => (spec.trade
    ? others(name).map((p) => ({ label: "to " + p.name, value: p.name }))
    : legal.map((c) => ({ label: c.answer.body.meaning, value: c.line })).concat(
      [{ label: "Offer in a trade…", value: "", then: () => { spec.trade = true; } }]));
  spec.wants = () => (spec.trade && spec.who ? "amount" : null);
  spec.line = () => (spec.trade ? (spec.who && spec.amount
    ? "trade " + q(spec.who) + " give " + q(deed.name) + " get " + spec.amount : null) : spec.who || null);
  drawSheet();
}

function renderWaits(name) {
  const box = $("waits");
  box.replaceChildren();
  for (const wait of (doc.waiting || []).filter((w) => w.player === name)) {
    const card = el("div", "wait");
    card.append(el("div", "", wait.text));
    const row = el("div", "taps");
    for (const tap of wait.taps) {
      row.append(button(tap.label, "", () => openSheet({
        title: wait.text, hint: tap.needs === "dice" ? "The dice total?" : "",
        wants: () => (tap.needs === "dice" ? "dice" : null),
        line: () => (tap.needs === "dice" ? (sheet.dice ? tap.line + " " + sheet.dice : null) : tap.line),
      })));
    }
    card.append(row);
    box.append(card);
  }
}

let lastSeq = null, lastFor = null, noticeTimer = null;
function noticePaid(me) {
  const lines = me.lines.filter((l) => !l.marker && !l.undone);
  const newest = me.lines.length ? me.lines[me.lines.length - 1].seq : 0;
  if (lastFor === me.name && lastSeq !== null) {
    for (const line of lines.filter((l) => l.seq > lastSeq && l.change.startsWith("+"))) {
      const paid = line.text.match(/^(.+?) pays (.+?) (\S+) \(/);
      show(paid && paid[2] === me.name ? paid[1] + " paid you " + paid[3] : line.change + ": " + line.text);
    }
  }
  lastSeq = newest; lastFor = me.name;
}
function show(text) {
  const box = $("notice");
  box.textContent = text; box.hidden = false;
  if (navigator.vibrate) { try { navigator.vibrate(120); } catch (e) { /* not allowed here */ } }
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { box.hidden = true; }, 6000);
}
"""
