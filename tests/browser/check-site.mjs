// Loads a site written by `don publish` in Debian's chromium (headless, through playwright-core)
// and reports what tests/browser.rs checks, as one JSON object on standard output:
//   standings  the table #standings of the front page, read from the DOM, a row an object keyed
//              by each column's data-key (FORMAT.md §4), numbers as numbers; a season in
//              divisions: every division's table in turn, each row with its "division"
//   seasonStandings  the same from the season page
//   confirmedStandings  the same from the season's page of confirmed nights only
//   hidden     at 360 px, before any swiping: the cells a phone must show that are not wholly
//              inside the window (the table's Pos, Team, P and Pts headers; each match's name
//              and legs on a night's card; a night's mark in a table of nights)
//   overlaps   at 360 px (every page) and 1280 px (the main ones): in the league table and a
//              night's card, cells drawn over one another (a sticky column over another)
//   wideTables at 360 and 1280 px: a league table or a night's card wider than its place, so
//              that some of it is out of sight until swiped, or a table with columns left out
//              and no summary in sight that unfolds them
//   taps       at 360 px, links of the header and menu smaller than 44 by 44 pixels
//   broken     links (a[href], link[href]) on any page that lead to no file
//   overflow   pages wider than the window at 360 px (every page) and 1280 px (the main ones)
//   printPages the number of A4 pages the season's printable table takes
//   tags       elements inside the table's cells that the page did not mean (<b> from a name)
//   marks      per page, the number of provisional and disputed marks
//   accessibility  pages whose headings skip a level, that lack lang, captions or header cells, or
//              whose text has less than 4.5:1 contrast with its background
// Screenshots of the front page at 360 and 1280 px, and of the season's page, its confirmed
// table and a night's card at 360 px, go to OUT_DIR.
//
// Usage: node check-site.mjs SITE_DIR OUT_DIR
import { chromium } from "playwright-core";
import { readStandings } from "./table.mjs";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [site, outDir] = process.argv.slice(2).map((p) => resolve(p));
const executablePath = process.env.DON_CHROMIUM || "/usr/bin/chromium";

function pages(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...pages(path));
    else if (name.endsWith(".html")) found.push(path);
  }
  return found;
}

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
const page = await context.newPage();
const report = {
  pages: 0,
  standings: null,
  seasonStandings: null,
  confirmedStandings: null,
  hidden: [],
  overlaps: [],
  wideTables: [],
  taps: [],
  broken: [],
  overflow: [],
  printPages: null,
  tags: [],
  marks: {},
  accessibility: [],
};

const readTable = () => readStandings(page);

const wide = async (page, width, file) => {
  const size = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  if (size.scroll > size.client) {
    report.overflow.push({ page: relative(site, file), width, scrollWidth: size.scroll });
  }
};

// The league table and a night's card: no cell drawn over another, and the table within its
// place (the window, less the page's margins).
const tables = async (page, width, file) => {
  const found = await page.evaluate(() => {
    const overlaps = [];
    const wide = [];
    for (const table of document.querySelectorAll('#standings, [id^="standings-"], #card')) {
      const box = table.parentElement.getBoundingClientRect();
      const r = table.getBoundingClientRect();
      if (r.width > box.width + 0.5 || r.right > document.documentElement.clientWidth + 0.5) {
        wide.push(`#${table.id} ${Math.round(r.width)} px in ${Math.round(box.width)}`);
      }
      // Columns left out of sight need a way to them in sight: the summary that unfolds them.
      const left = [...table.querySelectorAll("thead th")].filter((th) => getComputedStyle(th).display === "none");
      if (left.length > 0) {
        const summary = table.closest("section")?.querySelector("details.more-columns > summary");
        const shown = summary && summary.getBoundingClientRect().height > 0;
        if (!shown) wide.push(`#${table.id}: ${left.length} columns left out, with no way to them`);
      }
      const cells = [...table.querySelectorAll("th, td")]
        .map((c) => ({ c, r: c.getBoundingClientRect() }))
        .filter(({ c, r }) => r.width > 0 && r.height > 0 && getComputedStyle(c).display !== "none");
      for (let i = 0; i < cells.length; i++) {
        for (let j = i + 1; j < cells.length; j++) {
          const [a, b] = [cells[i].r, cells[j].r];
          const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (x > 1 && y > 1) {
            const words = (c) => c.textContent.trim().slice(0, 20);
            overlaps.push(`#${table.id}: "${words(cells[i].c)}" and "${words(cells[j].c)}"`);
          }
        }
      }
    }
    return { overlaps: [...new Set(overlaps)].slice(0, 5), wide };
  });
  const name = relative(site, file);
  if (found.overlaps.length > 0) report.overlaps.push({ page: name, width, cells: found.overlaps });
  if (found.wide.length > 0) report.wideTables.push({ page: name, width, tables: found.wide });
};

const all = pages(site);

