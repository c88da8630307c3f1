// What the score pad's and the table's service workers share (pad-sw.js, table-sw.js load it
// with importScripts): a few files kept on the phone so that a page opens without a
// connection. Everything is asked of the server first; the kept copy answers only when the
// server cannot be reached (or is slower than WAIT).
"use strict";

var WAIT = 4000;  // a server slower than this counts as unreachable (the kept copy answers)

function fromServer(request) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("too slow")); }, WAIT);
    fetch(request).then(function (answer) { clearTimeout(timer); resolve(answer); },
                        function (error) { clearTimeout(timer); reject(error); });
  });
}

// keepOffline({cache, shell, page, missing}): keep the paths of `shell` in the cache named
// `cache`; with `page` (a path), every page opened under it is answered, without a
// connection, with the kept copy of `page`; `missing` is said when nothing is kept yet.
function keepOffline(options) {
  var shell = options.shell;
  var kept = function (path) { return shell.indexOf(path) >= 0; };

  self.addEventListener("install", function (event) {
    event.waitUntil(caches.open(options.cache).then(function (cache) {
      return Promise.all(shell.map(function (url) {
        return fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (answer) {
          if (answer.ok) { return cache.put(url, answer); }
        }).catch(function () {});
      }));
    }).then(function () { return self.skipWaiting(); }));
  });

  self.addEventListener("activate", function (event) {
    event.waitUntil(self.clients.claim());
  });

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) { return; }
    var path = new URL(request.url).pathname;
    var page = !!options.page && request.mode === "navigate" && path.indexOf(options.page) === 0;
    if (!kept(path) && !page) { return; }
    event.respondWith(fromServer(request).then(function (answer) {
      if (answer.ok && kept(path)) {
        var copy = answer.clone();
        caches.open(options.cache).then(function (cache) { cache.put(path, copy); });
      }
      return answer;
    }).catch(function () {
      return caches.open(options.cache).then(function (cache) {
        return cache.match(page ? options.page : path).then(function (copy) {
          return copy || new Response(options.missing,
            { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
        });
      });
    }));
  });
}
