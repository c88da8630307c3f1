// The table's phone, one step a screen as on a Bridgemate: the board, the contract, the
// declarer, the opening lead, the result, the score for East-West to accept (here, or on
// their own phone), the board's results, the next board; at the end of a round, where
// everyone goes. Back at every step until the score is accepted.
//
// It runs from the table's plan (/t/<token>/plan.json: every round at this table, kept on
// the phone), so it goes on without a connection: an accepted result waits in a queue on
// the phone and is sent, once and in order, when the connection is back (every result
// carries its own id, so a resend is never counted twice). The service worker
// (/t/<token>/sw.js) keeps the page itself, so a reload without a connection still works.
// Without this script the page's forms still work (one post to see the score, one to
// accept it).
(function () {
  "use strict";
  var root = document.getElementById("phone");
  if (!root) { return; }
  // the phone's language: Django's JavaScript catalogue (/t/<token>/jsi18n/), English without it
  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  function fill(text, values) { return text.replace(/%\(([a-z]+)\)s/g, function (all, k) { return String(values[k]); }); }
  var token = root.dataset.token;
  var QUEUE = "bridgescore-queue-" + token;   // results accepted, waiting to be sent (in order)
  var PLAN = "bridgescore-plan-" + token;     // the table's plan as last read
  var SENT = "bridgescore-sent-" + token;     // results acknowledged since the plan was read
  var SEEN = "bridgescore-seen-" + token;     // the last round whose end the table has seen
  var SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var SEATS = { N: gettext("North"), E: gettext("East"), S: gettext("South"), W: gettext("West") };
  var RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];

  var state = {
    plan: null,
    screen: "auto",       // auto (from the plan), or a step of the board being entered
    draft: null,          // the board being entered: nothing of it outlives the board
    preview: null,        // the server's answer for the score shown
    last: null,           // the board just accepted or sent to the opponents
    order: null,          // the board chosen out of order, waiting for a yes
    call: null,           // the director's call: its note and how it went
    online: navigator.onLine !== false,
    stopped: "",          // "closed" or "elsewhere": the queue is not sent any more
    notes: []             // things said once (refusals, the director told of a flag)
  };

  // --- what the phone keeps --------------------------------------------------------------

  function read(key, fallback) {
    try { var v = JSON.parse(localStorage.getItem(key)); return v === null ? fallback : v; } catch (e) { return fallback; }
  }
  function write(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* full */ } }
  function queue() { return read(QUEUE, []); }
  function sent() { return read(SENT, {}); }
  function key(roundNo, board) { return roundNo + ":" + board; }

  function choosePlan() {
    var inline = null;
    var script = document.getElementById("table-plan");
    try { inline = script ? JSON.parse(script.textContent) : null; } catch (e) { inline = null; }
    var stored = read(PLAN, null);
    if (stored && (!inline || stored.at > inline.at)) { return stored; }
    return inline;
  }
  function setPlan(plan, read) {
    state.plan = plan;
    write(PLAN, plan);
    // what the plan shows entered (or asked of the director) no longer needs the phone's
    // word for it; an ask the plan no longer shows, though read after the ask was kept,
    // was refused by the director: the board is open again
    var kept = sent();
    Object.keys(kept).forEach(function (k) {
      var parts = k.split(":"), b = board(Number(parts[0]), Number(parts[1]));
      if (!b || b.entered || b.asked || (kept[k].asked && read > kept[k].at)) { delete kept[k]; }
    });
    write(SENT, kept);
    try { localStorage.setItem("bridgescore-table-for-" + plan.links.ranking.split("/")[2],
                               JSON.stringify({ link: plan.links.page, table: plan.table })); } catch (e) { /* full */ }
  }

  // --- the plan, read -------------------------------------------------------------------

  function roundOf(number) {
    var found = null;
    (state.plan.plan || []).forEach(function (r) { if (r.round === number) { found = r; } });
    return found;
  }
  function board(roundNo, number) {
    var r = roundOf(roundNo), found = null;
    if (r && r.plays) { r.boards.forEach(function (b) { if (b.number === number) { found = b; } }); }
    return found;
  }
  function status(roundNo, b) {
    var k = key(roundNo, b.number);
    if (queue().some(function (e) { return key(e.round, e.board) === k; })) { return "queued"; }
    var acked = sent()[k];
    if (b.entered || (acked && !acked.asked)) { return "entered"; }
    if (b.asked || acked) { return "asked"; }
    if (b.pending) { return "pending"; }
    return "open";
  }
  function seen() { return Number(read(SEEN, 0)) || 0; }

  // Where the table is: the first round from the server's on with a board still to enter
  // (or waiting for the opponents), or whose end the table has not seen yet.
  function where() {
    var plan = state.plan;
    // from the round after the last one whose end the table has seen (the server may be
    // on already, once the round's last result is in), at most the server's round
    var from = Math.max(Math.min(plan.round, seen() + 1), 1), lastPlayed = from;
    for (var i = 0; i < plan.plan.length; i++) {
      var r = plan.plan[i];
      if (r.round < from) { continue; }
      if (!r.plays) {
        if (seen() < r.round) { return { round: r.round, screen: "idle" }; }
        continue;
      }
      lastPlayed = r.round;
      var states = r.boards.map(function (b) { return status(r.round, b); });
      if (states.indexOf("open") >= 0) { return { round: r.round, screen: "board" }; }
      if (states.indexOf("pending") >= 0 || states.indexOf("asked") >= 0) { return { round: r.round, screen: "waiting" }; }
      if (seen() < r.round) { return { round: r.round, screen: "end" }; }
    }
    return { round: lastPlayed, screen: "end" };
  }
  // The boards of rounds the table has left that have no result (erased by the director,
  // or skipped): entered late, each with its own round.
  function missing(before) {
    var found = [];
    state.plan.plan.forEach(function (r) {
      if (!r.plays || r.round >= before) { return; }
      r.boards.forEach(function (b) { if (status(r.round, b) === "open") { found.push({ round: r.round, board: b.number }); } });
    });
    return found;
  }
  function openBoards(roundNo) {
    var r = roundOf(roundNo);
    return r && r.plays ? r.boards.filter(function (b) { return status(roundNo, b) === "open"; }) : [];
  }
  function expected(roundNo) {
    // the next board in the table's own order (the order the movement lists them here)
    var r = roundOf(roundNo), next = null;
    r.boards.forEach(function (b) { if (next === null && status(roundNo, b) === "open") { next = b; } });
    return next;
  }

  // --- words ------------------------------------------------------------------------------

  // the language's notation (the library's, in the plan): sides NS/EW as PE/IL, NS/EO; notrump NT, ST
  function notation(kind, key) { var n = state.plan && state.plan.notation; return (n && n[kind] && n[kind][key]) || key; }
  function side(s) { return notation("sides", s); }
  // a round's pair as the reader reads it (the library's, laid in the plan: 3IL, 3EO);
  // a plan kept from before it said so, as kept
  function shownPair(r, key) { return r[key + "_shown"] || r[key]; }
  function strainText(s) { return s === "NT" ? notation("strains", "NT") : SUITS[s] || ""; }
  function contractText(d) {
    if (d.not_played) { return gettext("Not played"); }
    if (d.level === "pass") { return gettext("Passed out"); }
    return d.level + strainText(d.strain) + (d.doubled || "");
  }
  // a lead as the reader's notation writes it (♥10), and as it is sent: the suit's symbol and
  // the rank as every notation reads it alike (the library's notation.alike), so a Spanish
  // phone's clubs are never read as its C, corazones
  function rankText(rank) { return notation("ranks", rank); }
  function leadText(lead) { return lead ? SUITS[lead[0]] + rankText(lead[1]) : ""; }
  function leadSent(lead) { return lead ? SUITS[lead[0]] + (lead[1] === "T" ? "10" : lead[1]) : ""; }
  function tricks(d) { return 6 + Number(d.level) + (d.result === "=" ? 0 : Number(d.result)); }
  function resultText(d) {
    if (d.result === "=") { return fill(gettext("made %(tricks)s"), { tricks: tricks(d) }); }
    if (d.result.charAt(0) === "+") { return fill(gettext("made %(tricks)s"), { tricks: tricks(d) }) + " (" + d.result + ")"; }
    return fill(gettext("down %(n)s"), { n: d.result.slice(1) });
  }
  function describe(d) {
    if (d.not_played || d.level === "pass") { return contractText(d); }
    return fill(gettext("%(contract)s by %(declarer)s"), { contract: contractText(d), declarer: SEATS[d.declarer] }) + ", " + resultText(d) +
      (d.lead ? ", " + fill(gettext("lead %(card)s"), { card: leadText(d.lead) }) : "");
  }
  function signed(n) { return (n > 0 ? "+" : n < 0 ? "−" : "") + Math.abs(n); }
  function scoreFor(d, nsVulnerable, ewVulnerable) {
    // North-South's score from the library's own table (the plan's), for a contract played
    var kind = { C: "C", D: "C", H: "H", S: "H", NT: "N" }[d.strain];
    var ns = d.declarer === "N" || d.declarer === "S";
    var vulnerable = ns ? nsVulnerable : ewVulnerable;
    var total = state.plan.scores[d.level + kind][vulnerable ? "v" : "nv"][d.doubled || ""][tricks(d)];
    return ns ? total : -total;
  }
  function nsScore(d) {
    // shown when the server cannot be asked
    if (d.not_played) { return null; }
    if (d.level === "pass") { return 0; }
    var b = board(d.round, d.board);
    return scoreFor(d, b.ns_vulnerable, b.ew_vulnerable);
  }
  function scoreText(d) {
    var n = nsScore(d);
    return n === null ? gettext("Not played") : side("NS") + " " + signed(n);
  }
  function results(level) {
    var made = ["="], up = [], down = [];
    for (var i = 1; i <= 7 - level; i++) { up.push("+" + i); }
    for (var j = 1; j <= 6 + level; j++) { down.push("-" + j); }
    return made.concat(up, down);
  }
  function boardsText(list) {
    // "board 5", "boards 1-3", "boards 3, 4, 1, 2" (in the order they are played)
    if (list.length === 1) { return fill(gettext("board %(board)s"), { board: list[0] }); }
    var run = list.every(function (b, i) { return i === 0 || b === list[i - 1] + 1; });
    return fill(gettext("boards %(boards)s"), { boards: run ? list[0] + "-" + list[list.length - 1] : list.join(", ") });
  }

  // --- the page, drawn --------------------------------------------------------------------

  function el(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (name) {
      var value = props[name];
      if (value === null || value === undefined || value === false) { return; }
      if (name === "text") { node.textContent = value; }
      else if (name === "onclick") { node.addEventListener("click", value); }
      else if (name === "className") { node.className = value; }
      else { node.setAttribute(name, value === true ? "" : value); }
    });
    (children || []).forEach(function (child) {
      if (child) { node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); }
    });
    return node;
  }
  function button(label, onclick, className, props) {
    var p = { type: "button", className: className || "", onclick: onclick };
    Object.keys(props || {}).forEach(function (k) { p[k] = props[k]; });
    return el("button", p, [label]);
  }
  function suitSpan(s) { return el("span", { className: s === "H" || s === "D" ? "red" : "" }, [SUITS[s]]); }

  function render() {
    if (!state.plan) { return; }
    // not while a note to the director is being typed (it would lose the caret)
    var typing = document.activeElement && document.activeElement.id === "call-note";
    if (state.call && typing && !state.call.sending && !state.call.said) { return; }
    var at = where();
    var screen = state.screen === "auto" ? (state.stopped || (state.plan.state !== "running" ? "closed" : at.screen)) : state.screen;
    if (screen === "board" && !state.picking && !state.draft && !missing(at.round).length && openBoards(at.round).length === 1) {
      // the only board left is chosen for the table
      newDraft(at.round, openBoards(at.round)[0].number);
      state.screen = screen = "contract";
    }
    if (state.call) { screen = "call"; }
    var roundNo = state.draft ? state.draft.round : (state.last ? state.last.round : at.round);
    var r = roundOf(roundNo) || { plays: false };
    var head = el("div", { className: "phone-head" }, [
      el("h1", { text: fill(gettext("Table %(table)s · round %(round)s of %(rounds)s"), { table: state.plan.table, round: roundNo, rounds: state.plan.planned }) }),
      r.plays ? el("p", { className: "who" }, [
        el("b", { text: side("NS") + " " + shownPair(r, "ns") }), " " + r.ns_names + " ", el("br"),
        el("b", { text: side("EW") + " " + shownPair(r, "ew") }), " " + r.ew_names]) : null
    ]);
    var body = (SCREENS[screen] || SCREENS.board)(roundNo, at);
    var waiting = queue();
    var parts = [head];
    if (state.draft && ["contract", "declarer", "lead", "result", "score", "order"].indexOf(screen) >= 0) {
      parts.push(boardLine(state.draft));
    }
    parts.push(el("p", { id: "queue", className: "queue", hidden: waiting.length === 0 },
      [waiting.length ? gettext("Waiting to send:") + " " + waiting.map(function (e) { return fill(gettext("board %(board)s"), { board: e.board }); }).join(", ") +
        " (" + (state.online ? gettext("sending…") : gettext("kept on this phone until the connection is back")) + ")" : ""]));
    state.notes.forEach(function (note) { parts.push(el("p", { className: "note", role: "status", text: note })); });
    parts.push(body.screen);
    parts.push(footer(body.back));
    root.replaceChildren.apply(root, parts);
    root.dataset.screen = screen;
    var heading = root.querySelector("section h2");
    document.title = fill(gettext("Table %(table)s"), { table: state.plan.table }) + (heading ? ": " + heading.textContent : "");
  }

  function boardLine(d) {
    var b = board(d.round, d.board);
    var chosen = [];
    if (d.level) { chosen.push(contractText(d)); }
    if (d.declarer) { chosen.push(fill(gettext("by %(declarer)s"), { declarer: SEATS[d.declarer] })); }
    if (d.lead) { chosen.push(fill(gettext("lead %(card)s"), { card: leadText(d.lead) })); }
    return el("p", { className: "board-line" }, [
      el("b", { text: fill(gettext("Board %(board)s"), { board: d.board }) }), " · " + fill(gettext("dealer %(dealer)s · vul %(vul)s"), { dealer: b.dealer, vul: b.vulnerability }) +
        (chosen.length ? " · " + chosen.join(" ") : "")]);
  }

  function footer(back) {
    return el("nav", { className: "phone-foot" }, [
      back ? button("‹ " + gettext("Back"), back, "back") : el("span"),
      state.call ? el("span") : button(gettext("Call the director"), function () { state.call = { note: "", said: "" }; render(); }, "call"),
      el("a", { href: state.plan.links.ranking, className: "button" }, [gettext("Ranking")])
    ]);
  }

  function section(step, children) { return el("section", { className: "screen", "data-step": step }, children); }

  function go(screen) { state.screen = screen; render(); window.scrollTo(0, 0); }

  // a key for each board to enter next: the board's number, its dealer and vulnerability
  function boardKey(roundNo, b, pick) {
    return button(el("span", {}, [el("b", { text: fill(gettext("Board %(board)s"), { board: b.number }) }), el("small", { text: fill(gettext("dealer %(dealer)s · vul %(vul)s"), { dealer: b.dealer.charAt(0), vul: b.vulnerability }) })]),
      pick || function () { chooseBoard(roundNo, b.number); }, "pick", { "data-board": b.number });
  }
  // "Missing from round 2: board 5 [Enter board 5]": a board of a round the table has left
  function missingLines(before) {
    return missing(before).map(function (m) {
      return el("div", { className: "missing", "data-missing": m.round + "-" + m.board }, [
        el("p", { text: fill(gettext("Missing from round %(round)s: board %(board)s"), { round: m.round, board: m.board }) }),
        button(fill(gettext("Enter board %(board)s"), { board: m.board }) + " ›", function () { startBoard(m.round, m.board); }, "", { "data-action": "late", "data-board": m.board, "data-round": m.round })
      ]);
    });
  }
  // what a board not entered here says of itself
  function saidOf(roundNo, b, s) {
    if (s === "queued") { return gettext("waiting to send"); }
    if (s === "pending") { return gettext("waiting for East-West's phone"); }
    if (s === "asked") { return gettext("not played: waiting for the director"); }
    return b.entered ? b.entered.score : sent()[key(roundNo, b.number)].score;
  }
  // What comes after a board is accepted (or sent to East-West's phone): the round's next
  // boards, one tap each; at the round's end, where everyone goes and the next round's
  // boards; else a key to go on (waiting for East-West or the director).
  function following() {
    var at = where();
    if (state.plan.state !== "running") { return [button(gettext("Next") + " ›", next, "big next", { "data-action": "next" })]; }
    if (at.screen === "board") {
      var open = openBoards(at.round);
      return [el("p", { className: "ask", text: open.length === 1 ? gettext("Next board:") : gettext("Next board (choose):") }),
        el("div", { className: "picks" }, open.map(function (b) { return boardKey(at.round, b); }))].concat(missingLines(at.round));
    }
    if (at.screen === "end") { return endParts(at.round, true); }
    return [button(gettext("Next") + " ›", next, "big next", { "data-action": "next" })];
  }

  // the end of a round: where everyone goes, and the next round's boards (one tap each)
  function endParts(roundNo, brief) {
    var r = roundOf(roundNo), plan = state.plan;
    var unsent = queue().length;
    var after = null;
    plan.plan.forEach(function (x) { if (after === null && x.round > roundNo) { after = x; } });
    var last = roundNo >= plan.planned;
    var undrawn = !last && after === null;
    var children = [el(brief ? "h3" : "h2", { text: last ? gettext("The last round is complete") : fill(gettext("Round %(round)s complete"), { round: roundNo }) })];
    if (last) {
      children.push(el("p", { text: gettext("That was the last round. Thank you!") }));
    } else if (r && r.plays && !r.moves.last) {
      children.push(el("ul", { className: "moves" }, r.moves.lines.map(function (line) {
        return el("li", { text: line.charAt(0).toUpperCase() + line.slice(1) });
      })));
    }
    if (unsent && !brief) {  // (on a board's screen the line over it says so already)
      children.push(el("p", { className: "note", text: fill(ngettext("%(n)s result is still on this phone: it is sent when the connection is back (keep this page open).",
        "%(n)s results are still on this phone: they are sent when the connection is back (keep this page open).", unsent), { n: unsent }) }));
    }
    missingLines(roundNo + 1).forEach(function (line) { children.push(line); });
    if (after && after.plays) {
      children.push(el("p", { className: "next-round" }, [
        el("b", { text: fill(gettext("Round %(round)s here:"), { round: after.round }) + " " }),
        fill(gettext("%(ns)s v %(ew)s"), {
          ns: side("NS") + " " + shownPair(after, "ns") + (after.ns_names ? " (" + after.ns_names + ")" : ""),
          ew: side("EW") + " " + shownPair(after, "ew") + (after.ew_names ? " (" + after.ew_names + ")" : "") })]));
      // the next round starts with its first board's tap
      children.push(el("div", { className: "picks next-boards" }, after.boards.filter(function (b) { return status(after.round, b) === "open"; }).map(function (b) {
        return boardKey(after.round, b, function () { write(SEEN, roundNo); state.last = null; chooseBoard(after.round, b.number); });
      })));
    } else if (after) {
      children.push(el("p", { className: "next-round", text: fill(gettext("Nobody plays at this table in round %(round)s."), { round: after.round }) }));
    }
    if (undrawn) {
      children.push(el("p", { text: fill(gettext("The director draws round %(round)s once every match is complete."), { round: roundNo + 1 }) }));
      children.push(button(gettext("Look again"), function () { refreshPlan(); }, "big", { "data-action": "refresh" }));
    } else if (last) {
      children.push(el("a", { className: "button big", href: plan.links.ranking }, [gettext("See the ranking")]));
    } else if (!after.plays || !after.boards.some(function (b) { return status(after.round, b) === "open"; })) {
      children.push(button(fill(gettext("Start round %(round)s"), { round: after.round }) + " ›", function () {
        write(SEEN, roundNo); state.last = null; go("auto");
      }, "big next", { "data-action": "start" }));
    }
    return children;
  }

  var SCREENS = {
    board: function (roundNo) {
      var r = roundOf(roundNo);
      var open = [], others = [];
      r.boards.forEach(function (b) {
        var s = status(roundNo, b);
        if (s === "open") {
          open.push(boardKey(roundNo, b));
        } else {
          others.push(el("li", { className: s, "data-board": b.number, text: fill(gettext("Board %(board)s"), { board: b.number }) + ": " + saidOf(roundNo, b, s) }));
        }
      });
      return { screen: section("board", [
        el("h2", { text: gettext("Which board?") }),
        el("div", { className: "picks" }, open)
      ].concat(missingLines(roundNo), [others.length ? el("ul", { className: "done-boards" }, others) : null])) };
    },
    order: function (roundNo) {
      var next = expected(roundNo);
      return { screen: section("order", [
        el("h2", { text: fill(gettext("Board %(board)s is out of order"), { board: state.order }) }),
        el("p", { text: fill(gettext("Board %(first)s comes first at this table. Play board %(board)s now?"), { first: next.number, board: state.order }) }),
        el("div", { className: "actions" }, [
          button(fill(gettext("Yes, board %(board)s"), { board: state.order }), function () { var b = state.order; state.order = null; startBoard(roundNo, b); }, "big", { "data-answer": "yes" }),
          button(fill(gettext("No, board %(board)s"), { board: next.number }), function () { state.order = null; startBoard(roundNo, next.number); }, "", { "data-answer": "no" })
        ])
      ]), back: function () { state.order = null; state.draft = null; state.picking = true; go("auto"); } };
    },
    contract: function () {
      var d = state.draft;
      // the 35 contracts, one tap (contract-grid.js, the score pad's keys); passed out and
      // not played under them
      var keys = window.bridgescoreGrid.contracts({
        notation: state.plan.notation, chosen: d,
        pick: function (level, strain) { d.level = level; d.strain = strain; d.not_played = ""; go("declarer"); },
        under: [
          { text: state.plan.notation.passed || gettext("Pass"), attrs: { "data-level": "pass" }, on: function () { clearContract(d); d.level = "pass"; go("score"); } },
          { text: gettext("Not played"), attrs: { "data-not-played": "1" }, on: function () { clearContract(d); d.not_played = "1"; go("score"); } }
        ] });
      return { screen: section("contract", [el("h2", { text: gettext("Contract") })].concat(keys)),
        back: function () { state.draft = null; state.picking = true; go("auto"); } };
    },
    declarer: function () {
      var d = state.draft;
      var seat = function (s) {
        return button(SEATS[s], function () { d.declarer = s; go(state.plan.lead_rule === "off" ? "result" : "lead"); },
          "seat seat-" + s + (d.declarer === s ? " on" : ""), { "data-seat": s });
      };
      return { screen: section("declarer", [
        window.bridgescoreGrid.doubling({ notation: state.plan.notation, undoubled: gettext("Undoubled"), chosen: d.doubled,
          pick: function (value) { d.doubled = value; render(); } }),
        el("h2", { text: gettext("Declarer") }),
        el("div", { className: "compass" }, [seat("N"), seat("W"), el("span", { className: "table-top", text: contractText(d) }), seat("E"), seat("S")])
      ]), back: function () { d.doubled = ""; go("contract"); } };
    },
    lead: function () {
      var d = state.draft;
      var suits = ["S", "H", "D", "C"].map(function (s) {
        return button(suitSpan(s), function () { d.leadSuit = s; d.lead = ""; render(); },
          d.leadSuit === s ? "on" : "", { "data-suit": s, "aria-label": { C: gettext("clubs"), D: gettext("diamonds"), H: gettext("hearts"), S: gettext("spades") }[s] });
      });
      var ranks = RANKS.map(function (rank) {
        return button(rankText(rank), function () { d.lead = d.leadSuit + rank; go("result"); },
          d.lead === d.leadSuit + rank ? "on" : "", { "data-rank": rank, disabled: !d.leadSuit });
      });
      var leader = SEATS[{ N: "E", E: "S", S: "W", W: "N" }[d.declarer]];
      return { screen: section("lead", [
        el("h2", { text: fill(gettext("Opening lead (%(leader)s)"), { leader: leader }) }),
        el("div", { className: "keys four" }, suits),
        el("div", { className: "keys seven" }, ranks),
        state.plan.lead_rule === "required" ? null :
          button(gettext("No lead"), function () { d.lead = ""; d.leadSuit = ""; go("result"); }, "", { "data-rank": "none" })
      ]), back: function () { go("declarer"); } };
    },
    result: function () {
      var d = state.draft;
      var keys = results(Number(d.level)).map(function (res) {
        return button(res.replace("-", "−"), function () { d.result = res; go("score"); },
          (d.result === res ? "on " : "") + (res === "=" ? "made" : res.charAt(0) === "+" ? "up" : "down"), { "data-result": res });
      });
      return { screen: section("result", [
        el("h2", { text: fill(gettext("Result of %(contract)s by %(declarer)s"), { contract: contractText(d), declarer: SEATS[d.declarer] }) }),
        el("div", { className: "keys five" }, keys)
      ]), back: function () { go(state.plan.lead_rule === "off" ? "declarer" : "lead"); } };
    },
    score: function () {
      var d = state.draft, p = state.preview || {};
      var shown = p.score || scoreText(d);
      var checked = p.error ? el("p", { className: "error", role: "alert", text: p.error }) :
        p.score ? null : el("p", { className: "quiet", text: p.offline ? gettext("No connection: worked out on this phone.") : gettext("Checking…") });
      if (d.not_played) {
        // not played only with the director's agreement: asked, not entered
        return { screen: section("score", [
          el("p", { className: "score", id: "score", text: gettext("Not played") }),
          p.error ? checked : null,
          el("p", { className: "ask", id: "asked-note", text: gettext("The director is asked to agree: until then the board is not entered, and the round cannot be left.") }),
          el("div", { className: "actions" }, [
            button(gettext("Accept"), accept, "big ok", { disabled: !!p.error, "data-action": "accept" })
          ])
        ]), back: function () { state.preview = null; clearContract(d); go("contract"); } };
      }
      return { screen: section("score", [
        el("p", { className: "contract-line", text: describe(d) }),
        el("p", { className: "score", id: "score", text: shown }),
        checked,
        el("p", { className: "ask", text: gettext("East-West: is this right?") }),
        el("div", { className: "actions" }, [
          button(gettext("Accept"), accept, "big ok", { disabled: !!p.error, "data-action": "accept" }),
          button(gettext("Send it to East-West's phone"), sendToOpponents, "", { disabled: !!p.error || !!p.offline, "data-action": "pending" })
        ])
      ]), back: function () {
        state.preview = null;
        if (d.level === "pass") { clearContract(d); go("contract"); } else { d.result = ""; go("result"); }
      } };
    },
    kept: function () {
      var last = state.last, k = key(last.round, last.board);
      var b = board(last.round, last.board) || {};
      var acked = sent()[k] || b.entered || b.asked;
      var queued = queue().some(function (e) { return key(e.round, e.board) === k; });
      var asked = last.asked;
      var traveller = state.plan.links.traveller.replace("board-0", "board-" + last.board);
      var said = queued ? gettext("Kept on this phone: it is sent when the connection is back.") :
        !acked ? gettext("Sending…") : asked ? gettext("The director is asked to agree.") : gettext("Received by the scorer.");
      // a board's results only once the table may see them (the plan says so, once it
      // has the board: entered, played, in teams both rooms)
      var seeable = acked && !queued && !asked && !!b.seen;
      return { screen: section("kept", [
        el("h2", { text: asked ? fill(gettext("Board %(board)s: not played, asked of the director"), { board: last.board }) : fill(gettext("Board %(board)s accepted"), { board: last.board }) }),
        asked ? null : el("p", { className: "contract-line", text: last.text }),
        el("p", { className: "score" + (asked ? " small" : ""), text: last.score }),
        el("p", { className: queued ? "quiet" : "accepted", id: "kept-status", text: said }),
        seeable ? el("a", { className: "button", href: traveller, id: "traveller" }, [fill(gettext("See board %(board)s's results"), { board: last.board })]) : null
      ].concat(following())) };
    },
    sent: function () {
      var last = state.last;
      return { screen: section("sent", [
        el("h2", { text: fill(gettext("Board %(board)s: sent to East-West's phone"), { board: last.board }) }),
        el("p", { className: "score", text: last.score }),
        el("p", { text: gettext("East-West open this table's link on their phone (the QR code on the table card), choose “Confirm a result (East-West)” and type the table's code. Until they accept it the board counts for nothing.") })
      ].concat(following())) };
    },
    waiting: function (roundNo) {
      var r = roundOf(roundNo);
      var of = function (s) { return r.boards.filter(function (b) { return status(roundNo, b) === s; }).map(function (b) { return b.number; }); };
      var pending = of("pending"), asked = of("asked");
      var children = [el("h2", { text: pending.length ? gettext("Waiting for East-West") : gettext("Waiting for the director") })];
      if (pending.length) {
        children.push(el("p", { text: fill(gettext("East-West still have to confirm %(boards)s on their phone (this table's link, “Confirm a result (East-West)”, the table's code). The round ends when they have."), { boards: boardsText(pending) }) }));
      }
      if (asked.length) {
        children.push(el("p", { id: "asked", text: fill(gettext("The director is asked to agree that %(boards)s was not played. The round ends when the director has answered."), { boards: boardsText(asked) }) }));
      }
      children.push(button(gettext("Look again"), function () { refreshPlan(); }, "big", { "data-action": "refresh" }));
      return { screen: section("waiting", children.concat(missingLines(roundNo))) };
    },
    end: function (roundNo) {
      return { screen: section("end", endParts(roundNo, false)) };
    },
    idle: function (roundNo) {
      return { screen: section("idle", [
        el("h2", { text: fill(gettext("Nobody plays here in round %(round)s"), { round: roundNo }) }),
        button(gettext("Go on") + " ›", function () { write(SEEN, roundNo); go("auto"); }, "big next", { "data-action": "start" })
      ]) };
    },
    closed: function () {
      var unsent = queue();
      return { screen: section("closed", [
        el("h2", { text: gettext("The session is closed") }),
        el("p", { text: unsent.length ? fill(gettext("These results were not sent: %(results)s. Ask the director."), { results: unsent.map(function (e) { return fill(gettext("board %(board)s"), { board: e.board }) + " (" + describe(e) + ")"; }).join("; ") }) : gettext("Ask the director for any change.") })
      ]) };
    },
    elsewhere: function () {
      var unsent = queue();
      return { screen: section("elsewhere", [
        el("h2", { text: gettext("This table is open on another phone") }),
        el("p", { text: unsent.length ? fill(gettext("Not sent from this phone: %(results)s. Enter them on the other phone."), { results: unsent.map(function (e) { return fill(gettext("board %(board)s"), { board: e.board }) + " (" + describe(e) + ")"; }).join("; ") }) : gettext("Enter the results on the other phone.") }),
        el("a", { className: "button", href: state.plan.links.page }, [gettext("Take the table back (with the table's code)")])
      ]) };
    },
    call: function () {
      var call = state.call;
      var note = el("textarea", { id: "call-note", maxlength: "300", rows: "3", placeholder: gettext("What is it? (optional)") });
      note.value = call.note;
      note.addEventListener("input", function () { call.note = note.value; });
      return { screen: section("call", [
        el("h2", { text: gettext("Call the director") }),
        call.said ? el("p", { className: call.failed ? "error" : "accepted", role: "status", text: call.said }) : null,
        call.said && !call.failed ? null : note,
        el("div", { className: "actions" }, [
          call.said && !call.failed ? null : button(gettext("Call"), callDirector, "big", { "data-action": "call", disabled: !!call.sending }),
          button(call.said && !call.failed ? gettext("Back to the board") : gettext("Cancel"), function () { state.call = null; render(); }, "", { "data-action": "close" })
        ])
      ]) };
    }
  };

  function next() { state.last = null; state.draft = null; state.preview = null; go("auto"); }
  function clearContract(d) { d.level = ""; d.strain = ""; d.doubled = ""; d.declarer = ""; d.lead = ""; d.leadSuit = ""; d.result = ""; d.not_played = ""; }

  // --- a board, entered --------------------------------------------------------------------

  function chooseBoard(roundNo, number) {
    var next = expected(roundNo);
    state.last = null;
    if (next && next.number !== number) { state.order = number; state.draft = { round: roundNo, board: number }; go("order"); return; }
    startBoard(roundNo, number);
  }
  function newDraft(roundNo, number) {
    // a new board starts empty: nothing of the last one (queued or not) is carried over
    state.draft = { round: roundNo, board: number, level: "", strain: "", doubled: "", declarer: "", lead: "",
                    leadSuit: "", result: "", not_played: "", entry_id: newId() };
    state.preview = null;
    state.notes = [];
    state.last = null;
    state.picking = false;
  }
  function startBoard(roundNo, number) {
    newDraft(roundNo, number);
    go("contract");
  }
  function newId() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, function (c) {
      return (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16);
    });
  }
  function payload(d) {
    return { round: d.round, board: d.board, level: d.level, strain: d.level === "pass" ? "" : d.strain,
             doubled: d.doubled || "", declarer: d.declarer, result: d.result, lead: leadSent(d.lead),
             not_played: d.not_played, entry_id: d.entry_id };
  }

  function csrf() {
    var m = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/);
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return m ? decodeURIComponent(m[1]) : (field ? field.value : "");
  }
  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body)
    }).then(function (r) {
      state.online = true;
      return r.json().catch(function () { return {}; }).then(function (b) { return { status: r.status, body: b }; });
    }, function (error) { state.online = false; throw error; });
  }

  // the score screen asks the server whether the result is possible here and now
  var previews = 0;
  SCREENS.score = (function (draw) {
    return function (roundNo, at) {
      var d = state.draft;
      if (!state.preview) {
        // each ask has its ticket: an answer to an earlier ask (before a Back) is dropped
        var ticket = ++previews;
        state.preview = { ticket: ticket };
        var current = function () { return state.preview && state.preview.ticket === ticket; };
        post(state.plan.links.entry, payload(d)).then(function (answer) {
          if (!current()) { return; }
          if (answer.status === 200) {
            var ns = answer.body.ns_score;
            var score = typeof ns === "number" ? side("NS") + " " + signed(ns) : (d.not_played ? gettext("Not played") : scoreText(d));
            state.preview = { ticket: ticket, score: score };
          } else {
            state.preview = { ticket: ticket, error: answer.body.error || gettext("refused") };
          }
          if (state.screen === "score") { render(); }
        }).catch(function () {
          if (!current()) { return; }
          state.preview = { ticket: ticket, offline: true };
          if (state.screen === "score") { render(); }
        });
      }
      return draw(roundNo, at);
    };
  })(SCREENS.score);

  function accept() {
    var d = state.draft;
    var entry = payload(d);
    entry.confirm = "1";
    write(QUEUE, queue().concat([entry]));
    state.last = { round: d.round, board: d.board, text: describe(d), asked: !!d.not_played,
                   score: d.not_played ? gettext("Not played") : (state.preview && state.preview.score) || scoreText(d) };
    state.draft = null;
    state.preview = null;
    go("kept");
    flush();
  }
  function sendToOpponents() {
    var d = state.draft;
    var entry = payload(d);
    entry.pending = "1";
    post(state.plan.links.entry, entry).then(function (answer) {
      if (answer.status === 200) {
        state.last = { round: d.round, board: d.board, text: describe(d), score: answer.body.score || scoreText(d) };
        state.draft = null;
        state.preview = null;
        go("sent");
        refreshPlan();
      } else {
        state.preview = { asked: true, error: answer.body.error || gettext("refused") };
        render();
      }
    }).catch(function () {
      state.preview = { asked: true, offline: true };
      state.notes = [gettext("No connection: East-West's phone cannot be reached now. Accept it here instead.")];
      render();
    });
  }

  function callDirector() {
    var call = state.call;
    call.sending = true;
    render();
    post(state.plan.links.call, { note: call.note.slice(0, 300) }).then(function (answer) {
      call.sending = false;
      call.failed = answer.status !== 200;
      call.said = answer.status === 200 ? gettext("The director has been called.") : (answer.body.error || gettext("the call was refused"));
      render();
    }).catch(function () {
      call.sending = false;
      call.failed = true;
      call.said = gettext("No connection: the call could not be sent. Raise your hand for the director.");
      render();
    });
  }

  // --- the queue, sent once and in order ------------------------------------------------

  var sending = false;
  function flush() {
    var waiting = queue();
    if (sending || state.stopped || waiting.length === 0) { return Promise.resolve(); }
    sending = true;
    var entry = waiting[0];
    return post(state.plan.links.entry, entry).then(function (answer) {
      sending = false;
      var rest = queue().filter(function (e) { return e.entry_id !== entry.entry_id; });
      var k = key(entry.round, entry.board);
      if (answer.status === 200) {
        var kept = sent();
        kept[k] = { score: answer.body.score || "", flags: answer.body.flags || "" };
        if (answer.body.asked || answer.body.status === "asked") {
          // not played, asked of the director: not entered until the director agrees
          kept[k] = { score: gettext("Not played"), asked: true, at: Date.now() };
        }
        write(SENT, kept);
        write(QUEUE, rest);
        if (answer.body.flags) {
          state.notes.push(fill(gettext("Board %(board)s is kept. The director has been told: %(flags)s"), { board: entry.board, flags: answer.body.flags }));
        }
        render();
        if (rest.length) { return flush(); }
        return refreshPlan();
      }
      if (answer.status === 410) { state.stopped = "closed"; render(); return; }
      if (answer.status === 403 && answer.body.elsewhere) { state.stopped = "elsewhere"; render(); return; }
      if (answer.status >= 400 && answer.status < 500) {
        // refused for good (not a lost connection): say why; the board is offered again
        write(QUEUE, rest);
        state.notes.push(fill(gettext("Board %(board)s was not kept: %(why)s. Enter it again."), { board: entry.board, why: answer.body.error || gettext("refused") }));
        render();
        if (rest.length) { return flush(); }
        return refreshPlan();
      }
    }).catch(function () { sending = false; render(); });
  }

  // one read of the plan at a time; one asked meanwhile (a result just acknowledged, while
  // the read every 10 s was on its way) is made once that read is done, since the read
  // under way may have begun before the result was kept
  var reading = false, readAgain = false;
  function refreshPlan() {
    if (reading) { readAgain = true; return Promise.resolve(); }
    reading = true;
    var read = Date.now();  // an ask kept after this read began may not be in its plan
    return fetch(state.plan.links.plan, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      state.online = true;
      if (r.status === 409) { state.stopped = "elsewhere"; render(); return; }
      if (!r.ok) { return; }
      return r.json().then(function (plan) {
        if (plan.at < state.plan.at) { return; }
        if (seen() < plan.round - 2) { write(SEEN, plan.round - 2); }
        var before = JSON.stringify(state.plan.plan) + state.plan.state + state.plan.round;
        setPlan(plan, read);
        if (state.stopped === "elsewhere") { state.stopped = ""; }
        if (before !== JSON.stringify(plan.plan) + plan.state + plan.round || ["kept", "sent"].indexOf(state.screen) >= 0) { render(); }
      });
    }).catch(function () { state.online = false; }).then(function () {
      reading = false;
      if (readAgain) { readAgain = false; return refreshPlan(); }
    });
  }

  // --- start ----------------------------------------------------------------------------

  var plan = choosePlan();
  if (!plan) { return; }
  setPlan(plan, 0);
  if (read(SEEN, null) === null || seen() < plan.round - 2) {
    // a phone new to the table (or back after another phone held it for rounds) starts
    // at the round the server is at, or at the end of the round just finished
    write(SEEN, plan.round - 2 >= 0 && read(SEEN, null) !== null ? plan.round - 2 : plan.round - 1);
  }
  var classic = document.getElementById("classic");
  if (classic) { classic.hidden = true; }
  root.hidden = false;
  var manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = plan.links.page + "manifest.webmanifest";
  document.head.appendChild(manifest);
  render();
  window.bridgescoreTable = { scoreFor: scoreFor, results: results, flush: flush };  // for the tests
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(plan.links.page + "sw.js", { scope: plan.links.page }).catch(function () {});
  }
  // Without a service worker (a club's plain-http network: no secure context) a reload
  // without a connection shows the browser's error page: warn before leaving while results
  // wait on the phone or a board is half entered. The queue itself is kept: opened again,
  // the page shows it and sends it.
  window.addEventListener("beforeunload", function (event) {
    var kept = navigator.serviceWorker && navigator.serviceWorker.controller;
    var half = state.draft && (state.draft.level || state.draft.not_played);
    if (kept || !(queue().length || half)) { return; }
    event.preventDefault();
    event.returnValue = "";
  });
  window.addEventListener("online", function () { state.online = true; flush(); refreshPlan(); });
  window.addEventListener("offline", function () { state.online = false; render(); });
  setInterval(flush, 4000);
  setInterval(function () { if (!queue().length) { refreshPlan(); } }, 10000);
  flush().then(function () { if (!queue().length) { refreshPlan(); } });
})();
