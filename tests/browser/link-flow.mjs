// A private link opened from another site's page, in Debian's chromium (headless, through
// playwright-core): a page of elsewhere.example (served by the browser itself) links to the
// captain's link; the visitor follows it (a cross-site navigation), sees the link's page with
// its button, presses it, and must land on /my/ signed in, though the session's cookie is
// SameSite=Strict. A form of elsewhere.example posting to another link (a sign-in forged from
// another site) must open no session. Reports what it saw, as one JSON object.
//
// Usage: node link-flow.mjs PLAN.json (written by tests/browser/serve.rs)
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const executablePath = process.env.DON_CHROMIUM || "/usr/bin/chromium";
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync"],
});
const elsewhere = "http://elsewhere.example/";
const report = {};

// A browser of its own whose elsewhere.example is the page given.
async function visitor(body) {
  const context = await browser.newContext();
  await context.route(`${elsewhere}**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: `<!DOCTYPE html><title>Elsewhere</title>${body}` }),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  await page.goto(elsewhere);
  return { context, page };
}

const sessionCookies = async (context) => (await context.cookies()).filter((c) => c.name === "don_session");
const here = (page) => page.url().replace(plan.base, "");

try {
  // The link followed from another site's page.
  const { context, page } = await visitor(`<a id="go" href="${plan.link}">The captain's link</a>`);
  const [opened] = await Promise.all([page.waitForNavigation(), page.click("#go")]);
  report.linkPage = {
    status: opened ? opened.status() : null,
    url: here(page),
    button: await page.locator("#open-link").count(),
    cookies: (await sessionCookies(context)).length,
  };
  if (report.linkPage.button) {
    const [after] = await Promise.all([page.waitForNavigation(), page.click("#open-link")]);
    report.after = {
      status: after ? after.status() : null,
      url: here(page),
      text: await page.evaluate(() => document.body.innerText),
      cookies: (await sessionCookies(context)).map((c) => ({ sameSite: c.sameSite, httpOnly: c.httpOnly })),
    };
    // A page of the site visited again: still signed in.
    await page.goto(`${plan.base}/my/`);
    report.again = await page.evaluate(() => document.body.innerText);
  } else {
    report.linkPage.text = await page.evaluate(() => document.body.innerText);
  }
  await context.close();

  // A form of another site posting to a link: no session.
  const forged = await visitor(
    `<form method="post" action="${plan.other}"><button id="post" type="submit">Win a prize</button></form>`,
  );
  const [posted] = await Promise.all([forged.page.waitForNavigation(), forged.page.click("#post")]);
  report.forged = {
    status: posted ? posted.status() : null,
    cookies: (await sessionCookies(forged.context)).length,
  };
  await forged.context.close();
} catch (e) {
  report.error = String(e && e.stack ? e.stack : e);
}
await browser.close();
console.log(JSON.stringify(report));
