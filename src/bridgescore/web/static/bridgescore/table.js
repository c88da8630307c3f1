// The table's phone: results are queued on the phone and sent when it can; every result
// carries its own id, so a resend is never counted twice. Without this script the forms
// still work (one post to see the score, one to accept it).
(function () {
  "use strict";
  var round = document.getElementById("round");
  var form = document.getElementById("entry");
  if (!round) { return; }
  var token = round.dataset.token;
  var key = "bridgescore-queue-" + token;
  var shown = document.getElementById("queue");

  function csrf() {
    var m = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/);
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return m ? decodeURIComponent(m[1]) : (field ? field.value : "");
  }
  function load() { try { return JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { return []; } }
  function save(queue) { localStorage.setItem(key, JSON.stringify(queue)); show(queue); }
  function hideQueued(queue) {
    // a board waiting to be sent is not offered again (it would be a second entry)
    if (!form) { return; }
    var waiting = queue.map(function (e) { return String(e.board); });
    var first = null;
    form.querySelectorAll("input[name=board]").forEach(function (input) {
      var gone = waiting.indexOf(input.value) >= 0;
      input.disabled = gone;
      input.parentElement.hidden = gone;
      if (gone) { input.checked = false; } else if (first === null) { first = input; }
    });
    if (first !== null && !form.querySelector("input[name=board]:checked")) { first.checked = true; }
  }
  function show(queue) {
    hideQueued(queue);
    if (!shown) { return; }
    shown.hidden = queue.length === 0;
    shown.textContent = queue.length === 0 ? "" :
      "Waiting to send: " + queue.map(function (e) { return "board " + e.board; }).join(", ") +
      " (kept on this phone until the connection is back)";
  }
  function post(entry) {
    return fetch("/t/" + token + "/entry/", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(entry)
    }).then(function (r) { return r.json().then(function (body) { return { status: r.status, body: body }; }); });
  }
  var sending = false;
  function flush() {
    var queue = load();
    if (sending || queue.length === 0) { return Promise.resolve(); }
    sending = true;
    var entry = queue[0];
    return post(entry).then(function (answer) {
      sending = false;
      var rest = load().filter(function (e) { return e.entry_id !== entry.entry_id; });
      if (answer.status === 200) {
        save(rest);
        if (answer.body.flags) {
          alert("Board " + entry.board + " is kept. The director has been told: " + answer.body.flags);
        }
        if (rest.length === 0) { location.reload(); } else { return flush(); }
      } else if (answer.status >= 400 && answer.status < 500) {
        save(rest);  // refused for good (not a lost connection): say why
        alert("Board " + entry.board + ": " + (answer.body.error || "refused"));
      }
    }).catch(function () { sending = false; });
  }
  function values(f) {
    var data = {};
    new FormData(f).forEach(function (v, k) { if (k !== "csrfmiddlewaretoken") { data[k] = v; } });
    return data;
  }
  function describe(d) {
    if (d.not_played) { return "not played"; }
    if (d.level === "pass") { return "passed out"; }
    return (d.level || "") + (d.strain || "") + (d.doubled || "") + " by " + (d.declarer || "?") + " " + (d.result || "");
  }
  if (form) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var data = values(form);
      var offered = Array.prototype.map.call(
        form.querySelectorAll("input[name=board]:not([disabled])"),
        function (i) { return Number(i.value); });
      var lowest = Math.min.apply(null, offered);
      if (Number(data.board) !== lowest &&
          !confirm("Board " + data.board + " is out of order: board " + lowest +
                   " is not entered yet. Enter board " + data.board + " now?")) { return; }
      data.entry_id = (crypto.randomUUID ? crypto.randomUUID() :
        "10000000-1000-4000-8000-100000000000".replace(/[018]/g, function (c) {
          return (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16);
        }));
      post(data).then(function (answer) {
        if (answer.status !== 200) { alert(answer.body.error || "refused"); return; }
        if (confirm("Board " + data.board + ": " + answer.body.preview + "\nEast-West: is this right?")) {
          data.confirm = "1"; save(load().concat([data])); flush();
        } else if (confirm("Send it to East-West's own phone to confirm instead? (They open this" +
                           " table's link and type the table's code.)")) {
          data.pending = "1";
          post(data).then(function () { location.reload(); });
        }
      }).catch(function () {
        if (confirm("No connection. Board " + data.board + ": " + describe(data) +
                    "\nEast-West: is this right? It is kept on this phone and sent when the connection is back.")) {
          data.confirm = "1"; save(load().concat([data]));
        }
      });
    });
  }
  show(load());
  window.addEventListener("online", flush);
  setInterval(flush, 4000);
  flush();
})();
