// The table's service worker, served at /t/<token>/sw.js (its scope is the table's link):
// it keeps the table's page, its plan and its scripts on the phone, so that a reload or a
// browser opened again without a connection still shows the table and its queue. Everything
// is asked of the server first; the kept copy answers only when the server cannot be reached.
// The line above this one (added by the server) names the version of the files it keeps.
"use strict";

var SCOPE = new URL(self.registration.scope).pathname;   // /t/<token>/
var CACHE = "bridgescore-table-" + SCOPE;
// the page (with the plan it was drawn from) and what it needs; the plan itself is kept by
// the page (newer than any copy here), so it is never answered from here
var SHELL = [SCOPE, SCOPE + "jsi18n/", "/static/bridgescore/table.js", "/static/bridgescore/app.css"];
var WAIT = 4000;  // a server slower than this counts as unreachable (the kept copy answers)

function kept(url) {
  var path = new URL(url).pathname;
  return SHELL.indexOf(path) >= 0;
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(SHELL.map(function (url) {
      return fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (answer) {
        if (answer.ok) { return cache.put(url, answer); }
      }).catch(function () {});
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

function fromServer(request) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("too slow")); }, WAIT);
    fetch(request).then(function (answer) { clearTimeout(timer); resolve(answer); },
                        function (error) { clearTimeout(timer); reject(error); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) { return; }
  var path = new URL(request.url).pathname;
  var page = request.mode === "navigate" && path.indexOf(SCOPE) === 0;
  if (!kept(request.url) && !page) { return; }
  event.respondWith(fromServer(request).then(function (answer) {
    if (answer.ok && kept(request.url)) {
      var copy = answer.clone();
      caches.open(CACHE).then(function (cache) { cache.put(path, copy); });
    }
    return answer;
  }).catch(function () {
    // no connection: the kept copy (a page of the table's link shows the table's page)
    return caches.open(CACHE).then(function (cache) {
      return cache.match(page ? SCOPE : path).then(function (copy) {
        return copy || new Response("No connection, and nothing of this table kept on the phone yet.",
          { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      });
    });
  }));
});
