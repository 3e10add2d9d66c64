// Drives the scorer's page of `don serve` (/my/game/N, with templates/scorer.js) in Debian's
// chromium at 360 px, as scorers at a pub table would, and reports what tests/browser_scorer.rs
// checks, as one JSON object on standard output:
//   games    whole games from their records: each hand's pitcher and its tricks, TYPED into
//            #line (keystrokes only, Enter sends) or TAPPED on the card pad (a suit, then the
//            ranks, then Send); for each trick the taps or keystrokes it took, whether it
//            followed suit, the requests it made (one round trip, no reload), and any refusal
//   table    one game through every other kind of line: the pitcher's button, a trick refused
//            (its reason beside the entry, the line kept, nothing recorded), undo, a reload in
//            the middle of a trick (the cards tapped so far kept), two pages on one game (the
//            second's entry refused as overtaken), a penalty, an abandoned deal, a hand's
//            totals, a concession; which line's button or box the page offers; the lines the
//            server recorded, in order (tests/browser_scorer.rs plays them through `don play` to
//            compare); the page with JavaScript off entering a trick through the plain form;
//            the live board changing after an entry
// Every page arrived at is measured: `overflow` lists those wider than the window.
// On a failure, the page it stopped at goes to the shots folder (failed.html, failed.png); the
// README's picture of a hand in play is phone-fit.mjs's.
//
// Usage: node table-flow.mjs PLAN.json (written by tests/browser_scorer.rs)
import { chromium } from "playwright-core";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const executablePath = process.env.DON_CHROMIUM || "/usr/bin/chromium";
const WIDTH = 360;
const report = { visited: [], overflow: [], games: [], table: {} };

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync"],
});

// A phone of its own (its own cookies), with or without JavaScript; its requests to the
// server counted (`phone.requests`).
async function phone(javaScriptEnabled = true) {
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: 800 },
    javaScriptEnabled,
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  page.requests = [];
  page.on("request", (r) => {
    if (r.url().startsWith(plan.base)) page.requests.push(`${r.method()} ${r.url().replace(plan.base, "")}`);
  });
  return page;
}

let last = null;

async function arrived(page) {
  last = page;
  const size = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  const url = page.url().replace(plan.base, "");
  report.visited.push({ url, width: size.inner });
  if (size.scroll > size.inner) report.overflow.push({ url, width: size.inner, scrollWidth: size.scroll });
}

async function go(page, url) {
  let response = await page.goto(url.startsWith("http") ? url : plan.base + url);
  await arrived(page);
  // A private link's page: its button opens the session, as a captain presses it.
  if (url.includes("/link/") && response && response.status() === 200) {
    [response] = await Promise.all([page.waitForNavigation(), page.locator("#open-link").click()]);
    await arrived(page);
  }
  // Marks the document: a reload would lose the mark.
  await page.evaluate(() => {
    window.donMark = 1;
  });
  return response ? response.status() : null;
}

// The table as the page shows it now.
const look = (page) =>
  page.evaluate(() => {
    // The state as the server last gave it: on the page's div#table, or, once an answer has
    // been swapped in, on div#table-state inside it.
    const table = document.getElementById("table");
    const t = document.getElementById("table-state") || table;
    const text = (id) => {
      const e = document.getElementById(id);
      return e ? e.textContent.trim() : null;
    };
    const pad = document.getElementById("pad");
    const line = document.getElementById("line");
    return {
      seen: t ? t.dataset.seen : null,
      leader: t ? t.dataset.leader : null,
      seats: t ? t.dataset.seats : null,
      used: t ? t.dataset.used : null,
      over: t ? t.dataset.over : null,
      words: text("state"),
      scores: text("scores"),
      said: [...document.querySelectorAll("#said > li")].map((li) => li.textContent.trim()),
      inPlay: [...document.querySelectorAll("#in-play > li")].map((li) => li.textContent.trim()),
      line: line ? line.value : null,
      error: text("line-error"),
      padShown: pad ? !pad.hidden && pad.offsetParent !== null : false,
      next: text("pad-next"),
      focus: document.activeElement ? document.activeElement.id || document.activeElement.tagName : null,
      mark: window.donMark === 1,
    };
  });

