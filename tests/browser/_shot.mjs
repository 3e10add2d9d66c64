import { chromium } from "playwright-core";
const [url, out, width] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox","--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
await page.goto(url);
await page.screenshot({ path: out, fullPage: false });
const info = await page.evaluate(() => {
  const t = document.querySelector("#standings, #card");
  if (!t) return null;
  const r = t.getBoundingClientRect();
  return { w: r.width, sw: t.parentElement.scrollWidth, cw: t.parentElement.clientWidth };
});
console.log(JSON.stringify(info));
await browser.close();