// Every page, four at a time: its links, its width at 360 px, its marks, stray tags, and the
// basic accessibility points.
async function visit(page, file) {
  report.pages += 1;
  await page.goto(pathToFileURL(file).href);
  const name = relative(site, file);
  const links = await page.$$eval("a[href], link[href]", (els) => els.map((e) => e.href));
  for (const href of links) {
    const url = new URL(href);
    if (url.protocol !== "file:") {
      report.broken.push({ page: name, href });
      continue;
    }
    const target = fileURLToPath(url);
    if (!existsSync(target) || statSync(target).isDirectory()) report.broken.push({ page: name, href });
  }
  await wide(page, 360, file);
  await tables(page, 360, file);
  const hidden = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      return r.left >= 0 && r.right <= width;
    };
    const found = [];
    // Every league table of the page (a season in divisions has one a division).
    for (const key of ["pos", "team", "played", "points"]) {
      for (const th of document.querySelectorAll(`:is(#standings, [id^="standings-"]) thead th[data-key="${key}"]`)) {
        if (!shown(th)) found.push(key);
      }
    }
    for (const cell of document.querySelectorAll("#card tbody th, #card td.legs, main td .mark")) {
      if (!shown(cell)) found.push(`card: ${cell.textContent.trim()}`);
    }
    return found;
  });
  if (hidden.length > 0) report.hidden.push({ page: name, cells: hidden });
  const taps = await page.$$eval("header.site a", (els) =>
    els
      .map((a) => ({ text: a.textContent.trim(), r: a.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 44 || r.height < 44)
      .map(({ text, r }) => `${text} ${Math.round(r.width)}x${Math.round(r.height)}`),
  );
  if (taps.length > 0) report.taps.push({ page: name, links: taps });
  const marks = await page.evaluate(() => ({
    provisional: document.querySelectorAll(".mark.provisional").length,
    disputed: document.querySelectorAll(".mark.disputed").length,
  }));
  if (marks.provisional + marks.disputed > 0) report.marks[name] = marks;
  const tags = await page.$$eval("main td *, main th *", (els) =>
    els.map((e) => e.tagName.toLowerCase()).filter((t) => !["a", "abbr", "span"].includes(t)),
  );
  if (tags.length > 0) report.tags.push({ page: name, tags: [...new Set(tags)] });
  const faults = await page.evaluate(() => {
    const found = [];
    if (!document.documentElement.lang) found.push("no lang");
    let last = 0;
    for (const h of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
      const level = Number(h.tagName[1]);
      if (level > last + 1) found.push(`${h.tagName} after h${last}`);
      last = level;
    }
    for (const t of document.querySelectorAll("table")) {
      if (!t.querySelector("caption")) found.push("a table without a caption");
      if (!t.querySelector("thead th[scope=col]")) found.push("a table without header cells");
    }
    // Contrast (WCAG 2): every element with text of its own, against the first background
    // behind it that is not transparent, at least 4.5:1.
    const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0)) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    for (const el of document.body.querySelectorAll("*")) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own) continue;
      const a = lum(rgb(getComputedStyle(el).color).slice(0, 3));
      const b = lum(background(el));
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) found.push(`contrast ${ratio.toFixed(2)}:1 in <${el.tagName.toLowerCase()}>`);
    }
    return [...new Set(found)];
  });
  if (faults.length > 0) report.accessibility.push({ page: name, faults });
}

const queue = [...all];
const workers = [];
for (let i = 0; i < 4; i++) {
  workers.push(
    (async () => {
      const p = await context.newPage();
      for (let file = queue.shift(); file; file = queue.shift()) await visit(p, file);
      await p.close();
    })(),
  );
}
await Promise.all(workers);
report.broken.sort((a, b) => (a.page + a.href).localeCompare(b.page + b.href));
report.overflow.sort((a, b) => a.page.localeCompare(b.page) || a.width - b.width);
report.overlaps.sort((a, b) => a.page.localeCompare(b.page) || a.width - b.width);
report.wideTables.sort((a, b) => a.page.localeCompare(b.page) || a.width - b.width);

const front = join(site, "index.html");
await page.goto(pathToFileURL(front).href);
report.standings = await readTable();
await page.screenshot({ path: join(outDir, "front-360.png"), fullPage: true });
// The season the front page shows: the one its menu links to.
const seasonPage = await page.$eval("nav a[href^='season/']", (a) => a.href);
const latest = dirname(fileURLToPath(seasonPage));
await page.goto(seasonPage);
report.seasonStandings = await readTable();
await page.screenshot({ path: join(outDir, "season-360.png"), fullPage: true });
await page.goto(pathToFileURL(join(latest, "confirmed.html")).href);
report.confirmedStandings = await readTable();
await page.screenshot({ path: join(outDir, "confirmed-360.png"), fullPage: true });
const night = all.find((f) => f.includes("/night/"));
if (night) {
  await page.goto(pathToFileURL(night).href);
  await page.screenshot({ path: join(outDir, "night-360.png"), fullPage: true });
}

await page.setViewportSize({ width: 1280, height: 900 });
for (const file of [front, join(latest, "index.html"), join(latest, "table.html"), join(latest, "confirmed.html"), ...all.filter((f) => f.includes("/night/")).slice(0, 3)]) {
  await page.goto(pathToFileURL(file).href);
  await wide(page, 1280, file);
  await tables(page, 1280, file);
}
await page.goto(pathToFileURL(front).href);
await page.screenshot({ path: join(outDir, "front-1280.png"), fullPage: false });

await page.goto(pathToFileURL(join(latest, "table.html")).href);
await page.emulateMedia({ media: "print" });
const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: false });
report.printPages = (pdf.toString("latin1").match(/\/Type\s*\/Page\b(?!s)/g) || []).length;

await browser.close();
process.stdout.write(JSON.stringify(report) + "\n");
