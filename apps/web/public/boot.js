// The first script of every page (a classic async script, not bundled: it must not wait for the app's
// JavaScript). A challenge page opened directly starts its two public reads now, while the app is still
// downloading and compiling; the app takes the responses over (src/api/early.ts). A network failure
// answers null and the app asks again itself. Keep it tiny and dependency-free.
// The page's pattern is `preloaded` in src/config/paths.ts (test/unit/web-paths.spec.ts keeps them the same).
(function () {
  var opened = /^\/challenges\/([0-9a-f-]{36})\/?$/i.exec(window.location.pathname);
  if (opened) start(opened[1]);
  // The first date formatter of a page loads the browser's time-zone data (tens of ms): done here, while
  // the app's JavaScript is still on its way, the app's own formatters (src/utils/format.ts) cost nothing.
  try {
    new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(0);
  } catch (e) {
    // no Intl time zones: the app falls back to ISO dates
  }

  function start(challengeId) {
    var read = function (url) {
      // no-cache: revalidated with the browser's ETag (a 304), never an answer kept for its max-age
      return fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache' }).then(
        function (res) { return res; },
        function () { return null; }
      );
    };
    var base = '/api/challenges/' + challengeId;
    window.__early = {};
    window.__early[base] = read(base);
    window.__early[base + '/bracket'] = read(base + '/bracket');
  }
})();
