// The scorer's table on a phone (served as /scorer.js): progressive enhancement of the scoring
// page's `div#table`. Without this script every entry is a plain form and the page works as it
// is; with it:
//   - the card pad (`div#pad`) is revealed: a suit button chooses the suit, and it stays chosen;
//     a rank button adds that card to `#line`, in seat order from the trick's leader
//     (`data-leader`), `#pad-next` saying whose card is next; a card already played in the hand
//     (`data-used`, or already in the line) cannot be tapped; `#pad-back` takes back the last
//     card, `#pad-clear` empties the line. Typing in `#line` still works, and the pad follows
//     what is typed. When the trick is complete Send has the focus.
//   - every entry form of the table (`form#entry`, `form.quick`, `#totals`, `#penalty`) is sent
//     with fetch and the header `X-Don-Fragment: 1`: the answer (200, 422 and 409 alike) is the
//     inner HTML of `div#table` as the game is now (its state on `div#table-state`), swapped
//     in: one round trip an entry, no reload. Send is disabled while an entry is on its way, so nothing is entered twice. When
//     no answer comes (the connection dropped) it says so beside the entry and keeps the line:
//     the server records only what it answers, so nothing is lost and nothing is half done.
// Plain ES2020, no library, no inline script or style (the CSP allows only this file).
"use strict";

