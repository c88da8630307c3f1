// A closed table link's page: the results this phone accepted but could not send before
// the session closed (its queue, kept on the phone), listed for the players to show the
// director. Nothing is sent: the session takes no more results from the tables.
(function () {
  "use strict";
  var box = document.getElementById("unsent");
  if (!box) { return; }
  var gettext = window.gettext || function (s) { return s; };
  function fill(text, values) { return text.replace(/%\(([a-z]+)\)s/g, function (all, k) { return String(values[k]); }); }
  var waiting;
  try { waiting = JSON.parse(localStorage.getItem("bridgescore-queue-" + box.dataset.token)) || []; } catch (e) { waiting = []; }
  if (!Array.isArray(waiting) || waiting.length === 0) { return; }
  var SUITS = { S: "♠", H: "♥", D: "♦", C: "♣", NT: box.dataset.notrump };
  var SEATS = { N: gettext("North"), E: gettext("East"), S: gettext("South"), W: gettext("West") };
  function said(e) {
    var board = fill(gettext("board %(board)s"), { board: e.board });
    if (e.not_played) { return board + ": " + gettext("Not played"); }
    if (e.level === "pass") { return board + ": " + gettext("Passed out"); }
    var contract = String(e.level) + (SUITS[e.strain] || "") + (e.doubled || "");
    return board + ": " + fill(gettext("%(contract)s by %(declarer)s"), { contract: contract, declarer: SEATS[e.declarer] || "" }) +
      " " + String(e.result || "").replace("-", "−");
  }
  var list = document.createElement("ul");
  waiting.forEach(function (e) {
    var item = document.createElement("li");
    item.textContent = said(e);
    list.appendChild(item);
  });
  var head = document.createElement("p");
  head.className = "error";
  head.setAttribute("role", "alert");
  head.textContent = gettext("These results were accepted on this phone but not sent before the session closed. Show them to the director:");
  box.replaceChildren(head, list);
  box.hidden = false;
})();
