// Drives `don serve` in Debian's chromium (headless, through playwright-core) as two captains
// would a cup tie, at a phone's width: captain A opens their link, finds the cup tie on their
// page, enters its result (a level total first, refused beside the decider, then with its
// deciding leg); captain B opens theirs, finds the tie waiting for them and confirms it; then the
// public cup page is read, round by round, and the tie's page reached from its link. Every
// page visited is measured: `overflow` lists those wider than the window. Reports one JSON
// object on standard output; on a failure, the page it stopped at (failed.html, failed.png).
//
// Usage: node cup-flow.mjs PLAN.json (written by tests/browser/cup.rs)
import { chromium } from "playwright-core";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const executablePath = process.env.DON_CHROMIUM || "/usr/bin/chromium";
const report = { visited: [], overflow: [] };

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync"],
});

let last = null;

async function person() {
  const context = await browser.newContext({ viewport: { width: plan.width, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  return page;
}

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

// A private link opened as a captain opens it: its page's button opens the session.
async function signIn(page, link) {
  const response = await page.goto(link);
  await arrived(page);
  if (response.status() === 200 && (await page.locator("#open-link").count())) {
    await Promise.all([page.waitForNavigation(), page.locator("#open-link").click()]);
    await arrived(page);
  }
}

async function press(page, button) {
  const [response] = await Promise.all([page.waitForNavigation(), button.click()]);
  await arrived(page);
  return response ? response.status() : null;
}

async function outcome(page, status) {
  return page.evaluate((status) => {
    const errors = {};
    for (const e of document.querySelectorAll(".field-error")) errors[e.id] = e.textContent.trim();
    const invalid = [...document.querySelectorAll("[aria-invalid=true]")].map((e) => e.name);
    const said = [...document.querySelectorAll("[role=status]")].map((e) => e.textContent.trim());
    const result = document.querySelector("#result")?.textContent.trim() ?? null;
    return { url: location.pathname + location.search, status, said, errors, invalid, result };
  }, status);
}

// The cup tie's page, reached from the captain's page by its link.
async function tiePage(page) {
  const link = page.locator(`#cup-ties a[href="${plan.tie}"]`);
  report.listed = (report.listed ?? 0) + (await link.count());
  const text = (await link.count()) ? (await link.first().textContent()).replace(/\s+/g, " ").trim() : null;
  await press(page, link.first());
  return text;
}

try {
  const a = await person();
  await signIn(a, plan.homeLink);
  report.homeListed = await tiePage(a);
  const form = a.locator(`form[action$="/enter"]:has([name="home_points"])`);
  // Level on matches: refused beside the decider.
  await form.locator(`[name="home_points"]`).fill(String(plan.level[0]));
  await form.locator(`[name="away_points"]`).fill(String(plan.level[1]));
  report.level = await outcome(a, await press(a, form.locator("button[type=submit]")));
  const again = a.locator(`form[action$="/enter"]:has([name="home_points"])`);
  report.kept = {
    home_points: await again.locator(`[name="home_points"]`).inputValue(),
    away_points: await again.locator(`[name="away_points"]`).inputValue(),
  };
  await again.locator(`select[name="decider"]`).selectOption("away");
  report.entered = await outcome(a, await press(a, again.locator("button[type=submit]")));
  report.ownConfirmOffered = await a.locator(`form[action$="/confirm"]`).count();
  await a.screenshot({ path: join(plan.shots, "entered.png"), fullPage: true });

  const b = await person();
  await signIn(b, plan.awayLink);
  report.awayListed = await tiePage(b);
  const confirm = b.locator(`form[action$="/confirm"] button[type=submit]`);
  report.confirmed = await outcome(b, await press(b, confirm));
  await b.screenshot({ path: join(plan.shots, "confirmed.png"), fullPage: true });
  // The public cup page, round by round, and the tie's own page from its link.
  const reader = await person();
  await reader.goto(plan.base + plan.cupPage);
  await arrived(reader);
  report.rounds = await reader.locator("section h2").allTextContents();
  await reader.screenshot({ path: join(plan.shots, "cup.png"), fullPage: true });
  const tieLink = reader.locator("#round-1 a", { hasText: "4–4" });
  report.tieLinked = await tieLink.count();
  if (report.tieLinked) {
    await press(reader, tieLink.first());
    report.tiePage = (await reader.locator("main, body").first().textContent()).replace(/\s+/g, " ").trim();
  }
} catch (e) {
  if (last) {
    writeFileSync(join(plan.shots, "failed.html"), await last.content());
    await last.screenshot({ path: join(plan.shots, "failed.png"), fullPage: true });
  }
  await browser.close();
  console.error(e);
  process.exit(1);
}
await browser.close();
console.log(JSON.stringify(report));