// A field given a value, whether a select or a box.
async function set(field, value) {
  if ((await field.evaluate((e) => e.tagName)) === "SELECT") await field.selectOption(value);
  else await field.fill(value);
}

// A form or button folded away in a closed <details>: opened, as a scorer would, by its summary.
async function reveal(page, locator) {
  const folded = page.locator("details:not([open])", { has: locator }).locator("summary");
  if (await folded.count()) await folded.first().click();
  return locator;
}

// Sends the entry `act` makes (a click, or Enter) and waits for its answer to be swapped in:
// the answer's status, and the requests it took.
async function entry(page, act) {
  const before = page.requests.length;
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/line") && r.request().method() === "POST"),
    act(),
  ]);
  await page.waitForFunction(() => {
    const t = document.getElementById("table");
    return t && !t.classList.contains("sending");
  });
  await arrived(page);
  return { status: answer.status(), requests: page.requests.slice(before) };
}

const seatsOf = (v) => v.seats.trim().split(/\s+/);

// Whether a trick (its cards from the leader) follows the suit led throughout.
const follows = (cards) => cards.every((c) => c.slice(-1) === cards[0].slice(-1));

// One trick typed: the keystrokes it took (the line's characters; the Enter that sends it is
// counted apart), with the focus where typing left it.
async function typeTrick(page, line) {
  let keys = 0;
  const v = await look(page);
  if (v.focus !== "line") {
    await page.click("#line");
    keys += 0; // a tap, counted apart
  }
  await page.keyboard.type(line);
  keys += line.length;
  const sent = await entry(page, () => page.keyboard.press("Enter"));
  return { keys, refocused: v.focus !== "line", ...sent };
}

// One trick tapped on the pad: a suit when it is not the one chosen, each card's rank, Send.
async function tapTrick(page, cards) {
  let taps = 0;
  const nexts = [];
  const v = await look(page);
  const seats = seatsOf(v);
  const lead = seats.indexOf(v.leader);
  for (const [i, c] of cards.entries()) {
    const [rank, suit] = [c[0], c[1]];
    const next = (await page.textContent("#pad-next")).trim();
    nexts.push({ want: seats[(lead + i) % seats.length], next });
    const suitButton = page.locator(`#pad button.suit[data-suit="${suit}"]`);
    if ((await suitButton.getAttribute("aria-pressed")) !== "true") {
      await suitButton.click();
      taps += 1;
    }
    await page.locator(`#pad button.rank[data-rank="${rank}"]`).click();
    taps += 1;
  }
  const after = await look(page);
  const sent = await entry(page, () => page.locator("#send").click());
  return { taps, sendFocused: after.focus === "send", line: after.line, nexts, ...sent };
}

const cardsOf = (line) =>
  line
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((c) => c.replace(/^10/, "t"));

// A pitcher: its button, when the page asks for one; else (the rotation says who) nothing.
async function pitch(page, seat, how) {
  const button = page.locator(`#pitchers button[data-line="pitcher ${seat}"]`);
  const v = await look(page);
  if (v.leader) return null;
  if (how === "typed") {
    if (v.focus !== "line") await page.click("#line");
    await page.keyboard.type(`pitcher ${seat.toLowerCase()}`);
    return entry(page, () => page.keyboard.press("Enter"));
  }
  return entry(page, () => button.click());
}