(() => {
  const table = document.getElementById("table");
  if (!table || !window.fetch || !window.FormData || !window.URLSearchParams) return;

  const FORMS = "form#entry, form.quick, form#totals, form#penalty";
  const SUITS = "shdc";
  // The suit chosen on the pad: kept across entries and swaps until another is chosen.
  let suit = "";
  try {
    suit = sessionStorage.getItem("don-suit") || "";
  } catch {
    suit = "";
  }
  // An entry on its way to the server: no other is sent until it is answered.
  let busy = false;
  // Whether the scorer was typing (the focus in #line) when the entry was sent: then the focus
  // goes back to #line for the next entry; after taps the keyboard is left closed.
  let typing = false;

  const byId = (id) => document.getElementById(id);

  // The table's state: the page's `div#table` carries it, and an answer swapped in (only the
  // div's inside) carries it on `div#table-state`.
  function state() {
    const holder = byId("table-state") || table;
    const data = holder.dataset;
    const words = (v) => (v || "").trim().toLowerCase().split(/\s+/).filter(Boolean);
    return {
      seats: (data.seats || table.dataset.seats || "").trim().split(/\s+/).filter(Boolean),
      names: (data.names || table.dataset.names || "").split("|").map((n) => n.trim()),
      leader: (data.leader || "").trim(),
      cards: Number(data.cards || table.dataset.cards || 4) || 4,
      used: new Set(words(data.used).map(card)),
      over: (data.over || "0") === "1",
    };
  }

  // A card as the pad writes it (rank then suit, lower case, `t` for ten), or null for a word
  // that is not a card. `N:5H` (a seat before the card) reads as `5h`.
  function card(word) {
    const m = /^(?:[a-z]:)?(10|[akqjt2-9])([shdc])$/i.exec(word);
    if (!m) return null;
    const rank = m[1] === "10" ? "t" : m[1].toLowerCase();
    return rank + m[2].toLowerCase();
  }

  // The cards of the line: all its words, or all but a card half typed at its end (`9c 7`:
  // the pad goes on from `9c`); null when the line is not a trick (`pitcher S`), which the pad
  // never overwrites.
  function lineCards(input) {
    const words = input.value.trim().split(/\s+/).filter(Boolean);
    const cards = words.map(card);
    if (cards.every(Boolean)) return cards;
    const last = words.length - 1;
    const half = /^(?:[a-z]:)?(10?|[akqjt2-9])$/i.test(words[last]);
    return half && cards.slice(0, last).every(Boolean) ? cards.slice(0, last) : null;
  }

  // The seat whose card is next, and its player's name when the page gives the names.
  function seatAfter(st, played) {
    const i = st.seats.indexOf(st.leader);
    if (i < 0 || st.seats.length === 0) return null;
    const k = (i + played) % st.seats.length;
    const name = st.names[k];
    return name ? `${st.seats[k]} (${name})` : st.seats[k];
  }

  // Shows the pad as the line and the table stand: the chosen suit, the cards that may be
  // tapped, whose card is next.
  function showPad() {
    const pad = byId("pad");
    const input = byId("line");
    if (!pad || !input) return;
    const st = state();
    const wanted = st.leader !== "" && !st.over && st.seats.length > 0;
    pad.hidden = !wanted;
    if (!wanted) return;
    const inLine = lineCards(input);
    const played = inLine ? inLine.length : 0;
    const full = played >= st.cards;
    const taken = new Set([...st.used, ...(inLine || [])]);
    for (const b of pad.querySelectorAll("button.suit")) {
      b.type = "button";
      b.setAttribute("aria-pressed", String(b.dataset.suit === suit));
      b.classList.toggle("chosen", b.dataset.suit === suit);
    }
    for (const b of pad.querySelectorAll("button.rank")) {
      b.type = "button";
      const c = b.dataset.rank + suit;
      b.disabled = full || suit === "" || taken.has(c) || (!inLine && input.value.trim() !== "");
      b.classList.toggle("used", suit !== "" && taken.has(c));
    }
    for (const id of ["pad-back", "pad-clear"]) {
      const b = byId(id);
      if (b) {
        b.type = "button";
        b.disabled = input.value.trim() === "";
      }
    }
    const next = byId("pad-next");
    if (next) {
      if (!inLine && input.value.trim() !== "")
        next.textContent = "The box holds a line that is no trick: send it, or Clear it to tap a trick";
      else if (full) next.textContent = "Trick complete: Send";
      else {
        const who = seatAfter(st, played) || st.leader;
        next.textContent = suit === "" ? `${who} to play: choose a suit` : `${who} to play`;
      }
    }
  }

  // The line as typed or tapped so far, kept in the tab's storage for the game as last
  // answered (its `seen`): a reload in the middle of a trick brings it back; once the game has
  // moved on it is not brought back.
  const seenNow = () => {
    const seen = document.querySelector("#entry [name=seen]");
    return seen ? seen.value : null;
  };
  const storeKey = () => `don-line-${table.dataset.game || ""}`;
  function keepLine() {
    const input = byId("line");
    try {
      if (input && input.value.trim() !== "") {
        sessionStorage.setItem(storeKey(), JSON.stringify({ seen: seenNow(), line: input.value }));
      } else sessionStorage.removeItem(storeKey());
    } catch {
      // no storage (a private window): nothing kept beyond the page
    }
  }
  function restoreLine() {
    const input = byId("line");
    if (!input || input.value !== "") return;
    try {
      const kept = JSON.parse(sessionStorage.getItem(storeKey()) || "null");
      if (kept && kept.seen === seenNow() && typeof kept.line === "string") input.value = kept.line;
    } catch {
      // nothing kept
    }
  }

  // Writes the cards into the line, as typed: lower case, one space apart.
  function setLine(input, cards) {
    input.value = cards.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function tapRank(rank) {
    const input = byId("line");
    if (!input || suit === "") return;
    const typed = lineCards(input);
    // A line that is not a trick is not overwritten by a tap (Clear empties it).
    if (typed === null && input.value.trim() !== "") return;
    const cards = typed || [];
    const st = state();
    if (cards.length >= st.cards) return;
    const c = rank + suit;
    if (st.used.has(c) || cards.includes(c)) return;
    cards.push(c);
    setLine(input, cards);
    if (cards.length >= st.cards) {
      const send = byId("send");
      if (send) send.focus();
    }
  }

  function back() {
    const input = byId("line");
    if (!input) return;
    const words = input.value.trim().split(/\s+/).filter(Boolean);
    words.pop();
    setLine(input, words);
  }

  // The message beside the entry (`#line-error`), made when the page has none.
  function sayBeside(text) {
    let p = byId("line-error");
    if (!p) {
      const send = byId("send");
      const form = byId("entry");
      if (!form) return;
      p = document.createElement("p");
      p.id = "line-error";
      p.className = "field-error";
      p.setAttribute("role", "alert");
      (send ? send.parentNode : form).insertBefore(p, send ? send.nextSibling : null);
    }
    p.textContent = text;
  }

  function setBusy(on) {
    busy = on;
    table.classList.toggle("sending", on);
    table.setAttribute("aria-busy", String(on));
    // Nothing typed while the entry is on its way: the answer replaces the line.
    const input = byId("line");
    if (input) input.readOnly = on;
    for (const b of table.querySelectorAll("button[type=submit], button:not([type])")) {
      if (on) {
        b.dataset.wasDisabled = b.disabled ? "1" : "";
        b.disabled = true;
      } else {
        b.disabled = b.dataset.wasDisabled === "1";
        delete b.dataset.wasDisabled;
      }
    }
  }

  // Swaps in the table as the server answered it. The answer is the inside of `div#table`; if
  // it is the whole div, its data- attributes are taken too.
  function swap(html) {
    const t = document.createElement("template");
    t.innerHTML = html;
    const whole = t.content.children.length === 1 && t.content.firstElementChild.id === "table";
    if (whole) {
      const div = t.content.firstElementChild;
      for (const a of [...table.attributes]) if (a.name.startsWith("data-")) table.removeAttribute(a.name);
      for (const a of [...div.attributes]) if (a.name.startsWith("data-")) table.setAttribute(a.name, a.value);
      table.replaceChildren(...div.childNodes);
    } else {
      table.replaceChildren(t.content);
    }
    bind();
    // Typing: back in the box for the next line. Tapping: the keyboard stays closed, and a
    // line refused is read out from #line-error (role=alert).
    const input = byId("line");
    if (input && typing) input.focus();
  }

  async function send(form, submitter) {
    if (busy) return;
    const input = byId("line");
    typing = input !== null && document.activeElement === input;
    let body;
    try {
      body = new URLSearchParams(new FormData(form, submitter || undefined));
    } catch {
      // A browser whose FormData takes no submitter: the button's own name and value by hand.
      body = new URLSearchParams(new FormData(form));
      if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    }
    setBusy(true);
    let answer;
    try {
      answer = await fetch(form.action, {
        method: "POST",
        body,
        headers: { "X-Don-Fragment": "1" },
        credentials: "same-origin",
      });
    } catch {
      setBusy(false);
      sayBeside(
        "No answer from the server (is the phone online?). The line is kept: press Send again. Had it reached the server, you will be shown the game as it is now.",
      );
      showPad();
      return;
    }
    let text = "";
    try {
      text = await answer.text();
    } catch {
      text = "";
    }
    if ([200, 409, 422].includes(answer.status) && !/^\s*<!doctype|<html[\s>]/i.test(text)) {
      busy = false;
      table.classList.remove("sending");
      table.setAttribute("aria-busy", "false");
      swap(text);
      return;
    }
    setBusy(false);
    sayBeside(
      `Not recorded: the server answered ${answer.status} ${answer.statusText}. Reload the page (your link still opens the game).`,
    );
    showPad();
  }

  // The pad revealed, its buttons made buttons (not submits), the state shown.
  function bind() {
    restoreLine();
    const input = byId("line");
    // A phone's keyboard shows Send on its Enter key.
    if (input) input.enterKeyHint = "send";
    const pad = byId("pad");
    if (pad) {
      for (const b of pad.querySelectorAll("button")) b.type = "button";
    }
    const next = byId("pad-next");
    if (next) next.setAttribute("aria-live", "polite");
    showPad();
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !table.contains(form) || !form.matches(FORMS)) return;
    event.preventDefault();
    send(form, event.submitter);
  });

  document.addEventListener("click", (event) => {
    const b = event.target instanceof Element ? event.target.closest("#pad button") : null;
    if (!b || !table.contains(b) || b.disabled) return;
    event.preventDefault();
    if (b.classList.contains("suit")) {
      if (SUITS.includes(b.dataset.suit || "-")) suit = b.dataset.suit;
      try {
        sessionStorage.setItem("don-suit", suit);
      } catch {
        // no storage: the suit is kept on this page only
      }
      showPad();
    } else if (b.classList.contains("rank")) {
      tapRank(b.dataset.rank);
    } else if (b.id === "pad-back") {
      back();
    } else if (b.id === "pad-clear") {
      setLine(byId("line"), []);
    }
  });

  document.addEventListener("input", (event) => {
    if (event.target instanceof Element && event.target.id === "line") {
      keepLine();
      showPad();
    }
  });

  bind();
})();
