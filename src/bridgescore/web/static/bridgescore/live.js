// The results pages while the session is under way (the page says "Live: results so far"):
// they refresh themselves, and a phone that holds one of the session's tables gets a link
// back to its table. Once the results are published the page stops refreshing, unless it
// says the deals' analysis is still being worked out ("Analysing…"): then until it is there.
(function () {
  "use strict";
  var EVERY = 15000;
  var publicId = location.pathname.split("/")[2];

  function backLink() {
    var live = document.querySelector("main p.live");
    if (!live || document.getElementById("back-to-table")) { return; }
    var held = null;
    try { held = JSON.parse(localStorage.getItem("bridgescore-table-for-" + publicId)); } catch (e) { held = null; }
    if (!held || !held.link) { return; }
    var back = document.createElement("a");
    back.id = "back-to-table";
    back.className = "back-to-table";
    back.href = held.link;
    // the words come with the page, in its language ("‹ Back to table %(table)s")
    var words = live.dataset.back || "‹ %(table)s";
    back.textContent = words.replace("%(table)s", String(held.table));
    live.appendChild(document.createTextNode(" "));
    live.appendChild(back);
  }

  var timer = null;
  function refresh() {
    if (document.hidden) { return Promise.resolve(false); }
    // "no-cache": the browser asks with the page's entity tag, and the server answers
    // 304 while nothing new has come (the kept page is read again, nothing is sent)
    return fetch(location.href, { credentials: "same-origin", cache: "no-cache" }).then(function (answer) {
      return answer.ok ? answer.text() : null;
    }).then(function (html) {
      if (html === null) { return false; }
      var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
      var main = document.querySelector("main");
      if (!fresh || !main) { return false; }
      fresh.querySelectorAll("script").forEach(function (s) { s.remove(); });
      main.innerHTML = fresh.innerHTML;
      if (!main.querySelector("p.live, p.analysing") && timer !== null) { clearInterval(timer); timer = null; }
      backLink();
      return true;
    }).catch(function () { return false; });
  }

  backLink();
  timer = setInterval(refresh, EVERY);
  window.bridgescoreLive = { refresh: refresh, every: EVERY };
})();