// A whole game from its record's hands, typed or tapped.
async function wholeGame(game) {
  const page = await phone();
  const opened = await go(page, game.link);
  const out = { name: game.name, how: game.how, opened, url: page.url().replace(plan.base, ""), tricks: [], refused: [] };
  out.first = await look(page);
  for (const [h, hand] of game.hands.entries()) {
    const p = await pitch(page, hand.pitcher, game.how);
    if (p && p.status !== 200) out.refused.push({ hand: h + 1, pitcher: hand.pitcher, status: p.status, ...(await look(page)) });
    for (const [t, line] of hand.tricks.entries()) {
      const cards = cardsOf(line);
      const before = await look(page);
      const done =
        game.how === "typed" ? await typeTrick(page, cards.join(" ")) : await tapTrick(page, cards);
      const now = await look(page);
      const trick = { hand: h + 1, trick: t + 1, follows: follows(cards), usedBefore: before.used, ...done };
      trick.reloaded = !now.mark;
      trick.said = now.said.length;
      if (done.status !== 200) {
        out.refused.push({ hand: h + 1, trick: t + 1, line, status: done.status, error: now.error });
        throw new Error(`hand ${h + 1} trick ${t + 1} (${line}) refused: ${now.error}`);
      }
      out.tricks.push(trick);
    }
  }
  out.last = await look(page);
  // A used card cannot be tapped: the first hand's first card, in the hand it was played in,
  // is checked in `usedBefore`; here the disabled ranks of the chosen suit at the end.
  await page.context().close();
  return out;
}

