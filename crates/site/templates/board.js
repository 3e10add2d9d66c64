// The live board (`/board/game/N`, `/board/night/F`): listens to the board's events and, each
// time what the board is of moves away from what it shows (`div#board[data-seen]`), fetches
// the board again (`?fragment=1`: only the inside of div#board) and puts it in place, with no
// reload. A stream lost is opened again; while the server refuses one, the board is fetched every
// 2 s. Without JavaScript the page reloads itself every 2 s
// (its <noscript> refresh).
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board) {
    return;
  }
  var events = board.getAttribute("data-events");
  if (!events || !window.EventSource || !window.fetch) {
    // No way to listen: reload as the page without JavaScript does.
    window.setTimeout(function () { window.location.reload(); }, 2000);
    return;
  }
  var fragment = window.location.pathname + "?fragment=1";
  // What the board should be of: the latest change told.
  var latest = board.getAttribute("data-seen");
  var fetching = false;

  function refresh() {
    if (fetching) {
      return;
    }
    fetching = true;
    var wanted = latest;
    window.fetch(fragment, { cache: "no-store", credentials: "same-origin" })
      .then(function (answer) {
        if (!answer.ok) {
          throw new Error("the board answered " + answer.status);
        }
        var seen = answer.headers.get("X-Don-Seen");
        return answer.text().then(function (html) {
          board.innerHTML = html;
          board.setAttribute("data-seen", seen !== null ? seen : wanted);
        });
      })
      .then(function () {
        fetching = false;
        // A change told while this one was fetched.
        if (latest !== board.getAttribute("data-seen") && latest !== wanted) {
          refresh();
        }
      }, function () {
        fetching = false;
        window.setTimeout(check, 2000);
      });
  }

  function check() {
    if (latest !== board.getAttribute("data-seen")) {
      refresh();
    }
  }

  // While no stream is open (the server refused one: too many open), the board is fetched
  // every 2 s instead, as the page without JavaScript reloads itself: it never goes stale.
  var polling = null;
  function poll(on) {
    if (on && polling === null) {
      polling = window.setInterval(function () {
        // Unknown until fetched: the fetch says what it is of.
        latest = null;
        refresh();
      }, 2000);
    } else if (!on && polling !== null) {
      window.clearInterval(polling);
      polling = null;
    }
  }

  var wait = 2000;
  function listen() {
    var source = new window.EventSource(events);
    source.addEventListener("open", function () {
      wait = 2000;
      poll(false);
    });
    source.addEventListener("change", function (event) {
      latest = event.data;
      check();
    });
    source.addEventListener("error", function () {
      // The browser tries again by itself unless the server refused the stream (too many
      // open, or no board any more): then poll, and try the stream again a little later,
      // and later each time.
      if (source.readyState === window.EventSource.CLOSED) {
        source.close();
        poll(true);
        window.setTimeout(listen, wait);
        wait = Math.min(wait * 2, 30000);
      }
    });
  }
  listen();
})();
