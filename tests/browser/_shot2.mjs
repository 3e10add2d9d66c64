import { chromium } from "playwright-core";
const [url, out, width] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox","--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
await page.goto(url);
await page.evaluate(() => { const d = document.querySelector("details.more-columns"); if (d) { d.open = true; d.scrollIntoView(); } });
await page.screenshot({ path: out, fullPage: false });
await browser.close();
