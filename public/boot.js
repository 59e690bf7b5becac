/* global window, location */
// Asked before the console's scripts have loaded, so that the first screen
// does not wait for them one after the other: the runtime configuration and
// the session, which the console's start needs (src/lib/boot.ts takes each
// answer over once). Offline, the failures are left to the console.
(function () {
  var ask = function (path) {
    var answer = fetch(path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-whitelabel-host': location.hostname },
      signal: AbortSignal.timeout(30000),
    });
    answer.catch(function () {});
    return answer;
  };
  window.nordlysBoot = {
    '/api/config': ask('/api/config'),
    '/api/auth/session': ask('/api/auth/session'),
  };
})();
