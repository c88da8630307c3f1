// The score pad (/pad/): a rubber or a Chicago kept at home, one step a screen.
//
// The phone keeps every game (settings, players, deals) in its own storage, saved after
// every change. It works out no figure: it sends the deals to POST /pad/sheet.json and
// draws the sheet the library returns (above and below the line, the game lines, the cut
// partscores, the next deal's dealer and vulnerability), and keeps that too. A change the
// server refuses (a 4xx with its reason) changes nothing. Without a connection the deals
// are kept and the last sheet stays shown; the sheet is drawn again once the connection
// is back. The service worker (/pad/sw.js) keeps the page, so it opens offline too.
// A game is the evening of its four players: a rubber game is the library's session of
// rubbers (a new rubber starts when one ends), a Chicago game its Chicagos of four deals;
// the evening's totals are the library's too (the server's "evening"), never added up here.
(function () {
  "use strict";
  var root = document.getElementById("pad");
  if (!root) { return; }
  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var fill = function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (m, k) { return String(values[k]); });
  };
  var CHOICES = JSON.parse(document.getElementById("pad-choices").textContent);
  // the reader's notation (seat letters, strains, doubling, "pass") and the seats' names,
  // as the server writes them: only labels change, the values posted stay N E S W, C D H S NT
  var WORDS = JSON.parse(document.getElementById("pad-words").textContent);
  var NOTATION = WORDS.notation;
  var INDEX = "bridgescore-pad-games";      // the ids of the games kept, oldest first
  var GAME = "bridgescore-pad-game-";       // + id: one game
  var CURRENT = "bridgescore-pad-current";  // the id of the game being played
  var SEATS = ["N", "E", "S", "W"];
  var SEAT_NAMES = WORDS.seat_names;
  var EVENING = "bridgescore-pad-evening";  // the evening's totals last drawn by the server
  var MOST_GAMES = 12;                      // the evening is asked with the latest games
  var WAIT = 6000;

  var state = {
    screen: "games",  // games, setup, sheet, deal, share
    game: null,
    draft: null,      // the deal being entered: {step, index (null: a new deal), fields}
    setup: null,      // the game being set up
    error: "",
    busy: false,
    broken: []        // games kept on the phone that could not be read
  };

  // --- what the phone keeps ---------------------------------------------------------------

  function store(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); return true; } catch (e) { return false; }
  }
  function ids() {
    var found = [];
    try { found = JSON.parse(localStorage.getItem(INDEX) || "[]"); } catch (e) { found = null; }
    if (!Array.isArray(found)) {
      // the list itself is damaged: find the games by their keys
      found = [];
      for (var i = 0; i < localStorage.length; i++) {
        var k = localStorage.key(i);
        if (k && k.indexOf(GAME) === 0) { found.push(k.slice(GAME.length)); }
      }
      store(INDEX, found);
    }
    return found.filter(function (id) { return typeof id === "string"; });
  }
  function valid(game) {
    var fine = game && typeof game === "object" && (game.kind === "rubber" || game.kind === "chicago")
      && Array.isArray(game.deals) && game.settings && typeof game.settings === "object"
      && game.players && typeof game.players === "object";
    return fine && game.deals.every(function (d) { return d && typeof d === "object"; });
  }
  function load(id) {
    var text = localStorage.getItem(GAME + id), game = null;
    if (text === null) { return null; }
    try { game = JSON.parse(text); } catch (e) { game = null; }
    if (!valid(game)) {
      if (!state.broken.some(function (b) { return b.id === id; })) {
        state.broken.push({ id: id, text: text });
      }
      return null;
    }
    return game;
  }
  function games() {
    state.broken = [];
    return ids().map(load).filter(function (g) { return g !== null; });
  }
  function save(game) {
    var known = ids();
    if (known.indexOf(game.id) < 0) { known.push(game.id); store(INDEX, known); }
    if (!store(GAME + game.id, game)) { state.error = gettext("The phone's storage is full: this game could not be saved."); }
    store(CURRENT, game.id);
  }
  function forget(id) {
    localStorage.removeItem(GAME + id);
    store(INDEX, ids().filter(function (k) { return k !== id; }));
  }

  // --- the server draws the sheet ---------------------------------------------------------

  function fields(game, deals, stopped) {
    var form = new URLSearchParams();
    var s = game.settings;
    form.set("kind", game.kind);
    ["laws", "vulnerability", "scoring", "honours", "dealer", "we"].forEach(function (k) { form.set(k, s[k] || ""); });
    if (stopped) { form.set("stopped", "1"); }
    form.set("deal-TOTAL_FORMS", String(deals.length));
    form.set("deal-INITIAL_FORMS", "0");
    deals.forEach(function (d, n) {
      Object.keys(d).forEach(function (k) {
        if (d[k] !== "" && d[k] !== null && d[k] !== undefined) { form.set("deal-" + n + "-" + k, String(d[k])); }
      });
    });
    return form;
  }
  function post(url, form) {
    // resolves with {ok, body} for an answer from the server; rejects without a connection
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () { reject(new Error("too slow")); }, WAIT);
      fetch(url, { method: "POST", body: form, credentials: "same-origin",
                   headers: { "Accept": "application/json" } }).then(function (answer) {
        clearTimeout(timer);
        if (answer.status >= 500) { reject(new Error("server")); return; }
        return answer.json().then(function (body) { resolve({ ok: answer.ok, body: body }); });
      }).catch(function (error) { clearTimeout(timer); reject(error); });
    });
  }
  // what the sheet was drawn from, and in which language (a switch draws it again)
  function drawnKey(game) { return JSON.stringify([game.settings, game.deals, !!game.stopped, document.documentElement.lang]); }
  function stale(game) { return game.drawn !== drawnKey(game); }

  // Ask for the sheet with these deals: kept when the server draws it, refused (nothing
  // changes) when it says why not, kept undrawn without a connection.
  function change(deals, stopped, done) {
    var game = state.game;
    state.busy = true; state.error = ""; render();
    post("/pad/sheet.json", fields(game, deals, stopped)).then(function (answer) {
      state.busy = false;
      if (!answer.ok) { state.error = answer.body.error || gettext("Not accepted"); render(); return; }
      game.deals = deals; game.stopped = stopped;
      game.sheet = answer.body; game.drawn = drawnKey(game);
      save(game); done(); render(); shareAgain();
    }, function () {
      state.busy = false;
      game.deals = deals; game.stopped = stopped;
      save(game); done(); render();
    });
  }
  // Draw again what was kept without a connection.
  function redraw() {
    var game = state.game;
    if (!game || !stale(game) || state.busy) { return; }
    var key = drawnKey(game);
    post("/pad/sheet.json", fields(game, game.deals, game.stopped)).then(function (answer) {
      if (drawnKey(game) !== key) { return; }
      if (!answer.ok) {
        state.error = fill(gettext("The sheet cannot be drawn: %(why)s. Correct that deal."), { why: answer.body.error });
      } else {
        game.sheet = answer.body; game.drawn = key; save(game); shareAgain();
      }
      render();
    }, function () {});
  }
  window.addEventListener("online", redraw);
  setInterval(redraw, 5000);

  function shareAgain() {
    var game = state.game;
    if (!game || !game.share || stale(game)) { return; }
    var form = fields(game, game.deals, game.stopped);
    shareFields(form, game);
    post("/pad/share/", form).then(function () {}, function () {});
  }
  function shareFields(form, game) {
    form.set("north", game.players.N || ""); form.set("east", game.players.E || "");
    form.set("south", game.players.S || ""); form.set("west", game.players.W || "");
    if (game.share) { form.set("game", game.share.game); form.set("key", game.share.key); }
  }
  function share() {
    var game = state.game, form = fields(game, game.deals, game.stopped);
    shareFields(form, game);
    state.busy = true; render();
    post("/pad/share/", form).then(function (answer) {
      state.busy = false;
      if (!answer.ok) { state.error = answer.body.error; render(); return; }
      game.share = answer.body; save(game); state.screen = "share"; render();
    }, function () {
      state.busy = false; state.error = gettext("No connection: the game can be shared once the phone is back online."); render();
    });
  }

  // --- building the screens ---------------------------------------------------------------

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") { node.textContent = attrs[k]; }
      else if (k === "cls") { node.className = attrs[k]; }
      else if (k === "on") { node.addEventListener("click", attrs[k]); }
      else if (attrs[k] !== null && attrs[k] !== undefined && attrs[k] !== false) { node.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { if (c) { node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); } });
    return node;
  }
  function button(text, on, attrs) {
    var a = attrs || {}; a.text = text; a.on = on; a.type = "button";
    return el("button", a);
  }
  function we(game) { return (game.settings && game.settings.we) || "NS"; }
  function they(game) { return we(game) === "NS" ? "EW" : "NS"; }
  function pair(game, side) {
    return side === "NS" ? names(game, "N", "S") : names(game, "E", "W");
  }
  function names(game, a, b) {
    return (game.players[a] || SEAT_NAMES[a]) + " & " + (game.players[b] || SEAT_NAMES[b]);
  }
  function who(game, seat) { return game.players[seat] || SEAT_NAMES[seat]; }
  function strainText(strain) { return NOTATION.strains[strain] || ""; }
  function doubledText(doubled) { return doubled === "XX" ? NOTATION.redoubled : doubled === "X" ? NOTATION.doubled : ""; }
  function dealText(d) {
    if (d.passed) { return NOTATION.passed; }
    var need = Number(d.level) + 6, diff = Number(d.tricks) - need;
    var mark = diff === 0 ? "=" : (diff > 0 ? "+" + diff : String(diff));
    // as the library writes a result in the reader's notation (4♠XE-2, 3NTS=)
    var text = d.level + strainText(d.strain) + doubledText(d.doubled) + NOTATION.seats[d.declarer] + mark;
    if (d.honours_side) { text += " · " + fill(gettext("honours %(side)s %(points)s"), { side: NOTATION.sides[d.honours_side], points: d.honours }); }
    return text;
  }
  function head(title, extra) {
    return el("header", { cls: "phone-head" }, [el("h1", { text: title }), extra || null]);
  }
  function errorLine() {
    return state.error ? el("p", { cls: "error", role: "alert", id: "pad-error", text: state.error }) : null;
  }
  function section(step, children) {
    return el("section", { cls: "screen", "data-step": step }, children);
  }

  function render() {
    root.textContent = "";
    root.hidden = false;
    var screen = { games: gamesScreen, setup: setupScreen, sheet: sheetScreen, deal: dealScreen, share: shareScreen }[state.screen];
    root.appendChild(screen());
  }

  // --- the games on the phone, and the evening's totals ---------------------------------

  // The evening is the library's: the latest games (with the day each was begun) go to
  // POST /pad/evening.json, and its answer (a title and each player's result) is drawn,
  // and kept for when there is no connection.
  function day(game) {
    var when = new Date(game.created || Date.now());
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return when.getFullYear() + "-" + two(when.getMonth() + 1) + "-" + two(when.getDate());
  }
  function eveningFields(all) {
    // the library keeps the latest day's games; the others are not sent, to keep the post small
    var last = all.length ? day(all[all.length - 1]) : "";
    var form = new URLSearchParams();
    var latest = all.filter(function (g) { return day(g) === last; }).slice(-MOST_GAMES);
    form.set("games", String(latest.length));
    latest.forEach(function (game, n) {
      fields(game, game.deals, game.stopped).forEach(function (value, key) { form.set("g" + n + "-" + key, value); });
      form.set("g" + n + "-day", day(game));
      [["north", "N"], ["east", "E"], ["south", "S"], ["west", "W"]].forEach(function (f) {
        form.set("g" + n + "-" + f[0], game.players[f[1]] || "");
      });
    });
    return form;
  }
  function keptEvening() {
    try { return JSON.parse(localStorage.getItem(EVENING) || "null"); } catch (e) { return null; }
  }
  function askEvening(all) {
    var form = eveningFields(all), key = form.toString() + "|" + document.documentElement.lang;
    var kept = keptEvening();
    if (kept && kept.key === key) { return; }
    post("/pad/evening.json", form).then(function (answer) {
      if (!answer.ok) { return; }
      store(EVENING, { key: key, evening: answer.body });
      if (state.screen === "games") { render(); }
    }, function () {});
  }
  function eveningTable() {
    var kept = keptEvening();
    if (!kept || !kept.evening || !kept.evening.games) { return []; }
    var night = kept.evening;
    return [el("h2", { id: "evening-title", text: night.title }),
      el("table", { cls: "sheet evening", id: "evening" }, [el("tbody", {}, night.players.map(function (p) {
        return el("tr", { "data-player": p.name }, [el("td", { text: p.name }), el("td", { cls: "num", text: p.shown })]);
      }))])];
  }
  function gamesScreen() {
    var all = games();
    var parts = [head(gettext("Score pad")), errorLine()];
    state.broken.forEach(function (b) {
      parts.push(el("p", { cls: "error broken", "data-broken": b.id },
        [fill(gettext("A saved game could not be read (%(id)s); the other games are kept."), { id: b.id }) + " ",
         button(gettext("Remove it"), function () { forget(b.id); render(); }, { cls: "link" })]));
    });
    parts.push(el("div", { cls: "keys two" }, [
      button(gettext("New rubber"), function () { startSetup("rubber"); }, { "data-new": "rubber" }),
      button(gettext("New Chicago"), function () { startSetup("chicago"); }, { "data-new": "chicago" })
    ]));
    if (all.length) {
      askEvening(all);
      eveningTable().forEach(function (p) { parts.push(p); });
      parts.push(el("h2", { text: gettext("Games") }));
      parts.push(el("ul", { cls: "done-boards games" }, all.slice().reverse().map(function (g) {
        var sum = g.sheet ? g.sheet.evening || g.sheet : null;
        var tot = sum && sum.totals ? sum.totals[we(g)] + " – " + sum.totals[they(g)] : "";
        return el("li", { "data-game": g.id }, [
          button((g.kind === "rubber" ? gettext("Rubber") : gettext("Chicago")) + " · " + pair(g, we(g)) + " – " + pair(g, they(g))
                 + " · " + fill(ngettext("%(n)s deal", "%(n)s deals", g.deals.length), { n: g.deals.length }) + (tot ? " · " + tot : ""),
                 function () { open(g); }, { cls: "link" })
        ]);
      })));
    }
    return section("games", parts);
  }
  function open(game) { state.game = game; state.screen = "sheet"; state.error = ""; store(CURRENT, game.id); render(); redraw(); }

  // --- a new game ------------------------------------------------------------------------

  function startSetup(kind, players) {
    var before = state.game;
    state.setup = {
      kind: kind,
      players: players || (before ? JSON.parse(JSON.stringify(before.players)) : { N: "", E: "", S: "", W: "" }),
      settings: before && before.kind === kind ? JSON.parse(JSON.stringify(before.settings))
        : { laws: CHOICES.laws[0].value, vulnerability: CHOICES.vulnerability[0].value,
            scoring: CHOICES.scoring[0].value, honours: "", dealer: "N", we: before ? we(before) : "NS" }
    };
    if (!state.setup.settings.we) { state.setup.settings.we = "NS"; }
    state.screen = "setup"; state.error = ""; render();
  }
  function choiceRow(label, key, options, layout) {
    var s = state.setup.settings;
    return el("div", { cls: "choice-row" }, [
      el("p", { cls: "label", text: label }),
      el("div", { cls: "keys " + (layout || (options.length === 4 ? "four" : options.length === 3 ? "three" : "two")) },
        options.map(function (o) {
          return button(o.label, function () { s[key] = o.value; render(); },
                        { cls: s[key] === o.value ? "on" : "", "data-choice": key, "data-value": o.value });
        }))
    ]);
  }
  function setupScreen() {
    var setup = state.setup;
    var inputs = SEATS.map(function (seat) {
      var input = el("input", { name: seat, maxlength: "40", autocomplete: "off", placeholder: SEAT_NAMES[seat],
                                "data-seat": seat, "aria-label": SEAT_NAMES[seat] });
      input.value = setup.players[seat] || "";
      input.addEventListener("input", function () { setup.players[seat] = input.value.trim(); });
      return el("label", { cls: "seat-" + seat }, [SEAT_NAMES[seat], input]);
    });
    var parts = [head(setup.kind === "rubber" ? gettext("New rubber") : gettext("New Chicago")), errorLine(),
      el("div", { cls: "players" }, inputs),
      // whose column is "We" on the sheet: the players keeping score
      choiceRow(gettext("We are"), "we", ["NS", "EW"].map(function (side) {
        return { value: side, label: NOTATION.sides[side] + " · " + (side === "NS" ? names(setup, "N", "S") : names(setup, "E", "W")) };
      }), "one"),
      choiceRow(gettext("First dealer"), "dealer", SEATS.map(function (s) { return { value: s, label: NOTATION.seats[s] }; }))];
    if (setup.kind === "chicago") {
      parts.push(choiceRow(gettext("Vulnerable on deals 2 and 3"), "vulnerability", CHOICES.vulnerability, "one"));
      parts.push(choiceRow(gettext("Scoring"), "scoring", CHOICES.scoring, "one"));
      parts.push(choiceRow(gettext("Honours"), "honours", CHOICES.honours, "one"));
    }
    // the law sets, one a line: their names are long
    parts.push(choiceRow(gettext("Laws"), "laws", CHOICES.laws, "one"));
    parts.push(button(gettext("Start"), function () {
      var game = { id: "g" + Date.now().toString(36) + Math.random().toString(36).slice(2, 6),
                   kind: setup.kind, created: new Date().toISOString(), settings: setup.settings,
                   players: setup.players, deals: [], stopped: false, sheet: null, drawn: "", share: null };
      state.game = game; save(game); state.screen = "sheet";
      change([], false, function () {});
    }, { cls: "big", "data-start": "1" }));
    parts.push(el("nav", {}, [button(gettext("Back"), function () { state.screen = "games"; render(); }, { cls: "back" })]));
    return section("setup", parts);
  }

  // --- the sheet --------------------------------------------------------------------------

  // The sheet itself is the server's drawing (the same as the shared page's), kept with the
  // game: this page only places it.
  function drawing(sheet) {
    var box = el("div", { cls: "drawn" });
    box.innerHTML = sheet.html || "";
    return box;
  }
  function sheetScreen() {
    var game = state.game, sheet = game.sheet;
    var title = (game.kind === "rubber" ? gettext("Rubber") : gettext("Chicago"));
    var parts = [head(title, el("p", { cls: "who" }, [
      el("b", { text: gettext("We") }), " " + pair(game, we(game)) + " · ",
      el("b", { text: gettext("They") }), " " + pair(game, they(game))])), errorLine()];
    var fresh = !stale(game);
    if (!fresh) {
      parts.push(el("p", { cls: "queue", id: "waiting", text: fill(gettext("No connection: %(n)s deals kept on this phone; the sheet is drawn again when the connection is back."), { n: game.deals.length }) }));
    }
    if (sheet) {
      // at the end of a Chicago the box below names it: the status line would repeat its title
      if (!(game.kind === "chicago" && sheet.ended && fresh)) { parts.push(el("p", { cls: "status", id: "status", text: sheet.status })); }
      if (sheet.ended && fresh) { parts.push(endedBox(game, sheet)); }
      if (sheet.next && fresh) {
        parts.push(el("p", { cls: "board-line", id: "next" }, [fill(gettext("%(deal)s: %(dealer)s deals (%(name)s), %(vul)s"), {
          deal: sheet.next.label, dealer: NOTATION.seats[sheet.next.dealer], name: who(game, sheet.next.dealer), vul: sheet.next.vulnerability })]));
      }
    }
    // after a rubber or a Chicago the same four play on: the grid starts the next one
    var playing = !(sheet && fresh && sheet.over);
    if (playing) {
      // the next deal starts here: one tap on its contract
      if (!(sheet && sheet.next && fresh)) {
        parts.push(el("p", { cls: "board-line", id: "next" }, [fill(gettext("Deal %(n)s"), { n: game.deals.length + 1 })]));
      }
      contractGrid({}, begin).forEach(function (p) { parts.push(p); });
    }
    if (sheet) { parts.push(drawing(sheet)); }
    parts.push(dealList(game));
    var over = sheet && sheet.over && fresh;
    var ended = sheet && sheet.ended && fresh;
    var actions = [];
    if (over) {
      actions.push(button(gettext("New game"), function () { startSetup(game.kind, game.players); }, { cls: "big", "data-new-game": "1" }));
    } else if (ended) {
      // (the next rubber or Chicago with the same players starts on the grid at the top)
      actions.push(button(gettext("New game"), function () { startSetup(game.kind, game.players); }, { "data-new-game": "1" }));
    }
    if (game.deals.length) {
      actions.push(button(gettext("Undo the last deal"), function () {
        // after "stop the rubber here", undo takes the stop back first
        change(game.stopped ? game.deals : game.deals.slice(0, -1), false, function () {});
      }, { "data-undo": "1", disabled: state.busy }));
    }
    if (game.kind === "rubber" && !over && !ended && game.deals.length) {
      actions.push(button(gettext("Stop the rubber here"), function () { change(game.deals, true, function () {}); }, { "data-stop": "1" }));
    }
    actions.push(button(game.share ? gettext("Shared: show the link") : gettext("Share with the players"), function () {
      if (game.share) { state.screen = "share"; render(); } else { share(); }
    }, { "data-share": "1" }));
    actions.push(button(gettext("All games"), function () { state.screen = "games"; state.error = ""; render(); }, { "data-games": "1" }));
    parts.push(el("div", { cls: "actions" }, actions));
    return section("sheet", parts);
  }
  // the end of a rubber or a Chicago: its final score, who won (by name), and what next
  function endedBox(game, sheet) {
    var end = sheet.ended, won = end.winner ? pair(game, end.winner) : "";
    return el("div", { cls: "ended", id: "ended", "data-winner": end.winner || "" }, [
      el("h2", { text: end.title }),
      el("p", { cls: "status" }, [el("b", { text: gettext("We") }), " " + end.totals[we(game)] + " · ",
        el("b", { text: gettext("They") }), " " + end.totals[they(game)]]),
      el("p", { id: "winner", text: won ? fill(gettext("%(players)s win by %(margin)s"), { players: won, margin: end.margin }) : end.result }),
      // the same four play on: the grid under this box starts the evening's next one
      sheet.over ? null : el("p", { cls: "again", id: "again", text: game.kind === "rubber" ? gettext("Next rubber, same players") : gettext("New Chicago, same players") })
    ]);
  }
  // the deals as entered, each with what the sheet gave each side; tap one to correct it
  function dealList(game) {
    var drawn = !stale(game) && game.sheet ? game.sheet.rows : [];
    return el("ol", { cls: "done-boards deals", id: "deals" }, game.deals.map(function (d, n) {
      var row = drawn[n], points = row ? row.points : null;
      var label = row ? row.label : fill(gettext("Deal %(n)s"), { n: n + 1 });
      return el("li", { "data-deal": String(n + 1) }, [
        button(label + ": " + dealText(d) + (points ? "  ·  " + (points[we(game)] || "–") + " / " + (points[they(game)] || "–") : ""),
               function () { enter(n); }, { cls: "link", "data-correct": String(n + 1) }),
        points ? el("span", { hidden: "hidden", cls: "points", "data-ns": String(points.NS), "data-ew": String(points.EW) }) : null
      ]);
    }));
  }

  // --- one deal: the contract (one tap on the grid), doubled?, declarer, tricks, done ----
  //
  // Undoubled: contract, declarer, tricks, done (4 taps); doubled: one more for X or XX.
  // Honours are offered on the last screen only when the game counts them (the library's
  // answer: a rubber always, a Chicago as its scoring says or the players chose).

  function enter(index) {
    var before = index === null ? {} : JSON.parse(JSON.stringify(state.game.deals[index]));
    state.draft = { step: "contract", index: index, deal: before };
    state.screen = "deal"; state.error = ""; render();
  }
  function go(step) { state.draft.step = step; state.error = ""; render(); }
  function finish() {
    var game = state.game, draft = state.draft, deals = game.deals.slice();
    var deal = {};
    Object.keys(draft.deal).forEach(function (k) { if (draft.deal[k] !== "" && draft.deal[k] !== undefined) { deal[k] = draft.deal[k]; } });
    if (draft.index === null) { deals.push(deal); } else { deals[draft.index] = deal; }
    change(deals, draft.index === null ? false : game.stopped, function () { state.screen = "sheet"; state.draft = null; });
  }
  // the 35 contracts as one grid and a small "passed out" under it (contract-grid.js,
  // the same keys as the table's phone)
  function contractGrid(d, pick) {
    return window.bridgescoreGrid.contracts({ notation: NOTATION, chosen: d, pick: pick, disabled: state.busy, under: [{
      text: gettext("Passed out"), cls: "link passed", attrs: { "data-passed": "1" }, on: function () {
        if (!state.draft) { state.draft = { step: "contract", index: null, deal: {} }; }
        state.draft.deal = { passed: "1" }; finish();
      } }] });
  }
  // a new deal begun on the sheet's own grid: its contract is the first tap
  function begin(lv, strain) {
    state.draft = { step: "declarer", index: null, deal: { level: lv, strain: strain } };
    state.screen = "deal"; state.error = ""; render();
  }
  function honoursCounted(game) {
    if (game.kind === "rubber") { return true; }
    return game.sheet && !stale(game) ? game.sheet.honours !== false : game.settings.honours !== "no";
  }
  function dealScreen() {
    var game = state.game, draft = state.draft, d = draft.deal;
    var row = draft.index !== null && game.sheet && !stale(game) ? game.sheet.rows[draft.index] : null;
    var next = game.sheet && game.sheet.next && draft.index === null && !stale(game) ? game.sheet.next : null;
    var title;
    if (draft.index === null) {
      title = next ? next.label : fill(gettext("Deal %(n)s"), { n: game.deals.length + 1 });
    } else {
      title = fill(gettext("Correct %(deal)s"), { deal: row ? row.label : fill(gettext("Deal %(n)s"), { n: draft.index + 1 }) });
    }
    var sub = next ? fill(gettext("%(dealer)s deals, %(vul)s"), { dealer: NOTATION.seats[next.dealer], vul: next.vulnerability }) : "";
    var line = d.level ? d.level + strainText(d.strain) + doubledText(d.doubled) + (d.declarer ? " " + NOTATION.seats[d.declarer] : "") : "";
    var parts = [head(title, el("p", { cls: "contract-line", id: "draft" }, [sub ? el("small", { text: sub }) : null, sub ? el("br") : null, line])), errorLine()];
    var step = draft.step;
    if (step === "contract") {
      parts.push(el("p", { cls: "ask", text: gettext("The contract") }));
      contractGrid(d, function (lv, strain) { d.level = lv; d.strain = strain; delete d.passed; go("declarer"); }).forEach(function (p) { parts.push(p); });
    } else if (step === "declarer") {
      parts.push(window.bridgescoreGrid.doubling({ notation: NOTATION, undoubled: gettext("Undoubled"), chosen: d.doubled,
        pick: function (value) { d.doubled = value; render(); } }));
      parts.push(el("p", { cls: "ask", text: gettext("Who declared?") }));
      var keys = SEATS.map(function (s) {
        return button(NOTATION.seats[s] + " · " + who(game, s), function () { d.declarer = s; go("tricks"); },
                      { cls: "seat-" + s + (d.declarer === s ? " on" : ""), "data-seat": s });
      });
      keys.push(el("div", { cls: "table-top", text: d.level + strainText(d.strain) + doubledText(d.doubled) }));
      parts.push(el("div", { cls: "compass" }, keys));
    } else {
      parts.push(el("p", { cls: "ask", text: gettext("Tricks taken by declarer") }));
      var need = Number(d.level) + 6;
      var tricks = [];
      for (var n = 0; n <= 13; n++) {
        var diff = n - need;
        var mark = diff === 0 ? "=" : diff > 0 ? "+" + diff : String(diff);
        tricks.push(button("", (function (k) { return function () { d.tricks = String(k); render(); }; })(n),
          { cls: (diff === 0 ? "made" : diff < 0 ? "down" : "") + (d.tricks === String(n) ? " on" : ""), "data-tricks": String(n),
            "aria-label": n + " (" + mark + ")" }));
        tricks[tricks.length - 1].appendChild(el("span", { cls: "n", text: String(n) }));
        tricks[tricks.length - 1].appendChild(el("small", { text: mark }));
      }
      parts.push(el("div", { cls: "keys seven tricks" }, tricks));
      if (honoursCounted(game)) {
        var us = we(game), them = they(game);
        var choices = [[us, "100", gettext("We 100")], [us, "150", gettext("We 150")],
                       [them, "100", gettext("They 100")], [them, "150", gettext("They 150")]];
        parts.push(el("p", { cls: "label honours-label", text: gettext("Honours (if held)") }));
        parts.push(el("div", { cls: "keys four honours" }, choices.map(function (c) {
          var on = d.honours_side === c[0] && d.honours === c[1];
          return button(c[2], function () {
            if (on) { delete d.honours_side; delete d.honours; } else { d.honours_side = c[0]; d.honours = c[1]; }
            render();
          }, { "data-honours": c[0] + "-" + c[1], cls: on ? "on" : "", "aria-pressed": on ? "true" : "false" });
        })));
      } else {
        delete d.honours_side; delete d.honours;
      }
      parts.push(button(gettext("Done"), finish, { cls: "big done", "data-done": "1", disabled: state.busy || d.tricks === undefined || d.tricks === "" }));
    }
    var back = { contract: null, declarer: "contract", tricks: "declarer" }[step];
    parts.push(el("nav", {}, [button(gettext("Back"), function () {
      if (back) { go(back); } else { state.screen = "sheet"; state.draft = null; state.error = ""; render(); }
    }, { cls: "back" })]));
    return section(step, parts);
  }

  // --- sharing ---------------------------------------------------------------------------

  function shareScreen() {
    var shared = state.game.share;
    return section("share", [head(gettext("Shared, read-only")), errorLine(),
      el("p", { text: gettext("The other players open this link, or scan the code, to follow the sheet (they cannot change it).") }),
      el("p", {}, [el("a", { href: shared.link, id: "share-link", text: shared.address || shared.link })]),
      el("img", { src: shared.qr, alt: gettext("QR code of the link"), width: "200", height: "200", cls: "qr" }),
      el("nav", {}, [button(gettext("Back"), function () { state.screen = "sheet"; render(); }, { cls: "back" })])]);
  }

  // --- start ------------------------------------------------------------------------------

  var current = null;
  try { current = JSON.parse(localStorage.getItem(CURRENT)); } catch (e) { current = null; }
  var found = typeof current === "string" ? load(current) : null;
  games();
  if (found) { state.game = found; state.screen = "sheet"; }
  render();
  redraw();
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/pad/sw.js", { scope: "/pad/" }).catch(function () {});
  }
})();
