// The score pad's service worker, served at /pad/sw.js (scope /pad/): it keeps the pad's
// page, scripts, styles and translations on the phone, so that the pad opens without a
// connection (the games themselves are in the page's own storage). The keeping is
// sw-cache.js's, shared with the table's worker. The line above this one (added by the
// server) names the version of the files it keeps.
"use strict";

importScripts("/static/bridgescore/sw-cache.js");

keepOffline({
  cache: "bridgescore-pad",
  shell: ["/pad/", "/pad/jsi18n/", "/static/bridgescore/contract-grid.js", "/static/bridgescore/pad.js", "/static/bridgescore/pad.css",
          "/static/bridgescore/app.css", "/pad/manifest.webmanifest"],
  missing: "No connection, and the pad is not kept on this phone yet."
});
