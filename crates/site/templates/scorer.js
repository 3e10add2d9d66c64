// The scorer's table on a phone (served as /scorer.js): progressive enhancement of the scoring
// page's `div#table`. Without this script every entry is a plain form and the page works as it
// is; with it:
//   - the card pad (`div#pad`) is revealed: a suit button chooses the suit, and it stays chosen;
//     a rank button adds that card to `#line`, in seat order from the trick's leader
//     (`data-leader`), `#pad-next` saying whose card is next; a card already played in the hand
//     (`data-used`, or already in the line, or in a trick waiting to be sent) cannot be tapped;
//     `#pad-back` takes back the last card, `#pad-clear` empties the line. Typing in `#line`
//     still works, and the pad follows what is typed. When the trick is complete Send has the
//     focus.
//   - every entry form of the table (`form#entry`, `form.quick`, `#totals`, `#penalty`) goes
//     into the phone's queue of entries (localStorage, per game: it survives a reload and a
//     closed tab), each with an id of its own (`entry`), and the queue is sent in order, one
//     entry at a time, with fetch and the header `X-Don-Fragment: 1`: the answer (200, 422 and
//     409 alike) is the inner HTML of `div#table` as the game is now (its state on
//     `div#table-state`), swapped in. Each entry is sent with the `seen` of the last answer.
//     When no answer comes (no signal) the entries wait on the phone: `#queue` says how many,
//     that the score shown is as of the last answer, and they are sent when the connection
//     comes back (the `online` event, and a try every few seconds). An entry whose answer was
//     lost is sent again with its id, and the server answers it as applied without applying it
//     again. An entry refused (422, 409) stops the queue there: it is handed back in the box
//     with why, and the rest wait until it is sent again (changed) or the rest are sent; any
//     waiting entry can be discarded, or taken back into the box to change.
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
  // Whether the last entry sent got no answer (no signal): the entries wait on the phone.
  let offline = false;
  // Whether the queue is being sent (one entry at a time, in order).
  let flushing = false;
  // The next try to send the queue, when the last got no answer.
  let retryTimer = null;
  // The last entry put in the queue, and when: a second tap on the same button within a second
  // is one entry.
  let lastQueued = null;
  // How long an entry's answer is waited for before it counts as no answer (it is sent again,
  // with its id, later: the server applies it once).
  const WAIT_MS = 12000;
  const RETRY_MS = 4000;
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
      tricks: Number(data.tricks) || 0,
      played: Number(data.played) || 0,
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

  // ---- The queue of entries on the phone ------------------------------------------------------
  // { items: [{ id, fields: [[name, value], …], action }], stopped: null | { at, line, why,
  // refused, editing, kept } }: kept in localStorage under the game, so that a reload or a tab
  // closed loses nothing; `stopped` holds the queue (an entry refused, one being changed, an
  // answer that is no table) until the scorer sends again or sends the rest.
  const queueKey = `don-queue-${table.dataset.game || ""}`;
  const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/;
  let queue = { items: [], stopped: null };

  function loadQueue() {
    try {
      const q = JSON.parse(localStorage.getItem(queueKey) || "null");
      if (q && Array.isArray(q.items)) {
        queue = {
          items: q.items.filter(
            (i) => i && typeof i.id === "string" && ENTRY_ID.test(i.id) && Array.isArray(i.fields),
          ),
          stopped: q.stopped && typeof q.stopped === "object" ? q.stopped : null,
        };
      }
    } catch {
      // no storage, or nothing kept: the queue in this page only
    }
  }

  function saveQueue() {
    try {
      if (queue.items.length === 0 && !queue.stopped) localStorage.removeItem(queueKey);
      else localStorage.setItem(queueKey, JSON.stringify(queue));
    } catch {
      // no storage (a private window): the queue lives as long as the page
    }
  }

  // A new entry's id: random, so that the same entry sent twice is known as one.
  function newId() {
    const bytes = new Uint8Array(12);
    try {
      crypto.getRandomValues(bytes);
    } catch {
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
    }
    return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  // The fields a form sends (with the button pressed), but for the session's token and the
  // game's `seen`, which are taken from the page when the entry is sent.
  function fieldsOf(form, submitter) {
    let data;
    try {
      data = new FormData(form, submitter || undefined);
    } catch {
      // A browser whose FormData takes no submitter: the button's own name and value by hand.
      data = new FormData(form);
      if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    }
    return [...data.entries()]
      .filter(([k, v]) => typeof v === "string" && !["csrf", "seen", "entry"].includes(k))
      .map(([k, v]) => [k, v]);
  }

  const field = (fields, name) => {
    const f = fields.find(([k]) => k === name);
    return f ? f[1].trim() : "";
  };

  // The line an entry stands for, as it would be typed (the totals and the penalty forms'
  // lines made as the server makes them).
  function lineOf(fields) {
    switch (field(fields, "kind")) {
      case "totals": {
        const parts = ["totals"];
        for (const [k, v] of fields) if (k.startsWith("totals_")) parts.push(k.slice(7), v.trim());
        const awards = field(fields, "awards").split(/\s+/).filter(Boolean);
        return [...parts, ...awards].join(" ");
      }
      case "penalty":
        return `penalty ${field(fields, "penalty_side")} ${field(fields, "penalty")}`.trim();
      default:
        return field(fields, "line");
    }
  }

  // The table as the pad follows it: as the server last answered, and then the entries
  // waiting on the phone, as far as the page can tell: the cards of a trick waiting count as
  // played in its hand (a hand ends after its last trick); whose lead it is after an entry
  // waiting is the server's to say (`leader` "?").
  function padState() {
    const st = state();
    if (queue.items.length === 0) return st;
    let used = new Set(st.used);
    let played = st.played;
    for (const item of queue.items) {
      const words = lineOf(item.fields).split(/\s+/).filter(Boolean);
      const cards = words.map(card);
      if (words.length > 0 && cards.every(Boolean)) {
        for (const c of cards) used.add(c);
        played += 1;
        if (st.tricks > 0 && played >= st.tricks) {
          used = new Set();
          played = 0;
        }
      } else if (!/^pitcher\b/i.test(words[0] || "")) {
        // Another line (undo, totals, a penalty…): where the hand stands after it is not known here.
        used = new Set();
        played = 0;
      }
    }
    return { ...st, used, played, leader: "?", over: false };
  }

  // The message of the queue (`#queue`), placed below the entry box: made when the page has
  // none (an answer swapped in has none).
  function queueBox() {
    let box = byId("queue");
    if (box) return box;
    box = document.createElement("div");
    box.id = "queue";
    box.className = "queue";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    const send = byId("send");
    const row = send ? send.parentNode : null;
    const form = byId("entry");
    if (form && row && form.contains(row)) row.parentNode.insertBefore(box, row.nextSibling);
    else {
      const first = byId("table-state");
      table.insertBefore(box, first ? first.nextSibling : table.firstChild);
    }
    return box;
  }

  const entries = (n) => (n === 1 ? "1 entry" : `${n} entries`);

  // Says how many entries wait, that the score is as of the last answer, and why the queue is
  // stopped if it is; each waiting entry with a button to take it back into the box (when the
  // box is empty) and one to discard it.
  function showQueue() {
    const n = queue.items.length;
    const s = queue.stopped;
    const old = byId("queue");
    // One entry on its way, answered in a moment: nothing to say yet.
    if ((n === 0 && !s) || (n === 1 && !s && flushing && !offline)) {
      if (old) old.remove();
      return;
    }
    const box = queueBox();
    const say = document.createElement("p");
    say.id = "queue-words";
    const waits = n === 1 ? "1 entry waits" : `${n} entries wait`;
    const asOf = "The score shown is as of the last answer from the server.";
    if (s && s.refused) {
      const why = s.why ? `: ${s.why}` : "";
      say.textContent =
        `Stopped at "${s.line}", refused${why}. Change it in the box and Send it, or Clear it` +
        (n > 0 ? ` and send the rest (${waits} after it).` : ".");
    } else if (s && s.kept) {
      say.textContent = `Not sent: ${s.kept}. ${waits} on this phone: open your link again, then send the rest.`;
    } else if (s && s.editing) {
      say.textContent = `Change the entry in the box and Send it: it goes back in its place. ${waits} besides it.`;
    } else if (offline) {
      say.textContent = `No connection: ${waits} on this phone, sent in order when the connection comes back. ${asOf}`;
    } else {
      say.textContent = `Sending ${entries(n)} in order. ${asOf}`;
    }
    const parts = [say];
    if (n > 0) {
      const list = document.createElement("ol");
      list.id = "queue-list";
      const input = byId("line");
      const boxEmpty = !input || input.value.trim() === "";
      queue.items.forEach((item, i) => {
        const li = document.createElement("li");
        li.dataset.entry = item.id;
        const line = document.createElement("span");
        line.className = "queue-line";
        line.textContent = lineOf(item.fields);
        li.append(line);
        // Only what is not on its way may be changed or discarded.
        if (!(flushing && i === 0 && !s)) {
          const edit = document.createElement("button");
          edit.type = "button";
          edit.className = "second queue-edit";
          edit.dataset.queueEdit = item.id;
          edit.textContent = "Change";
          edit.disabled = !boxEmpty || !input || (s && !s.refused && !s.kept);
          const drop = document.createElement("button");
          drop.type = "button";
          drop.className = "second queue-discard";
          drop.dataset.queueDiscard = item.id;
          drop.textContent = "Discard";
          li.append(" ", edit, " ", drop);
        }
        list.append(li);
      });
      parts.push(list);
    }
    if (s && n > 0 && !s.editing) {
      const resume = document.createElement("button");
      resume.type = "button";
      resume.id = "queue-resume";
      resume.textContent = "Send the rest";
      parts.push(resume);
    }
    box.replaceChildren(...parts);
  }

  function retryLater() {
    if (retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      flush();
    }, RETRY_MS);
  }

  // Sends one entry, with the page's token, the game's latest change as last answered, and
  // the entry's id: the answer's status and text, or none.
  async function post(item) {
    const body = new URLSearchParams();
    const csrf = table.querySelector("input[name=csrf]");
    const seen = table.querySelector("input[name=seen]");
    body.append("csrf", csrf ? csrf.value : "");
    body.append("seen", seen ? seen.value : (byId("table-state") || table).dataset.seen || "");
    body.append("entry", item.id);
    for (const [k, v] of item.fields) body.append(k, v);
    const ctl = window.AbortController ? new AbortController() : null;
    const timer = ctl ? setTimeout(() => ctl.abort(), WAIT_MS) : null;
    try {
      const answer = await fetch(item.action, {
        method: "POST",
        body,
        headers: { "X-Don-Fragment": "1" },
        credentials: "same-origin",
        signal: ctl ? ctl.signal : undefined,
      });
      const text = await answer.text();
      return { answered: true, status: answer.status, statusText: answer.statusText, text };
    } catch {
      return { answered: false };
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  function setSending(on) {
    table.classList.toggle("sending", on);
    table.setAttribute("aria-busy", String(on));
  }

  // Sends the queue in order, one entry at a time, each answered before the next: an entry
  // recorded (or recorded before: sent again) leaves the queue and its answer is swapped in;
  // one refused leaves it too, handed back in the box with why, and stops the queue; no answer
  // leaves everything waiting, tried again later.
  async function flush() {
    if (flushing) return;
    loadQueue();
    if (queue.items.length === 0 || queue.stopped) {
      showQueue();
      return;
    }
    flushing = true;
    if (retryTimer) {
      clearTimeout(retryTimer);
      retryTimer = null;
    }
    setSending(true);
    showQueue();
    try {
      while (queue.items.length > 0 && !queue.stopped) {
        const item = queue.items[0];
        const got = await post(item);
        loadQueue();
        // Discarded while on its way: what the server said of it stands (it is in the game).
        const head = queue.items.length > 0 && queue.items[0].id === item.id;
        if (!got.answered) {
          offline = true;
          retryLater();
          break;
        }
        offline = false;
        const fragment = [200, 409, 422].includes(got.status) && !/^\s*<!doctype|<html[\s>]/i.test(got.text);
        if (fragment && got.status === 200) {
          if (head) queue.items.shift();
          saveQueue();
          swap(got.text, null);
        } else if (fragment) {
          if (head) queue.items.shift();
          const refused = { at: 0, line: lineOf(item.fields), refused: true, plain: field(item.fields, "kind") === "" };
          queue.stopped = refused;
          swap(got.text, refused);
          const why = byId("line-error");
          refused.why = why ? why.textContent.trim() : "";
          saveQueue();
        } else {
          queue.stopped = { at: 0, kept: `the server answered ${got.status} ${got.statusText}`.trim() };
          saveQueue();
        }
      }
    } finally {
      flushing = false;
      setSending(false);
      showQueue();
      showPad();
    }
  }

  // An entry made on the page: into the queue (in the place of the entry being changed, if
  // one is), and the queue sent.
  function submit(form, submitter) {
    const fields = fieldsOf(form, submitter);
    const input = byId("line");
    typing = input !== null && document.activeElement === input;
    const line = lineOf(fields);
    // A blank line is no entry.
    if (field(fields, "kind") === "" && line === "") return;
    // (The box is emptied as its line is queued: a second press of Send finds it blank.)
    const key = JSON.stringify(fields);
    const again = form.id !== "entry" && lastQueued && lastQueued.key === key;
    if (again && Date.now() - lastQueued.at < 1000) return;
    lastQueued = { key, at: Date.now() };
    loadQueue();
    const item = { id: newId(), fields, action: new URL(form.action, location.href).pathname };
    if (queue.stopped) {
      queue.items.splice(Math.min(queue.stopped.at || 0, queue.items.length), 0, item);
      queue.stopped = null;
    } else {
      queue.items.push(item);
    }
    saveQueue();
    // The line is in the queue now: the box is free for the next one.
    if (form.id === "entry" && input) {
      input.value = "";
      keepLine();
    }
    showQueue();
    showPad();
    flush();
  }

  // ---- The pad ----------------------------------------------------------------------------

  // Shows the pad as the line and the table stand: the chosen suit, the cards that may be
  // tapped, whose card is next.
  function showPad() {
    const pad = byId("pad");
    const input = byId("line");
    if (!pad || !input) return;
    const st = padState();
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
      else if (st.leader === "?")
        next.textContent = suit === "" ? "Choose a suit, then tap the cards from the trick's leader" : "Tap the cards from the trick's leader";
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
    const st = padState();
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

  // Swaps in the table as the server answered it. The answer is the inside of `div#table`; if
  // it is the whole div, its data- attributes are taken too. What is being typed in the box
  // stays there; an entry refused (`refused`) is put back in the box when it is empty.
  function swap(html, refused) {
    const before = byId("line");
    const had = before ? before.value : "";
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
    const input = byId("line");
    if (input) {
      if (had.trim() !== "") input.value = had;
      else if (refused && refused.plain && input.value.trim() === "") input.value = refused.line;
    }
    bind();
    // Typing: back in the box for the next line. Tapping: the keyboard stays closed, and a
    // line refused is read out from #line-error (role=alert).
    if (input && typing) input.focus();
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
    showQueue();
    showPad();
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !table.contains(form) || !form.matches(FORMS)) return;
    event.preventDefault();
    submit(form, event.submitter);
  });

  // The queue's buttons: a waiting entry taken back into the box to change (the queue held
  // until it is sent again), or discarded; the rest sent after a stop.
  function onQueueButton(b) {
    loadQueue();
    const at = queue.items.findIndex((i) => i.id === (b.dataset.queueEdit || b.dataset.queueDiscard));
    if (b.id === "queue-resume") {
      queue.stopped = null;
      saveQueue();
      flush();
      return;
    }
    if (at < 0 || (flushing && at === 0 && !queue.stopped)) return;
    const [item] = queue.items.splice(at, 1);
    if (b.dataset.queueEdit !== undefined) {
      const input = byId("line");
      if (!input || input.value.trim() !== "") {
        queue.items.splice(at, 0, item);
        return;
      }
      input.value = lineOf(item.fields);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      queue.stopped = { at, editing: true };
      input.focus();
    } else if (queue.stopped && queue.stopped.at > at) {
      queue.stopped.at -= 1;
    }
    saveQueue();
    showQueue();
    showPad();
  }

  document.addEventListener("click", (event) => {
    const q = event.target instanceof Element ? event.target.closest("#queue button") : null;
    if (q && table.contains(q) && !q.disabled) {
      event.preventDefault();
      onQueueButton(q);
      return;
    }
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
      // The queue's Change buttons work on an empty box only.
      if (queue.items.length > 0) showQueue();
    }
  });

  window.addEventListener("online", () => {
    offline = false;
    flush();
  });
  window.addEventListener("offline", () => {
    offline = true;
    showQueue();
  });

  loadQueue();
  // A queue held by an entry refused: the entry back in the box, as it was before the reload.
  const input0 = byId("line");
  if (queue.stopped && queue.stopped.refused && queue.stopped.plain && input0 && input0.value === "") {
    input0.value = queue.stopped.line;
  }
  bind();
  // Entries left waiting by a page reloaded or closed: sent now.
  flush();
})();

// The form that begins a game (`/my/games`): the rules options shown are the chosen variant's
// (RULES.md §9); without the script "Show this variant's options" sends the form back to show
// them, everything typed kept; with it, choosing a variant does so at once.
(() => {
  const form = document.getElementById("begin");
  const select = document.getElementById("variant");
  const show = document.getElementById("show-options");
  if (!form || !select || !show) return;
  show.hidden = true;
  select.addEventListener("change", () => {
    if (form.requestSubmit) form.requestSubmit(show);
    else show.click();
  });
})();
