// The director's grid reloads itself every few seconds while the page is open.
(function () {
  "use strict";
  var grid = document.getElementById("grid");
  if (!grid) { return; }
  function refresh() {
    fetch(grid.dataset.src, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) { grid.innerHTML = html; } })
      .catch(function () {});
  }
  setInterval(refresh, 5000);
})();
