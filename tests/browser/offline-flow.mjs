// Scores part of a hand on the scorer's page of `don serve` with the network cut (chromium at
// 360 px, as tests/browser_scorer.rs's `a_hand_scored_without_a_connection` plans it) and reports
// what it saw as one JSON object on standard output:
//   online    the pitcher (its button, when asked for) and the first trick, sent at once
//   offline   two tricks typed with the network cut (context.setOffline): the page's words
//             (how many wait, the score as of the last answer), the entries waiting, the score
//             shown before and after, whether a card of a trick waiting can be tapped
//   reopened  the tab closed while offline, the network back, the game opened again: the
//             entries kept on the phone sent in order, the queue emptied
//   lost      a trick whose answer is lost on the way (the request reaches the server, the page
//             gets no answer): sent again with its id, answered as applied before
//   refused   offline again: a good trick, a trick with a card twice, two more; back online the
//             first is recorded, the bad one refused and handed back in the box with why, the
//             rest kept and not sent; one of them discarded, the bad trick changed and sent:
//             it goes first, then the rest
//   posts     every POST of an entry: its entry id, status and X-Don-Entered
//   lines     the lines recorded, in order (the test plays them through `don play`)
//   begin     the begin form (the secretary's link): the options shown, then Irish Don chosen
// On a failure, the page it stopped at (failed.html, failed.png) in the shots folder.
//
// Usage: node offline-flow.mjs PLAN.json
import { chromium } from "playwright-core";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const executablePath = process.env.DON_CHROMIUM || "/usr/bin/chromium";
const report = { posts: [], lines: [] };

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync"],
});
const context = await browser.newContext({
  viewport: { width: 360, height: 640 },
  hasTouch: true,
  isMobile: true,
});
// Every entry posted, as the server answered it (an answer the page never got included).
context.on("requestfinished", async (request) => {
  if (request.method() !== "POST" || !request.url().endsWith("/line")) return;
  const sent = new URLSearchParams(request.postData() || "");
  const response = await request.response();
  report.posts.push({
    entry: sent.get("entry"),
    line: sent.get("line"),
    status: response ? response.status() : null,
    entered: response ? response.headers()["x-don-entered"] || null : null,
  });
});

let last = null;

async function open(url) {
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  last = page;
  const response = await page.goto(url.startsWith("http") ? url : plan.base + url);
  if (url.includes("/link/") && response && response.status() === 200) {
    await Promise.all([page.waitForNavigation(), page.locator("#open-link").click()]);
  }
  return page;
}

const look = (page) =>
  page.evaluate(() => {
    const t = document.getElementById("table-state") || document.getElementById("table");
    const text = (id) => {
      const e = document.getElementById(id);
      return e ? e.textContent.trim() : null;
    };
    const line = document.getElementById("line");
    return {
      seen: t ? t.dataset.seen : null,
      leader: t ? t.dataset.leader : null,
      standing: text("standing"),
      inPlay: [...document.querySelectorAll("#in-play > li")].map((li) => li.textContent.trim()),
      line: line ? line.value : null,
      error: text("line-error"),
      queueWords: text("queue-words"),
      queued: [...document.querySelectorAll("#queue-list .queue-line")].map((e) => e.textContent.trim()),
      resume: document.getElementById("queue-resume") !== null,
      next: text("pad-next"),
    };
  });

// Types a line in the box and presses Enter.
async function type(page, line) {
  await page.locator("#line").fill("");
  await page.locator("#line").click();
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}

// Types a line and waits for its answer to be swapped in.
async function online(page, line) {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/line") && r.request().method() === "POST"),
    type(page, line),
  ]);
  await page.waitForFunction(() => !document.getElementById("table").classList.contains("sending"));
}

const queued = (page, n) =>
  page.waitForFunction((n) => document.querySelectorAll("#queue-list .queue-line").length === n, n);
const tricksInPlay = (page, n) =>
  page.waitForFunction(
    (n) => document.querySelectorAll("#in-play > li").length === n && !document.getElementById("queue"),
    n,
    { timeout: 15000 },
  );

