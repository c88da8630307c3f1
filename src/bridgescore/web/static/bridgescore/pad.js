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
  var INDEX = "bridgescore-pad-games";      // the ids of the games kept, oldest first
  var GAME = "bridgescore-pad-game-";       // + id: one game
  var CURRENT = "bridgescore-pad-current";  // the id of the game being played
  var SEATS = ["N", "E", "S", "W"];
  var SEAT_NAMES = { N: gettext("North"), E: gettext("East"), S: gettext("South"), W: gettext("West") };
  var STRAINS = [["C", "♣"], ["D", "♦"], ["H", "♥"], ["S", "♠"], ["NT", "NT"]];
  var SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
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
    ["laws", "vulnerability", "scoring", "honours", "dealer"].forEach(function (k) { form.set(k, s[k] || ""); });
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
  function drawnKey(game) { return JSON.stringify([game.settings, game.deals, !!game.stopped]); }
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
  function names(game, a, b) {
    return (game.players[a] || SEAT_NAMES[a]) + " & " + (game.players[b] || SEAT_NAMES[b]);
  }
  function who(game, seat) { return game.players[seat] || SEAT_NAMES[seat]; }
  function dealText(d) {
    if (d.passed) { return gettext("Passed out"); }
    var need = Number(d.level) + 6, diff = Number(d.tricks) - need;
    var mark = diff === 0 ? "=" : (diff > 0 ? "+" + diff : String(diff));
    var text = d.level + SYMBOL[d.strain] + (d.doubled || "") + " " + d.declarer + " " + mark;
    if (d.honours_side) { text += " · " + fill(gettext("honours %(side)s %(points)s"), { side: d.honours_side, points: d.honours }); }
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
      var latest = all[all.length - 1];
      var evening = latest.sheet && latest.sheet.evening;
      if (evening) {
        // each player's result this evening: their side's, as the library added it up
        var rows = SEATS.map(function (seat) {
          var n = evening.net[seat === "N" || seat === "S" ? "NS" : "EW"];
          return el("tr", { "data-player": who(latest, seat) }, [el("td", { text: who(latest, seat) }),
            el("td", { cls: "num", text: (n > 0 ? "+" : "") + n })]);
        });
        parts.push(el("h2", { text: fill(ngettext("This evening: %(count)s game", "This evening: %(count)s games", evening.games), { count: evening.games }) }));
        parts.push(el("table", { cls: "grid evening" }, [el("tbody", {}, rows)]));
      }
      parts.push(el("h2", { text: gettext("Games") }));
      parts.push(el("ul", { cls: "done-boards games" }, all.slice().reverse().map(function (g) {
        var sum = g.sheet ? g.sheet.evening || g.sheet : null;
        var tot = sum && sum.totals ? sum.totals.NS + " – " + sum.totals.EW : "";
        return el("li", { "data-game": g.id }, [
          button((g.kind === "rubber" ? gettext("Rubber") : gettext("Chicago")) + " · " + names(g, "N", "S") + " v " + names(g, "E", "W")
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
            scoring: CHOICES.scoring[0].value, honours: "", dealer: "N" }
    };
    state.screen = "setup"; state.error = ""; render();
  }
  function choiceRow(label, key, options) {
    var s = state.setup.settings;
    return el("div", { cls: "choice-row" }, [
      el("p", { cls: "label", text: label }),
      el("div", { cls: "keys " + (options.length === 4 ? "four" : options.length === 3 ? "three" : "two") },
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
      choiceRow(gettext("First dealer"), "dealer", SEATS.map(function (s) { return { value: s, label: s }; }))];
    if (setup.kind === "chicago") {
      parts.push(choiceRow(gettext("Vulnerable on deals 2 and 3"), "vulnerability", CHOICES.vulnerability));
      parts.push(choiceRow(gettext("Scoring"), "scoring", CHOICES.scoring));
      parts.push(choiceRow(gettext("Honours"), "honours", CHOICES.honours));
    }
    var laws = el("select", { name: "laws", "aria-label": gettext("Laws") }, CHOICES.laws.map(function (l) {
      return el("option", { value: l.value, text: l.label });
    }));
    laws.value = setup.settings.laws;
    laws.addEventListener("change", function () { setup.settings.laws = laws.value; });
    parts.push(el("label", { cls: "laws" }, [gettext("Laws") + " ", laws]));
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

  function sheetScreen() {
    var game = state.game, sheet = game.sheet;
    var title = (game.kind === "rubber" ? gettext("Rubber") : gettext("Chicago"));
    var parts = [head(title, el("p", { cls: "who" }, [
      el("b", { text: gettext("We") }), " " + names(game, "N", "S") + " · ",
      el("b", { text: gettext("They") }), " " + names(game, "E", "W")])), errorLine()];
    if (stale(game)) {
      parts.push(el("p", { cls: "queue", id: "waiting", text: fill(gettext("No connection: %(n)s deals kept on this phone; the sheet is drawn again when the connection is back."), { n: game.deals.length }) }));
    }
    if (sheet) {
      // at the end of a Chicago the box below names it: the status line would repeat its title
      if (!(game.kind === "chicago" && sheet.ended && !stale(game))) { parts.push(el("p", { cls: "status", id: "status", text: sheet.status })); }
      if (sheet.next && !stale(game)) {
        parts.push(el("p", { cls: "board-line", id: "next" }, [fill(gettext("Deal %(number)s: %(dealer)s deals (%(name)s), %(vul)s"), {
          number: sheet.next.number, dealer: sheet.next.dealer, name: who(game, sheet.next.dealer), vul: sheet.next.vulnerability })]));
      }
      if (sheet.ended && !stale(game)) { parts.push(endedBox(game, sheet)); }
      parts.push(game.kind === "rubber" ? rubberTable(sheet) : chicagoTable(sheet));
      if (game.kind === "rubber" && sheet.rubbers && sheet.rubbers.length > 1) { parts.push(eveningList(game, sheet)); }
    }
    parts.push(dealList(game));
    var over = sheet && sheet.over && !stale(game);
    var ended = sheet && sheet.ended && !stale(game);
    var actions = [];
    if (over) {
      actions.push(button(gettext("New game"), function () { startSetup(game.kind, game.players); }, { cls: "big", "data-new-game": "1" }));
    } else if (ended) {
      // (the next rubber or Chicago with the same players is offered in the box at the top)
      actions.push(button(gettext("New game"), function () { startSetup(game.kind, game.players); }, { "data-new-game": "1" }));
    } else {
      actions.push(button(fill(gettext("Enter deal %(n)s"), { n: game.deals.length + 1 }), function () { enter(null); }, { cls: "big", "data-enter": "1", disabled: state.busy }));
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
    var end = sheet.ended, won = end.winner === "NS" ? names(game, "N", "S") : end.winner === "EW" ? names(game, "E", "W") : "";
    return el("div", { cls: "ended", id: "ended", "data-winner": end.winner || "" }, [
      el("h2", { text: end.title }),
      el("p", { cls: "status" }, [el("b", { text: gettext("We") }), " " + end.totals.NS + " · ",
        el("b", { text: gettext("They") }), " " + end.totals.EW]),
      el("p", { id: "winner", text: won ? fill(gettext("%(players)s win by %(margin)s"), { players: won, margin: end.margin }) : end.result }),
      // the same four play on: the next deal starts the evening's next rubber or Chicago
      sheet.over ? null : button(game.kind === "rubber" ? gettext("Next rubber, same players") : gettext("New Chicago, same players"),
        function () { enter(null); }, { cls: "big", "data-again": "1", disabled: state.busy })
    ]);
  }
  // the evening's rubbers, each with its result (the library's figures)
  function eveningList(game, sheet) {
    return el("table", { cls: "grid evening-rubbers", id: "rubbers" }, [el("tbody", {}, sheet.rubbers.map(function (r) {
      return el("tr", { "data-rubber": String(r.number) }, [
        el("td", { text: fill(gettext("Rubber %(n)s"), { n: r.number }) }),
        el("td", { cls: "num", text: r.totals.NS + " – " + r.totals.EW })]);
    }).concat([el("tr", { cls: "total" }, [el("th", { text: gettext("This evening") }),
      el("th", { cls: "num", id: "evening-total", text: sheet.evening.totals.NS + " – " + sheet.evening.totals.EW })])]))]);
  }
  function cell(entry, side, kind) {
    if (!entry) { return el("td", { cls: "num" }); }
    var cls = "num " + kind + (entry.cut ? " cut" : "") + (entry.deal === null ? " bonus" : "");
    return el("td", { cls: cls, title: entry.what, "data-side": side, "data-deal": entry.deal === null ? "bonus" : String(entry.deal), text: String(entry.points) });
  }
  function rubberTable(sheet) {
    var body = [];
    var ns = sheet.above.NS.slice().reverse(), ew = sheet.above.EW.slice().reverse();
    var high = Math.max(ns.length, ew.length);
    // above the line: the latest on top, each side building up from the line
    for (var i = 0; i < high; i++) {
      var a = ns[i - (high - ns.length)], b = ew[i - (high - ew.length)];
      body.push(el("tr", { cls: "above" }, [cell(a, "NS", "above"), cell(b, "EW", "above")]));
    }
    body.push(el("tr", { cls: "the-line" }, [el("td", { colspan: "2" })]));
    sheet.games.forEach(function (g) {
      var rows = Math.max(g.NS.length, g.EW.length);
      for (var k = 0; k < rows; k++) {
        var last = k === rows - 1 && g.won_by;
        body.push(el("tr", { cls: "below" + (last ? " game-line" : ""), "data-game": String(g.number) },
          [cell(g.NS[k], "NS", "below"), cell(g.EW[k], "EW", "below")]));
      }
    });
    return el("table", { cls: "sheet rubber", id: "sheet" }, [
      el("thead", {}, [el("tr", {}, [el("th", { text: gettext("We") }), el("th", { text: gettext("They") })])]),
      el("tbody", {}, body),
      el("tfoot", {}, [el("tr", { cls: "total" }, [
        el("th", { cls: "num", id: "total-ns", text: String(sheet.totals.NS) }),
        el("th", { cls: "num", id: "total-ew", text: String(sheet.totals.EW) })])])
    ]);
  }
  function chicagoTable(sheet) {
    var body = [];
    sheet.rows.forEach(function (row) {
      body.push(el("tr", { "data-deal": String(row.number), cls: row.game_won_by ? "game-line" : "" }, [
        el("td", { text: String(row.number) }),
        el("td", { cls: "small", text: row.dealer + " · " + row.vulnerability }),
        el("td", { cls: "num", "data-side": "NS", "data-deal": String(row.number), text: row.points.NS ? String(row.points.NS) : "" }),
        el("td", { cls: "num", "data-side": "EW", "data-deal": String(row.number), text: row.points.EW ? String(row.points.EW) : "" })]));
      var round = sheet.rounds[row.round - 1];
      if (round && round.complete && row.deal_in_round === 4) {
        body.push(el("tr", { cls: "round-total" }, [el("td", { colspan: "2", text: fill(gettext("Chicago %(n)s"), { n: round.number }) }),
          el("td", { cls: "num", text: String(round.totals.NS) }), el("td", { cls: "num", text: String(round.totals.EW) })]));
      }
    });
    return el("table", { cls: "sheet chicago", id: "sheet" }, [
      el("thead", {}, [el("tr", {}, [el("th", { text: "#" }), el("th", { text: gettext("Dealer") }), el("th", { text: gettext("We") }), el("th", { text: gettext("They") })])]),
      el("tbody", {}, body),
      el("tfoot", {}, [el("tr", { cls: "total" }, [el("th", { colspan: "2", text: gettext("Total") }),
        el("th", { cls: "num", id: "total-ns", text: String(sheet.totals.NS) }),
        el("th", { cls: "num", id: "total-ew", text: String(sheet.totals.EW) })])])
    ]);
  }
  // the deals as entered, each with what the sheet gave each side; tap one to correct it
  function dealList(game) {
    var drawn = !stale(game) && game.sheet ? game.sheet.rows : [];
    return el("ol", { cls: "done-boards deals", id: "deals" }, game.deals.map(function (d, n) {
      var row = drawn[n], points = row ? row.points : null;
      return el("li", { "data-deal": String(n + 1) }, [
        button((n + 1) + ". " + dealText(d) + (points ? "  ·  " + (points.NS || "–") + " / " + (points.EW || "–") : ""),
               function () { enter(n); }, { cls: "link", "data-correct": String(n + 1) }),
        points ? el("span", { hidden: "hidden", cls: "points", "data-ns": String(points.NS), "data-ew": String(points.EW) }) : null
      ]);
    }));
  }

  // --- one deal, step by step -----------------------------------------------------------

  function enter(index) {
    var before = index === null ? {} : JSON.parse(JSON.stringify(state.game.deals[index]));
    state.draft = { step: "declarer", index: index, deal: before };
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
  function dealScreen() {
    var game = state.game, draft = state.draft, d = draft.deal;
    var number = draft.index === null ? game.deals.length + 1 : draft.index + 1;
    var title = draft.index === null ? fill(gettext("Deal %(n)s"), { n: number }) : fill(gettext("Correct deal %(n)s"), { n: number });
    var line = d.declarer ? (d.level ? d.level + (SYMBOL[d.strain] || "") + (d.doubled || "") : "") + " " + d.declarer : "";
    var next = game.sheet && game.sheet.next && draft.index === null && !stale(game) ? game.sheet.next : null;
    if (next) { title += " · " + fill(gettext("%(dealer)s deals, %(vul)s"), { dealer: next.dealer, vul: next.vulnerability }); }
    var parts = [head(title, el("p", { cls: "contract-line", id: "draft", text: line })), errorLine()];
    var step = draft.step, keys;
    if (step === "declarer") {
      parts.push(el("p", { cls: "ask", text: gettext("Who declared?") }));
      keys = SEATS.map(function (s) {
        return button(s + " · " + who(game, s), function () { d.declarer = s; delete d.passed; go("contract"); },
                      { cls: "seat-" + s + (d.declarer === s ? " on" : ""), "data-seat": s });
      });
      keys.push(el("div", { cls: "table-top", text: "♣♦♥♠" }));
      parts.push(el("div", { cls: "compass" }, keys));
      parts.push(button(gettext("Passed out"), function () {
        draft.deal = { passed: "1" }; finish();
      }, { cls: "big", "data-passed": "1", disabled: state.busy }));
    } else if (step === "contract") {
      parts.push(el("p", { cls: "ask", text: gettext("The contract") }));
      parts.push(el("div", { cls: "keys seven" }, [1, 2, 3, 4, 5, 6, 7].map(function (n) {
        return button(String(n), function () { d.level = String(n); render(); }, { cls: d.level === String(n) ? "on" : "", "data-level": String(n) });
      })));
      parts.push(el("div", { cls: "keys five" }, STRAINS.map(function (s) {
        var b = button(s[1], function () { d.strain = s[0]; render(); }, { cls: (d.strain === s[0] ? "on" : "") + (s[0] === "H" || s[0] === "D" ? " red" : ""), "data-strain": s[0] });
        return b;
      })));
      parts.push(el("div", { cls: "keys three" }, [["", gettext("Undoubled")], ["X", "X"], ["XX", "XX"]].map(function (o) {
        return button(o[1], function () { d.doubled = o[0]; render(); }, { cls: (d.doubled || "") === o[0] ? "on" : "", "data-doubled": o[0] || "-" });
      })));
      parts.push(button(gettext("Next"), function () { go("tricks"); }, { cls: "big next", disabled: !(d.level && d.strain) }));
    } else if (step === "tricks") {
      parts.push(el("p", { cls: "ask", text: gettext("Tricks taken by declarer") }));
      var need = Number(d.level) + 6;
      var tricks = [];
      for (var n = 0; n <= 13; n++) {
        var diff = n - need;
        tricks.push(button(String(n), (function (k) { return function () { d.tricks = String(k); go("honours"); }; })(n),
          { cls: (diff === 0 ? "made" : diff < 0 ? "down" : "") + (d.tricks === String(n) ? " on" : ""), "data-tricks": String(n),
            "aria-label": n + " (" + (diff === 0 ? "=" : diff > 0 ? "+" + diff : diff) + ")" }));
      }
      parts.push(el("div", { cls: "keys seven" }, tricks));
    } else {
      parts.push(el("p", { cls: "ask", text: gettext("Honours claimed?") }));
      var choices = [["", "", gettext("None")], ["NS", "100", gettext("We 100")], ["NS", "150", gettext("We 150")],
                     ["EW", "100", gettext("They 100")], ["EW", "150", gettext("They 150")]];
      parts.push(el("div", { cls: "picks" }, choices.map(function (c) {
        return button(c[2], function () { d.honours_side = c[0]; d.honours = c[1]; finish(); },
                      { "data-honours": c[0] ? c[0] + "-" + c[1] : "none", disabled: state.busy,
                        cls: (d.honours_side || "") === c[0] && (d.honours || "") === c[1] ? "on" : "" });
      })));
    }
    var back = { declarer: null, contract: "declarer", tricks: "contract", honours: "tricks" }[step];
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
