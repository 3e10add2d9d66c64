// Drives `don serve` in Debian's chromium (headless, through playwright-core) as captains and
// the secretary would, from their private links, and reports what tests/browser.rs checks, as one
// JSON object on standard output. Each run (a window width) does:
//   night    captain A's link → the night's form: a near-miss player's name and a result no
//            best-of gives are refused beside their fields, the form kept as typed; the whole
//            night entered → confirming one's own entry refused → captain B's link → confirmed;
//            the public table (all nights, and ?confirmed) read after the entry and the confirmation;
//            a public night's page and a team's visited
//   dispute  captain A enters the totals → captain B disputes → the secretary settles it; the
//            disputed marks of the front page before and after
//   columns  at that width, whether Pos, Team, P and Pts of the front page's table are in the
//            window without swiping
// and at the end the tables of the front page, its ?confirmed and the season's page. Every page
// visited is measured: `overflow` lists those wider than the window.
// A screenshot of the captain's night form, filled in, at each width goes to the shots folder;
// on a failure, the page it stopped at (failed.html, failed.png).
//
// Usage: node serve-flow.mjs PLAN.json (written by tests/browser/serve.rs)
import { chromium } from "playwright-core";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readStandings } from "./table.mjs";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const executablePath = process.env.DON_CHROMIUM || "/usr/bin/chromium";
const report = { visited: [], overflow: [], runs: [], final: {} };

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync"],
});

// A browser of its own (its own cookies) for one holder of a link, at a width.
async function person(width) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  return page;
}

// The page last arrived at, for the report of a failure.
let last = null;

// Every page arrived at: noted, and measured against the window.
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
  if (url.includes("/link/") && response.status() === 200) {
    [response] = await Promise.all([page.waitForNavigation(), page.locator("#open-link").click()]);
    await arrived(page);
  }
  return response;
}

// Clicks a form's submit button and waits for the page it leads to: that page's status.
async function press(page, button) {
  const [response] = await Promise.all([page.waitForNavigation(), button.click()]);
  await arrived(page);
  return response ? response.status() : null;
}

const formOf = (page, action) => page.locator(`form[action$="${action}"]`);

// The entry form for a way of giving the result (`how`): the one form that holds that choice
// where the page has a form for each, else the one form.
async function entryForm(page, how) {
  const forms = formOf(page, "/enter");
  const holding = forms.filter({ has: page.locator(`[name="how"][value="${how}"]`) });
  const form = (await holding.count()) === 1 ? holding : forms;
  // Folded away under a summary ("Or the night's totals"): opened, as a captain would.
  const folded = page.locator("details:not([open])", { has: form }).locator("summary");
  if (await folded.count()) await folded.first().click();
  return form;
}

// Sets a choice (`how`, `by`) however the form offers it: a radio button, a select, or a hidden
// field holding it already; a button carrying it is pressed by `submit`.
async function choose(form, name, value) {
  const radio = form.locator(`input[type=radio][name="${name}"][value="${value}"]`);
  if (await radio.count()) return radio.check();
  const select = form.locator(`select[name="${name}"]`);
  if (await select.count()) return select.selectOption(value);
  if (await form.locator(`button[name="${name}"][value="${value}"]`).count()) return;
  const hidden = form.locator(`input[type=hidden][name="${name}"]`);
  if ((await hidden.count()) && (await hidden.first().inputValue()) === value) return;
  throw new Error(`the form offers no ${name} = ${value}`);
}

async function submit(page, form, choice) {
  let button = null;
  if (choice) {
    button = form.locator(`button[name="${choice[0]}"][value="${choice[1]}"]`);
    if (!(await button.count())) button = null;
  }
  button ??= form.locator("button[type=submit], button:not([type]), input[type=submit]").first();
  return press(page, button);
}