// Every other line: which the page offers, each kind posted once, refusals, undo, a reload,
// two pages on one game, JavaScript off, the live board.
async function table(t) {
  const r = { recorded: [], kinds: {} };
  const a = await phone();
  r.opened = await go(a, t.link);
  r.url = a.url().replace(plan.base, "");
  r.start = await look(a);
  // Which line has its button or box: every seat's pitcher (asked for now), and the rest.
  r.offered = await a.evaluate(() => {
    const lines = [...document.querySelectorAll("#table [data-line]")].map((b) => b.dataset.line);
    const has = (sel) => document.querySelector(sel) !== null;
    return {
      lines,
      quick: document.querySelectorAll("form.quick").length,
      line: has("form#entry input#line[name=line]"),
      send: has("form#entry button#send[type=submit]"),
      totals: has("form#totals") && [...document.querySelectorAll("form#totals [name^=totals_]")].map((e) => e.name),
      awards: [...document.querySelectorAll("form#totals select[name^=award_]")].map((e) => e.name),
      penalty: has("form#penalty [name=penalty_side]") && has("form#penalty [name=penalty]"),
      help: document.querySelector("details#help") ? document.querySelector("details#help").textContent : "",
      boardLink: document.querySelector("a#board-link") ? document.querySelector("a#board-link").getAttribute("href") : null,
      pad: {
        suits: [...document.querySelectorAll("#pad button.suit")].map((b) => b.dataset.suit),
        ranks: [...document.querySelectorAll("#pad button.rank")].map((b) => b.dataset.rank),
      },
    };
  });
  const post = async (what, page, act) => {
    const sent = await entry(page, act);
    const v = await look(page);
    r.kinds[what] = (r.kinds[what] || 0) + (sent.status === 200 ? 1 : 0);
    return { ...sent, ...v };
  };
  const typed = (page, line) => async () => {
    await page.locator("#line").fill("");
    await page.locator("#line").click();
    await page.keyboard.type(line);
    await page.keyboard.press("Enter");
  };
  // The pitcher, by its button.
  r.pitcher = await post("pitcher", a, () => a.locator(`#pitchers button[data-line="pitcher ${t.pitcher}"]`).click());
  r.recorded.push(`pitcher ${t.pitcher}`);
  r.padAfterPitcher = r.pitcher.padShown;
  // A trick refused: a card twice. Its reason beside the entry, the line kept, nothing recorded.
  r.refused = await post("refused", a, typed(a, t.refused));
  // The same line corrected: the second card of it, the one doubled, replaced.
  r.corrected = await post("trick", a, typed(a, t.tricks[0]));
  r.recorded.push(t.tricks[0]);
  r.usedAfter = r.corrected.used;
  // A used card's rank cannot be tapped in its suit.
  const usedCard = cardsOf(t.tricks[0])[0];
  await a.locator(`#pad button.suit[data-suit="${usedCard[1]}"]`).click();
  r.usedDisabled = await a.locator(`#pad button.rank[data-rank="${usedCard[0]}"]`).isDisabled();
  // Undo: the trick taken back.
  r.undo = await post("undo", a, () => a.locator('#table button[data-line="undo"]').first().click());
  r.recorded.push("undo");
  // Again, by taps this time.
  const tap = async (page, cards) => {
    for (const c of cards) {
      const s = page.locator(`#pad button.suit[data-suit="${c[1]}"]`);
      if ((await s.getAttribute("aria-pressed")) !== "true") await s.click();
      await page.locator(`#pad button.rank[data-rank="${c[0]}"]`).click();
    }
  };
  await tap(a, cardsOf(t.tricks[0]));
  // Send pressed twice in a hurry: one entry.
  const posts = () => a.requests.filter((q) => q.startsWith("POST")).length;
  const postsBefore = posts();
  r.again = await post("trick", a, () => a.locator("#send").dblclick());
  await a.waitForTimeout(300);
  r.againPosts = posts() - postsBefore;
  r.recorded.push(t.tricks[0]);
  // A reload in the middle of a trick: two cards tapped, the page reloaded.
  const half = cardsOf(t.tricks[1]).slice(0, 2);
  await tap(a, half);
  r.beforeReload = await look(a);
  await a.reload();
  await arrived(a);
  r.afterReload = await look(a);
  // Typing and tapping mixed: the third card's rank typed, then the card tapped on the pad:
  // the pad goes on from the cards typed, the half-typed card replaced by the one tapped.
  // Then a line that is no trick: no tap overwrites it.
  const third = cardsOf(t.tricks[1])[2];
  const kept = await a.inputValue("#line");
  await a.locator("#line").fill(`${kept} ${third[0]}`);
  const thirdSuit = a.locator(`#pad button.suit[data-suit="${third[1]}"]`);
  if ((await thirdSuit.getAttribute("aria-pressed")) !== "true") await thirdSuit.click();
  await a.locator(`#pad button.rank[data-rank="${third[0]}"]`).click();
  r.mixed = { kept, third, after: await a.inputValue("#line") };
  await a.locator("#line").fill("concede EW");
  r.mixed.noTrickRanksDisabled = await a.locator(`#pad button.rank[data-rank="${third[0]}"]`).isDisabled();
  r.mixed.noTrickLine = await a.inputValue("#line");
  await a.locator("#line").fill(kept);
  // The connection dropped: the entry waits on the phone, and the page says so; discarded
  // there, it is never sent (offline-flow.mjs scores a hand this way).
  await a.context().setOffline(true);
  await a.locator("#send").click();
  await a.waitForFunction(() => {
    const e = document.getElementById("queue-words");
    return e && e.textContent.includes("No connection");
  });
  r.offline = await look(a);
  r.offline.queueWords = (await a.textContent("#queue-words")).trim();
  r.offline.queued = await a.$$eval("#queue-list .queue-line", (s) => s.map((e) => e.textContent.trim()));
  r.offline.sendEnabled = await a.locator("#send").isEnabled();
  await a.locator("#queue-list button.queue-discard").first().click();
  r.offline.afterDiscard = await a.locator("#queue").count();
  await a.context().setOffline(false);
  // Two pages on one game: B opens it, A enters the trick, B enters it too from its view.
  const b = await phone();
  await go(b, t.second);
  r.secondOpened = await look(b);
  await a.locator("#line").fill("");
  r.byA = await post("trick", a, typed(a, t.tricks[1]));
  r.recorded.push(t.tricks[1]);
  r.byB = await post("overtaken", b, typed(b, t.tricks[1]));
  // B goes on from the game as it is now.
  r.byBNext = await post("trick", b, typed(b, t.tricks[2]));
  r.recorded.push(t.tricks[2]);
  await b.context().close();
  // The live board: open, then an entry; how long until it shows it.
  const board = await phone();
  r.boardStatus = await go(board, `/board/game/${t.game}`);
  r.boardBefore = await board.evaluate(() =>
    [...document.querySelectorAll("#board #in-play > li")].map((li) => li.textContent.trim()),
  );
  // A page without JavaScript: the plain form, answered by a new page.
  const plain = await phone(false);
  // The secretary's link opens their page; the game is theirs to score too.
  await go(plain, t.third);
  await go(plain, `/my/game/${t.game}`);
  r.plainOpened = await look(plain);
  await plain.locator("#line").fill(t.tricks[3]);
  // The board's clock starts with the entry sent.
  const began = Date.now();
  const [nav] = await Promise.all([plain.waitForNavigation(), plain.locator("#send").click()]);
  await arrived(plain);
  r.plain = { status: nav ? nav.status() : null, url: plain.url().replace(plan.base, ""), ...(await look(plain)) };
  r.recorded.push(t.tricks[3]);
  if (r.boardStatus === 200) {
    try {
      // The board shows the trick the plain page entered: as many tricks in play as it shows.
      await board.waitForFunction(
        (n) => document.querySelectorAll("#board #in-play > li").length === n,
        r.plain.inPlay.length,
        { timeout: 5000 },
      );
      r.boardChangedMs = Date.now() - began;
      r.boardAfter = await board.evaluate(() =>
        [...document.querySelectorAll("#board #in-play > li")].map((li) => li.textContent.trim()),
      );
    } catch {
      r.boardChangedMs = null;
    }
  }
  await plain.context().close();
  // A's page is behind now (the plain page entered a trick): its next entry is refused as
  // overtaken, and it shows the game as it is now.
  r.aBehind = await post("overtaken", a, typed(a, t.tricks[4]));
  // A penalty, through its form.
  await reveal(a, a.locator("form#penalty"));
  await set(a.locator("form#penalty [name=penalty_side]"), t.penalty.side);
  await set(a.locator("form#penalty [name=penalty]"), t.penalty.what);
  r.penalty = await post("penalty", a, () => a.locator("form#penalty button[type=submit], form#penalty button:not([type])").first().click());
  r.recorded.push(`penalty ${t.penalty.side} ${t.penalty.what}`);
  // The deal abandoned, by its button.
  const misdeal = await reveal(a, a.locator('button[data-line="abandon misdeal"]'));
  r.abandon = await post("abandon", a, () => misdeal.click());
  r.recorded.push("abandon misdeal");
  // A hand as totals.
  await reveal(a, a.locator("form#totals"));
  for (const [side, points] of Object.entries(t.totals.points)) {
    await a.locator(`form#totals [name="totals_${side}"]`).fill(String(points));
  }
  for (const [kind, side] of Object.entries(t.totals.awards)) {
    await a.locator(`form#totals select[name="award_${kind}"]`).selectOption(side);
  }
  r.totals = await post("totals", a, () => a.locator("form#totals button[type=submit], form#totals button:not([type])").first().click());
  r.recorded.push(
    `totals ${Object.entries(t.totals.points)
      .map(([s, p]) => `${s} ${p}`)
      .join(" ")} ${Object.entries(t.totals.awards)
      .map(([k, s]) => `${k} ${s}`)
      .join(" ")}`,
  );
  // A concession ends the game.
  const concede = await reveal(a, a.locator(`button[data-line="concede ${t.concede}"]`));
  r.concede = await post("concede", a, () => concede.click());
  r.recorded.push(`concede ${t.concede}`);
  r.end = await look(a);
  await board.context().close();
  await a.context().close();
  // A captain: their page leads to the games they may score and the form that begins one.
  const captain = await phone();
  await go(captain, t.captain);
  r.captain = { url: captain.url().replace(plan.base, "") };
  const scoreAGame = captain.locator('a[href="/my/games"]');
  r.captain.link = await scoreAGame.count();
  if (r.captain.link) {
    await Promise.all([captain.waitForNavigation(), scoreAGame.first().click()]);
    await arrived(captain);
    r.captain.games = captain.url().replace(plan.base, "");
    r.captain.begin = await captain.locator("form#begin[method=post]").count();
  }
  await captain.context().close();
  return r;
}

try {
  for (const game of plan.games) report.games.push(await wholeGame(game));
  report.table = await table(plan.table);
} catch (e) {
  report.error = String(e && e.stack ? e.stack : e);
  if (last) {
    try {
      writeFileSync(join(plan.shots, "failed.html"), await last.content());
      await last.screenshot({ path: join(plan.shots, "failed.png"), fullPage: true });
    } catch {
      // the page is gone
    }
  }
}
await browser.close();
process.stdout.write(JSON.stringify(report));
