// The score pad's service worker, served at /pad/sw.js (scope /pad/): it keeps the pad's
// page, scripts, styles and translations on the phone, so that the pad opens without a
// connection (the games themselves are in the page's own storage). Everything is asked of
// the server first; the kept copy answers only when the server cannot be reached. The
// line above this one (added by the server) names the version of the files it keeps.
"use strict";

var CACHE = "bridgescore-pad";
var SHELL = ["/pad/", "/pad/jsi18n/", "/static/bridgescore/pad.js", "/static/bridgescore/pad.css",
             "/static/bridgescore/app.css", "/pad/manifest.webmanifest"];
var WAIT = 4000;  // a server slower than this counts as unreachable (the kept copy answers)

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
  if (SHELL.indexOf(path) < 0) { return; }
  event.respondWith(fromServer(request).then(function (answer) {
    if (answer.ok) {
      var copy = answer.clone();
      caches.open(CACHE).then(function (cache) { cache.put(path, copy); });
    }
    return answer;
  }).catch(function () {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(path).then(function (copy) {
        return copy || new Response("No connection, and the pad is not kept on this phone yet.",
          { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      });
    });
  }));
});