// What the page says after a submit: its status message, and every field's error.
async function outcome(page, status) {
  return page.evaluate((status) => {
    const errors = {};
    for (const e of document.querySelectorAll(".field-error")) errors[e.id] = e.textContent.trim();
    const invalid = [...document.querySelectorAll("[aria-invalid=true]")].map((e) => e.name);
    const said = [...document.querySelectorAll("[role=status]")].map((e) => e.textContent.trim());
    return { url: location.pathname + location.search, status, said, errors, invalid };
  }, status);
}

// A night's rows into the entry form: players and legs, row i = 1..9 in the form's order.
async function fillNight(form, rows) {
  await choose(form, "how", "matches");
  for (const [n, row] of rows.entries()) {
    const i = n + 1;
    for (const [side, players] of [["home", row.home], ["away", row.away]]) {
      for (const [p, name] of players.entries()) await form.locator(`[name="m${i}_${side}${p + 1}"]`).fill(name);
      await form.locator(`[name="m${i}_${side}_legs"]`).fill(String(side === "home" ? row.legs[0] : row.legs[1]));
    }
  }
}

// The values of some of the form's fields, as the page holds them.
const kept = (form, names) =>
  Promise.all(names.map(async (n) => [n, await form.locator(`[name="${n}"]`).inputValue()])).then(Object.fromEntries);

// The night's page of a captain, reached from their home page's link to it.
async function nightPage(page, fixture) {
  const link = page.locator(`a[href$="/my/night/${fixture}"]`).first();
  if (await link.count()) await press(page, link);
  else await go(page, `/my/night/${fixture}`);
}

async function tables(page) {
  await go(page, "/");
  const all = await readStandings(page);
  await go(page, "/?confirmed");
  return { all, confirmed: await readStandings(page) };
}

// Whether each of the table's columns Pos, Team, P and Pts is within the window, not covered.
async function columns(page) {
  await go(page, "/");
  return page.evaluate(() => {
    const seen = {};
    for (const key of ["pos", "team", "played", "points"]) {
      const th = document.querySelector(`#standings thead th[data-key="${key}"]`);
      if (!th) {
        seen[key] = false;
        continue;
      }
      window.scrollTo(window.scrollX, window.scrollY + th.getBoundingClientRect().top - 100);
      const r = th.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      seen[key] = r.width > 0 && r.left >= 0 && r.right <= window.innerWidth && !!at && th.contains(at);
    }
    return seen;
  });
}

const marks = (page) => page.evaluate(() => document.querySelectorAll(".mark.disputed").length);

async function night(width, n) {
  const out = {};
  const home = await person(width);
  await go(home, n.homeLink);
  out.afterLink = home.url().replace(plan.base, "");
  await nightPage(home, n.fixture);
  const form = await entryForm(home, "matches");
  // A near-miss of a known player's name.
  const slip = structuredClone(n.rows);
  slip[0].home[0] = n.nearMiss;
  await fillNight(form, slip);
  let status = await submit(home, form, ["how", "matches"]);
  out.player = await outcome(home, status);
  out.player.kept = await kept(await entryForm(home, "matches"), ["m1_home1", "m1_away1", "m9_away_legs"]);
  // Legs no best of three gives, the name put right.
  const legs = structuredClone(n.rows);
  legs[1].legs = [3, 0];
  await fillNight(await entryForm(home, "matches"), legs);
  status = await submit(home, await entryForm(home, "matches"), ["how", "matches"]);
  out.legs = await outcome(home, status);
  out.legs.kept = await kept(await entryForm(home, "matches"), ["m2_home_legs", "m2_away_legs"]);
  // The whole night, right.
  await fillNight(await entryForm(home, "matches"), n.rows);
  await home.evaluate(() => window.scrollTo(0, 0));
  await home.screenshot({ path: join(plan.shots, `night-form-${width}.png`) });
  await home.screenshot({ path: join(plan.shots, `night-form-${width}-full.png`), fullPage: true });
  // The session's CSRF token, which every form of the session carries.
  const csrf = await (await entryForm(home, "matches")).locator('[name="csrf"]').inputValue();
  status = await submit(home, await entryForm(home, "matches"), ["how", "matches"]);
  out.entered = await outcome(home, status);
  // Confirming one's own entry: no form offers it, so one is made with the session's token,
  // as the captain could.
  out.ownConfirmOffered = await formOf(home, "/confirm").count();
  await home.evaluate(
    ([action, csrf]) => {
      const f = document.createElement("form");
      f.method = "post";
      f.action = action;
      const token = document.createElement("input");
      token.type = "hidden";
      token.name = "csrf";
      token.value = csrf;
      const button = document.createElement("button");
      button.id = "own-confirm";
      f.append(token, button);
      document.body.append(f);
    },
    [`/my/night/${n.fixture}/confirm`, csrf],
  );
  status = await press(home, home.locator("#own-confirm"));
  out.ownConfirm = await outcome(home, status);
  out.afterEntry = await tables(home);

  const away = await person(width);
  await go(away, n.awayLink);
  await nightPage(away, n.fixture);
  out.confirmed = await outcome(away, await submit(away, formOf(away, "/confirm")));
  out.afterConfirm = await tables(away);
  // The public pages of a night and of a team, reached from the season's page.
  for (const kind of ["night", "team"]) {
    await go(away, `/season/${plan.season}/`);
    await go(away, await away.locator(`main a[href*="/${kind}/"]`).first().evaluate((a) => a.href));
  }
  await home.context().close();
  await away.context().close();
  return out;
}

