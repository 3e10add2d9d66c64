// The scorer's page of `don serve` (/my/game/N) on a phone's first screen, in Debian's chromium
// at 360 x 640, mid-hand, and reports what tests/browser_scorer.rs checks (issue 29), as one JSON
// object on standard output. For each game of the plan (a ruleset's game with a scorer's link):
// the lines of any hands before typed, the pitcher tapped when the page asks for one (its
// button, "Tap who pitches"), the hand's first tricks typed, then, with a trick wanted:
//   scores     each `.score` (one a side): its text and its font size in pixels
//   above      the text shown above the entry box (every visible text node ending above it), and
//              its length, white space squeezed
//   controls   the entry box, the pad's four suits and its ranks, and Send: each one's box, and
//              whether it lies wholly in the viewport
//   repeated   any line of the first screen, outside the sides' boxes, that says a score again
//              ("5–39", "Score: …", a side's name and its score)
//   terminal   words of the terminal seen on the page (a backtick, `quit`)
//   width      the document's width (scrollWidth) and the window's
//   wide       the same page at 1280 x 800: its width, and whether the box, pad and Send are in view
// The first game's page, a trick half tapped, is kept as scorer-phone.png (the README's picture).
//
// Usage: node phone-fit.mjs PLAN.json (written by tests/browser_scorer.rs)
import { chromium } from "playwright-core";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const executablePath = process.env.DON_CHROMIUM || "/usr/bin/chromium";
const [WIDTH, HEIGHT] = [360, 640];
const report = { games: [] };

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync"],
});

let last = null;

async function open(link) {
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: HEIGHT },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  last = page;
  const response = await page.goto(link);
  if (response && response.status() === 200 && (await page.locator("#open-link").count())) {
    await Promise.all([page.waitForNavigation(), page.locator("#open-link").click()]);
  }
  return page;
}

// Sends the entry `act` makes and waits for its answer to be swapped in: the answer's status.
async function entry(page, act) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/line") && r.request().method() === "POST"),
    act(),
  ]);
  await page.waitForFunction(() => {
    const t = document.getElementById("table");
    return t && !t.classList.contains("sending");
  });
  return answer.status();
}

// The first screen as it is: what the report says of each game.
const measure = (page) =>
  page.evaluate(() => {
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const inView = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    const shown = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
    const squeeze = (s) => s.replace(/\s+/g, " ").trim();
    const input = document.getElementById("line");
    const boxTop = input ? input.getBoundingClientRect().top : Infinity;
    // Every text node shown, with where it ends and whether it is in a side's box.
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = squeeze(n.textContent);
      if (!text || !shown(n.parentElement) || n.parentElement.closest("[hidden], script, style")) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const rects = [...range.getClientRects()];
      if (rects.length === 0) continue;
      const bottom = Math.max(...rects.map((r) => r.bottom));
      const top = Math.min(...rects.map((r) => r.top));
      texts.push({ text, top, bottom, inScore: !!n.parentElement.closest(".score-box") });
    }
    const above = texts.filter((t) => t.bottom <= boxTop + 1).map((t) => t.text);
    const scores = [...document.querySelectorAll("#scores .score")].map((e) => ({
      text: e.textContent.trim(),
      px: parseFloat(getComputedStyle(e).fontSize),
      shown: shown(e) && inView(box(e)),
    }));
    const names = [...document.querySelectorAll("#scores .score-side")].map((e) => e.textContent.trim());
    const firstScreen = texts.filter((t) => t.top < window.innerHeight && !t.inScore).map((t) => t.text);
    const repeated = firstScreen.filter(
      (t) =>
        /\d+\s*[–-]\s*\d+/.test(t) ||
        /\bScore:/.test(t) ||
        names.some((name, i) => scores[i] && t.includes(`${name} ${scores[i].text}`)),
    );
    const control = (e, name) => ({ name, shown: shown(e), inView: shown(e) && inView(box(e)), box: box(e) });
    const pad = document.getElementById("pad");
    const controls = [];
    if (input) controls.push(control(input, "line"));
    const send = document.getElementById("send");
    if (send) controls.push(control(send, "send"));
    if (pad) {
      for (const b of pad.querySelectorAll("button.suit")) controls.push(control(b, `suit ${b.dataset.suit}`));
      for (const b of pad.querySelectorAll("button.rank")) controls.push(control(b, `rank ${b.dataset.rank}`));
    }
    const all = document.body.innerText;
    const terminal = [];
    if (all.includes("`")) terminal.push("a backtick");
    if (/\bquit\b/i.test(all)) terminal.push("quit");
    if (/pitcher [NESW]\|/.test(all)) terminal.push("pitcher N|E|S|W");
    const state = document.getElementById("state");
    return {
      scores,
      above,
      aboveChars: above.join(" ").length,
      controls,
      repeated,
      terminal,
      state: state ? state.textContent.trim() : null,
      width: { scroll: document.documentElement.scrollWidth, inner: window.innerWidth },
      padShown: shown(pad),
    };
  });

async function game(g) {
  const page = await open(g.link);
  const out = { name: g.name, url: page.url().replace(plan.base, ""), entries: [] };
  // The lines of the hands before (typed), then the pitcher, by its button, as the page asks.
  for (const line of g.before || []) {
    await page.locator("#line").fill(line.toLowerCase());
    out.entries.push(await entry(page, () => page.locator("#send").click()));
  }
  out.asked = await measure(page);
  const pitcher = page.locator(`#pitchers button[data-line="pitcher ${g.hand.pitcher}"]`);
  out.pitcherButton = await pitcher.count();
  if (out.pitcherButton) out.entries.push(await entry(page, () => pitcher.click()));
  for (const trick of g.hand.tricks.slice(0, g.typed)) {
    await page.locator("#line").fill(trick.toLowerCase());
    out.entries.push(await entry(page, () => page.locator("#send").click()));
  }
  out.mid = await measure(page);
  if (g.shot) {
    // A trick half tapped: the README's picture of a hand in play.
    const next = g.hand.tricks[g.typed].toLowerCase().split(/\s+/).map((c) => c.replace(/^10/, "t"));
    for (const c of next.slice(0, 2)) {
      const s = page.locator(`#pad button.suit[data-suit="${c[1]}"]`);
      if ((await s.getAttribute("aria-pressed")) !== "true") await s.click();
      await page.locator(`#pad button.rank[data-rank="${c[0]}"]`).click();
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(plan.shots, "scorer-phone.png"), fullPage: false });
    await page.locator("#pad-clear").click();
  }
  // The same page on a desk's screen.
  await page.setViewportSize({ width: 1280, height: 800 });
  out.wide = await measure(page);
  await page.context().close();
  return out;
}

try {
  for (const g of plan.games) report.games.push(await game(g));
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
