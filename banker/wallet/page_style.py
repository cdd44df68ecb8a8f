"""The wallet page's style sheet, inlined into the page by page.py (no file to fetch, no CDN).

Laid out for a phone held upright (about 390 px wide, no zoom needed): one column, 16 px text,
44 px touch targets, long names wrap; light or dark as the phone is set.
"""

STYLE = """:root { --bg:#f4f1ea; --card:#fff; --ink:#1c1c1e; --dim:#66625a; --good:#11703a; --bad:#b3261e;
        --rule:#e2ddd2; --accent:#0b6e4f; }
@media (prefers-color-scheme: dark) {
  :root { --bg:#111; --card:#1d1d1f; --ink:#f2f2f2; --dim:#a3a3a3; --good:#63d48a; --bad:#ff8a80;
          --rule:#333; --accent:#4cc79b; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--ink); overflow-wrap: anywhere;
       font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header { position: sticky; top: 0; z-index: 1; background: var(--bg); border-bottom: 1px solid var(--rule); }
.bar, main { max-width: 34rem; margin: 0 auto; padding: 0.5rem 0.75rem; }
.bar { display: flex; justify-content: space-between; gap: 0.5rem; align-items: center; font-size: 0.9rem; }
.live { white-space: nowrap; color: var(--dim); }
.live::before { content: "●"; margin-right: 0.3em; color: #c9a227; }
.live.on::before { color: var(--good); }
.live.off::before { color: var(--bad); }
h1 { font-size: 1.3rem; margin: 0.5rem 0; }
h2 { font-size: 1rem; margin: 1.25rem 0 0.4rem; color: var(--dim); text-transform: uppercase;
     letter-spacing: 0.04em; }
.card { background: var(--card); border: 1px solid var(--rule); border-radius: 0.75rem; padding: 0.75rem; }
.me .who { display: flex; justify-content: space-between; align-items: baseline; gap: 0.5rem; }
.me .who strong { font-size: 1.2rem; }
.cash { font-size: 2.6rem; font-weight: 700; font-variant-numeric: tabular-nums; margin: 0.1rem 0; }
.flash { animation: flash 1.2s ease-out; }
@keyframes flash { from { color: var(--accent); transform: scale(1.04); } to { transform: none; } }
.badges, .chips { display: flex; flex-wrap: wrap; gap: 0.35rem; margin: 0.3rem 0 0; padding: 0; list-style: none; }
.badge, .chip { border-radius: 999px; padding: 0.1rem 0.6rem; font-size: 0.9rem; border: 1px solid var(--rule); }
.badge { background: var(--ink); color: var(--bg); border-color: var(--ink); }
.note { background: var(--card); border-left: 4px solid #c9a227; padding: 0.5rem 0.75rem; margin: 0.5rem 0;
        border-radius: 0.4rem; }
.group { background: var(--card); border: 1px solid var(--rule); border-left: 0.6rem solid #999;
         border-radius: 0.6rem; margin: 0.5rem 0; }
.group .head { display: flex; justify-content: space-between; padding: 0.35rem 0.75rem; color: var(--dim);
               font-size: 0.9rem; border-bottom: 1px solid var(--rule); }
.deed { display: flex; justify-content: space-between; gap: 0.75rem; padding: 0.45rem 0.75rem; }
.deed + .deed { border-top: 1px solid var(--rule); }
.deed .name { font-weight: 600; }
.deed .sub { color: var(--dim); font-size: 0.9rem; }
.deed .rent { text-align: right; font-size: 0.9rem; white-space: nowrap; }
.deed.mortgaged .name { text-decoration: line-through; text-decoration-thickness: 1px; }
.empty { color: var(--dim); }
ol.lines { list-style: none; margin: 0; padding: 0; }
.lines li { display: flex; justify-content: space-between; gap: 0.75rem; padding: 0.45rem 0;
            border-bottom: 1px solid var(--rule); }
.lines .when { color: var(--dim); font-size: 0.85rem; }
.lines .money { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.lines .bal { color: var(--dim); font-size: 0.9rem; }
.lines li.undone .text, .lines li.undone .money { text-decoration: line-through; opacity: 0.6; }
.plus { color: var(--good); } .minus { color: var(--bad); }
details.other { background: var(--card); border: 1px solid var(--rule); border-radius: 0.6rem; margin: 0.4rem 0; }
details.other summary { display: flex; justify-content: space-between; gap: 0.5rem; padding: 0.7rem 0.75rem;
                        cursor: pointer; min-height: 44px; list-style: none; }
details.other summary::-webkit-details-marker { display: none; }
details.other summary .amt { font-weight: 700; font-variant-numeric: tabular-nums; }
details.other .inside { padding: 0 0.5rem 0.5rem; }
button, input { font: inherit; min-height: 44px; border-radius: 0.5rem; }
button { border: 0; background: var(--accent); color: #fff; padding: 0 1rem; font-weight: 600; }
button.link { background: none; color: var(--accent); min-height: 0; padding: 0; font-weight: 400;
              text-decoration: underline; }
.names { display: grid; gap: 0.5rem; }
.names button { width: 100%; font-size: 1.1rem; }
.names button.taken { background: var(--card); color: var(--dim); border: 1px dashed var(--rule); }
button:disabled { opacity: 0.5; }
form.propose { display: flex; gap: 0.5rem; }
form.propose input { flex: 1; min-width: 0; padding: 0 0.6rem; border: 1px solid var(--rule);
                     background: var(--card); color: var(--ink); }
.msg { min-height: 1.4em; margin: 0.3rem 0; font-size: 0.95rem; }
.msg.bad { color: var(--bad); }
ul.mine { list-style: none; padding: 0; margin: 0; }
ul.mine li { padding: 0.4rem 0; border-bottom: 1px solid var(--rule); }
ul.mine .state { display: block; color: var(--dim); font-size: 0.9rem; }
footer { color: var(--dim); font-size: 0.85rem; margin: 1.5rem 0 2rem; }
footer code { font-size: 0.85rem; }
.actions { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.5rem; margin: 0.6rem 0; }
.actions button { font-size: 1.1rem; }
.wait { background: var(--card); border: 2px solid var(--accent); border-radius: 0.6rem; padding: 0.6rem 0.75rem;
        margin: 0.6rem 0; font-weight: 600; }
.wait .taps { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.5rem; }
.wait .taps button { flex: 1; }
.deed.tap { cursor: pointer; }
.deed.tap .name::after { content: " ›"; color: var(--dim); }
.sheet { position: fixed; left: 0; right: 0; bottom: 0; z-index: 2; background: var(--card); max-height: 92vh;
         overflow-y: auto; border-top: 1px solid var(--rule); box-shadow: 0 -6px 24px rgba(0,0,0,0.25);
         padding: 0.6rem 0.75rem 1rem; border-radius: 0.9rem 0.9rem 0 0; }
.sheet-head { display: flex; justify-content: space-between; align-items: baseline; gap: 0.5rem; }
.pick { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.5rem 0; }
.pick button { background: var(--bg); color: var(--ink); border: 1px solid var(--rule); font-weight: 500; }
.pick button.chosen { background: var(--accent); color: #fff; border-color: var(--accent); }
.amount { font-size: 1.6rem; font-weight: 700; font-variant-numeric: tabular-nums; text-align: right; }
.quick, .pad { display: grid; grid-template-columns: repeat(4, 1fr); gap: 0.35rem; margin: 0.35rem 0; }
.pad { grid-template-columns: repeat(3, 1fr); }
.pad button, .quick button { background: var(--bg); color: var(--ink); border: 1px solid var(--rule); }
.sheet .send { width: 100%; font-size: 1.1rem; }
.notice { position: fixed; top: 3rem; left: 0.75rem; right: 0.75rem; z-index: 3; background: var(--good);
          color: #fff; padding: 0.8rem 1rem; border-radius: 0.6rem; font-weight: 700; text-align: center; }
[hidden] { display: none !important; }
"""