async function dispute(width, d) {
  const out = {};
  const home = await person(width);
  await go(home, d.homeLink);
  await nightPage(home, d.fixture);
  const form = await entryForm(home, "totals");
  await choose(form, "how", "totals");
  await form.locator('[name="totals_home"]').fill(String(d.totals[0]));
  await form.locator('[name="totals_away"]').fill(String(d.totals[1]));
  out.entered = await outcome(home, await submit(home, form, ["how", "totals"]));

  const away = await person(width);
  await go(away, d.awayLink);
  await nightPage(away, d.fixture);
  const against = formOf(away, "/dispute");
  await against.locator('[name="reason"]').fill(d.reason);
  out.disputed = await outcome(away, await submit(away, against));
  await go(away, "/");
  out.marksDisputed = await marks(away);

  const secretary = await person(width);
  await go(secretary, plan.secretary);
  await nightPage(secretary, d.fixture);
  const settle = formOf(secretary, "/confirm");
  await choose(settle, "by", "away");
  out.settled = await outcome(secretary, await submit(secretary, settle, ["by", "away"]));
  await go(secretary, "/");
  out.marksSettled = await marks(secretary);
  out.table = await readStandings(secretary);
  for (const p of [home, away, secretary]) await p.context().close();
  return out;
}

try {
  for (const run of plan.runs) {
    const result = { width: run.width };
    result.night = await night(run.width, run.night);
    result.dispute = await dispute(run.width, run.dispute);
    const reader = await person(run.width);
    result.columns = await columns(reader);
    await reader.context().close();
    report.runs.push(result);
  }
} catch (e) {
  // Where it stopped: the page's address, and its HTML and picture beside the screenshots.
  const at = last ? last.url() : "(no page yet)";
  if (last) {
    writeFileSync(join(plan.shots, "failed.html"), await last.content());
    await last.screenshot({ path: join(plan.shots, "failed.png"), fullPage: true });
  }
  process.stderr.write(`at ${at} (its page in ${plan.shots}/failed.html): ${e.stack}\n`);
  process.stderr.write(`${JSON.stringify(report)}\n`);
  process.exit(1);
}

const reader = await person(1280);
await go(reader, "/");
report.final.standings = await readStandings(reader);
await go(reader, "/?confirmed");
report.final.confirmed = await readStandings(reader);
await go(reader, `/season/${plan.season}/`);
report.final.season = await readStandings(reader);
await browser.close();
process.stdout.write(JSON.stringify(report) + "\n");
