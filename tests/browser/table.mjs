// The league table #standings of the page shown, read from the DOM: a row an object keyed by
// each column's data-key (FORMAT.md §4, as `don standings --json`), numbers as numbers, an
// empty cell (legs not known) as null; null when the page has no such table. Shared by check-site.mjs and serve-flow.mjs.
export const readStandings = (page) =>
  page.$$eval("#standings", (tables) => {
    if (tables.length === 0) return null;
    const table = tables[0];
    const keys = [...table.querySelectorAll("thead th")].map((th) => th.dataset.key || "");
    return [...table.querySelectorAll("tbody tr")].map((tr) => {
      const row = {};
      [...tr.children].forEach((cell, i) => {
        const key = keys[i];
        if (!key) return;
        const text = cell.textContent.trim();
        row[key] = key === "team" ? text : text === "" ? null : Number(text);
      });
      return row;
    });
  });
