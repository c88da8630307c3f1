// The contract keys shared by the table's phone (table.js) and the score pad (pad.js), so
// that both read alike: the 35 contracts as one grid (five strains across, seven levels
// down; one tap a contract), a line under it for the contract that is no contract (passed
// out; on a table's phone also "not played"), and the doubling keys (undoubled, X, XX)
// shown with the declarer. Labels are the reader's notation (the server's
// Notation.as_dict: 4♠, 3NT, 3ST, Paso); the values stay 1-7, C D H S NT, "", X, XX.
(function () {
  "use strict";
  var STRAINS = ["C", "D", "H", "S", "NT"];

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      var value = attrs[k];
      if (k === "text") { node.textContent = value; }
      else if (k === "cls") { node.className = value; }
      else if (k === "on") { node.addEventListener("click", value); }
      else if (value !== null && value !== undefined && value !== false) { node.setAttribute(k, value === true ? "" : value); }
    });
    (children || []).forEach(function (c) { if (c) { node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); } });
    return node;
  }
  function key(text, on, attrs) {
    var a = {};
    Object.keys(attrs || {}).forEach(function (k) { a[k] = attrs[k]; });
    a.text = text; a.on = on; a.type = "button";
    return el("button", a);
  }

  // contracts({notation, chosen: {level, strain}, pick(level, strain), disabled,
  //            under: [{text, on, cls, attrs}]}): the grid (#contracts), and the line of
  // keys under it (passed out, not played) when `under` names any
  function contracts(options) {
    var n = options.notation, chosen = options.chosen || {}, grid = [];
    for (var level = 1; level <= 7; level++) {
      STRAINS.forEach(function (strain) {
        var lv = String(level), on = chosen.level === lv && chosen.strain === strain;
        grid.push(key(lv + (n.strains[strain] || strain), function () { options.pick(lv, strain); }, {
          cls: "contract" + (strain === "H" || strain === "D" ? " red" : "") + (on ? " on" : ""),
          "data-contract": lv + strain, disabled: !!options.disabled }));
      });
    }
    var parts = [el("div", { cls: "keys five grid35", id: "contracts" }, grid)];
    var under = options.under || [];
    if (under.length) {
      parts.push(el("p", { cls: "passed-line" }, under.map(function (u) {
        var attrs = { cls: u.cls || "", disabled: !!options.disabled };
        Object.keys(u.attrs || {}).forEach(function (k) { attrs[k] = u.attrs[k]; });
        return key(u.text, u.on, attrs);
      })));
    }
    return parts;
  }

  // doubling({notation, undoubled (its word), chosen ("", "X", "XX"), pick(value)}): the
  // three doubling keys; a tap marks the one chosen (the declarer's tap goes on)
  function doubling(options) {
    var n = options.notation;
    return el("div", { cls: "keys three doubling" }, [["", options.undoubled], ["X", n.doubled], ["XX", n.redoubled]].map(function (o) {
      return key(o[1], function () { options.pick(o[0]); },
                 { cls: (options.chosen || "") === o[0] ? "on" : "", "data-doubled": o[0] || "-", "aria-pressed": (options.chosen || "") === o[0] ? "true" : "false" });
    }));
  }

  window.bridgescoreGrid = { contracts: contracts, doubling: doubling, strains: STRAINS };
})();
