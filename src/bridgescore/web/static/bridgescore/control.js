// The director's pages: the grid reloads itself every few seconds while the page is open,
// and each file field speaks the page's language.
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

// A file field (_file_input.html): the browser's own button and "no file" words are in the
// browser's language, so the page's own (drawn by the server, in the page's language) are
// shown instead, with the chosen file's name; the input stays, hidden the accessible way,
// to be focused, to open the file chooser and to be posted. Without this script the
// browser's own control is shown as it is.
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll(".file-pick"), function (pick) {
    var input = pick.querySelector("input[type=file]");
    var button = pick.querySelector(".file-button");
    var chosen = pick.querySelector(".file-name");
    if (!input || !button || !chosen) { return; }
    var none = chosen.textContent;
    function show() {
      var names = Array.prototype.map.call(input.files || [], function (f) { return f.name; });
      chosen.textContent = names.length ? names.join(", ") : none;
      chosen.classList.toggle("none", !names.length);
    }
    input.addEventListener("change", show);
    pick.classList.add("ready");
    button.hidden = false;
    chosen.hidden = false;
    show();
  });
})();