try {
  const t = plan.tricks;
  let page = await open(plan.link);
  // The pitcher, by its button, when the game asks for one.
  if (!(await look(page)).leader) {
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/line")),
      page.locator(`button[data-line="pitcher ${plan.pitcher}"]`).click(),
    ]);
    await page.waitForFunction(() => !document.getElementById("table").classList.contains("sending"));
    report.lines.push(`pitcher ${plan.pitcher}`);
  }
  await online(page, t[0]);
  report.lines.push(t[0]);
  report.online = await look(page);

  // The network cut: two tricks typed, each waits on the phone.
  await context.setOffline(true);
  const off = { before: await look(page) };
  await type(page, t[1]);
  await queued(page, 1);
  await type(page, t[2]);
  await queued(page, 2);
  off.after = await look(page);
  // A card of a trick waiting cannot be tapped again in its hand.
  const c = t[1].split(" ")[0];
  await page.locator(`#pad button.suit[data-suit="${c[1]}"]`).click();
  off.waitingCardDisabled = await page.locator(`#pad button.rank[data-rank="${c[0]}"]`).isDisabled();
  off.stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("don-queue-")));
  report.offline = off;
  report.lines.push(t[1], t[2]);

  // The tab closed while offline; the network back; the game opened again.
  await page.close();
  await context.setOffline(false);
  page = await open(`/my/game/${plan.game}`);
  await tricksInPlay(page, 3);
  report.reopened = await look(page);

  // An answer lost on the way: the server records the trick, the page hears nothing.
  let lost = null;
  let once = true;
  await page.route("**/line", async (route) => {
    if (!once) return route.continue();
    once = false;
    const response = await route.fetch();
    lost = response.headers()["x-don-entered"] || null;
    await route.abort("failed");
  });
  await type(page, t[3]);
  await page.waitForFunction(() => {
    const e = document.getElementById("queue-words");
    return e && e.textContent.startsWith("No connection");
  });
  const lostWords = (await look(page)).queueWords;
  await tricksInPlay(page, 4);
  await page.unroute("**/line");
  report.lost = { first: lost, words: lostWords, after: await look(page) };
  report.lines.push(t[3]);

  // Offline again: a good trick, one with a card twice, and two more (the last a slip).
  await context.setOffline(true);
  const cards = t[5].split(" ");
  const bad = [cards[0], cards[0], cards[2], cards[3]].join(" ");
  for (const [i, line] of [t[4], bad, t[6], t[6]].entries()) {
    await type(page, line);
    await queued(page, i + 1);
  }
  const postsBefore = report.posts.length;
  await context.setOffline(false);
  await page.waitForFunction(() => {
    const e = document.getElementById("queue-words");
    return e && e.textContent.startsWith("Stopped");
  });
  await page.waitForTimeout(500);
  const stopped = await look(page);
  stopped.postsAfter = report.posts.slice(postsBefore);
  report.lines.push(t[4]);
  // The slip discarded; the refused trick put right in the box and sent: first, then the rest.
  await page.locator("#queue-list li:nth-child(2) button.queue-discard").click();
  const discarded = await look(page);
  await page.locator("#line").fill(t[5]);
  await page.locator("#line").press("Enter");
  await tricksInPlay(page, 7);
  report.refused = { bad, stopped, discarded, end: await look(page) };
  report.lines.push(t[5], t[6]);
  report.stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("don-queue-")));

  // The begin form (the secretary's): another variant chosen shows its own options at once.
  const begin = await (await browser.newContext({ viewport: { width: 360, height: 640 } })).newPage();
  begin.setDefaultTimeout(8000);
  last = begin;
  await begin.goto(plan.secretary);
  await Promise.all([begin.waitForNavigation(), begin.locator("#open-link").click()]);
  await begin.goto(`${plan.base}/my/games`);
  const options = () =>
    begin.evaluate(() => ({
      of: document.querySelector("[name=options_of]").value,
      names: [...document.querySelectorAll("#rules-options [name^=opt_]")].map((e) => e.name),
      showHidden: document.getElementById("show-options").hidden,
    }));
  report.begin = { first: await options() };
  await Promise.all([begin.waitForNavigation(), begin.selectOption("#variant", "irish-don")]);
  report.begin.irish = await options();
  report.begin.chosen = await begin.inputValue("#variant");
} catch (e) {
  report.error = String(e && e.stack ? e.stack : e);
  if (last && !last.isClosed()) {
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
