// The table's service worker, served at /t/<token>/sw.js (its scope is the table's link):
// it keeps the table's page, its plan and its scripts on the phone, so that a reload or a
// browser opened again without a connection still shows the table and its queue (a page of
// the table's link opened offline shows the table's page). The keeping is sw-cache.js's,
// shared with the score pad's worker. The line above this one (added by the server) names
// the version of the files it keeps.
"use strict";

importScripts("/static/bridgescore/sw-cache.js");

var SCOPE = new URL(self.registration.scope).pathname;   // /t/<token>/

// the page (with the plan it was drawn from) and what it needs; the plan itself is kept by
// the page (newer than any copy here), so it is never answered from here
keepOffline({
  cache: "bridgescore-table-" + SCOPE,
  shell: [SCOPE, SCOPE + "jsi18n/", "/static/bridgescore/contract-grid.js", "/static/bridgescore/table.js",
          "/static/bridgescore/app.css"],
  page: SCOPE,
  missing: "No connection, and nothing of this table kept on the phone yet."
});
