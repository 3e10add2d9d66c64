// The league table #standings of the page shown, read from the DOM: a row an object keyed by
// each column's data-key (FORMAT.md §4, as `don standings --json`), numbers as numbers, an
// empty cell (legs not known) as null; null when the page has no such table. A season in
// divisions has a table a division (#standings, #standings-2, …, each with its data-division):
// their rows in turn, each with its "division", as `don standings --json` gives them. Shared by
// check-site.mjs and serve-flow.mjs.
export const readStandings = (page) =>
  page.$$eval('#standings, [id^="standings-"]', (tables) => {
    if (tables.length === 0) return null;
    return tables.flatMap((table) => {
      const keys = [...table.querySelectorAll("thead th")].map((th) => th.dataset.key || "");
      return [...table.querySelectorAll("tbody tr")].map((tr) => {
        const row = {};
        if (table.dataset.division) row.division = table.dataset.division;
        [...tr.children].forEach((cell, i) => {
          const key = keys[i];
          if (!key) return;
          const text = cell.textContent.trim();
          row[key] = key === "team" ? text : text === "" ? null : Number(text);
        });
        return row;
      });
    });
  });
