/* global window, location, document, requestAnimationFrame */
// Asked before the console's scripts have loaded, so that the first screen
// does not wait for them one after the other: the runtime configuration and
// the session, which the console's start needs, and on the dashboard the
// user's dashboards, which its graphs wait for (src/lib/boot.ts takes each
// answer over once). Offline, the failures are left to the console.
(function () {
  // The devices a dashboard's graph reads, as graphSources() in
  // src/features/dashboards/graphs/sources.ts has them.
  function devicesOf(graph) {
    var source = function (s) {
      return s && typeof s.deviceId === 'number' && s.dataKey !== null && s.dataKey !== undefined
        ? [s.deviceId]
        : [];
    };
    var many = graph.dataSources;
    switch (graph.type) {
      case 2: // the difference of two sources
        if (many && !Array.isArray(many)) return source(many.a).concat(source(many.b));
        break;
      case 3: // a score of several
        if (Array.isArray(many)) return many.flatMap(source);
        break;
      case 5: // maps
      case 7:
        return [];
      case 6: // one key of several devices
        if ('deviceTypeId' in graph)
          return graph.dataSource && graph.dataSource.dataKey && Array.isArray(graph.deviceIds)
            ? graph.deviceIds
            : [];
        break;
    }
    return source(graph.dataSource);
  }

  var ask = function (path) {
    var answer = fetch(path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-whitelabel-host': location.hostname },
      signal: AbortSignal.timeout(30000),
    });
    answer.catch(function () {});
    return answer;
  };
  var answers = {
    '/api/config': ask('/api/config'),
    '/api/auth/session': ask('/api/auth/session'),
  };
  // At once for someone signed in here before (a kept user) or a wall display's URL;
  // otherwise only once the session is known: a visitor who is not signed in would get
  // a refusal for nothing.
  var kept = false;
  try {
    kept = localStorage.getItem('nordlys.user') !== null;
  } catch {
    kept = false;
  }
  var page = location.pathname.replace(/\/+$/, '');
  var kiosk = new URLSearchParams(location.search).has('kiosk');
  var devicesPlaced = null;
  var askDashboards = function () {
    var dashboards = ask('/api/v2/dashboards');
    // Then the shown dashboard's devices, in the one read the console makes of them
    // (src/features/dashboards/page/prefetch.ts, whose test holds the two together).
    var board = new URLSearchParams(location.search).get('board');
    var placed = dashboards
      .then(function (response) {
        return response.ok ? response.clone().json() : null;
      })
      .then(function (list) {
        if (!Array.isArray(list) || list.length === 0) return;
        var shown =
          list.find(function (dashboard) {
            return dashboard.id === board;
          }) || list[0];
        var ids = [];
        (shown.graphs || []).forEach(function (graph) {
          devicesOf(graph).forEach(function (id) {
            if (ids.indexOf(id) === -1) ids.push(id);
          });
        });
        ids = ids.slice(0, 100); // DEVICE_IDS_MAX
        // Too late once the console has loaded its first page: it asked for them itself.
        if (ids.length === 0 || window.nordlysBoot !== answers) return;
        var query = { page: '1', pageSize: '500', sort: 'id', ids: ids.join(',') }; // PAGE_SIZE_MAX
        var path = '/api/v2/devices?' + new URLSearchParams(query).toString();
        answers[path] = ask(path);
      })
      .catch(function () {});
    // The console waits for this before it asks for the devices itself (src/lib/boot.ts):
    // whichever JSON reading of the dashboards ends first, it is asked for once.
    devicesPlaced = placed;
    window.nordlysBootDevices = placed;
    return dashboards;
  };
  if (page === '/dashboard') {
    if (kept || kiosk) answers['/api/v2/dashboards'] = askDashboards();
    else {
      // A browser that keeps no user (its storage cleared, a first visit with a session
      // cookie): the dashboards once the session says someone is signed in. The answer's
      // place is taken now, so that the console, should it get there first, waits for
      // this read instead of making its own.
      var later = answers['/api/auth/session']
        .then(function (response) {
          return response.ok ? response.clone().json() : null;
        })
        .catch(function () {
          return null;
        })
        .then(function (session) {
          if (session && session.user) return askDashboards();
          // Signed out (or unknown): the console goes to sign-in and asks for no dashboards.
          if (answers['/api/v2/dashboards'] === later) delete answers['/api/v2/dashboards'];
          throw new Error('not signed in');
        });
      later.catch(function () {});
      answers['/api/v2/dashboards'] = later;
      window.nordlysBootDevices = later.then(
        function () {
          return devicesPlaced;
        },
        function () {},
      );
    }
  }
  window.nordlysBoot = answers;
  // The router keeps scroll positions in sessionStorage. A tab's first use of it opens the
  // storage, which blocks for tens of milliseconds: done now, while the scripts still load.
  try {
    void window.sessionStorage.length;
  } catch {
    // No storage (a locked-down browser): the router does without.
  }
})();

// Runs fn once the page has painted its first content (the loading indicator, or a first
// screen sent in the HTML): on a slow connection the scripts' downloads would otherwise share
// the line with the rest of the page, and a slow phone's main thread would run them before it
// paints. A frame can come before the page's content has been parsed, so the browser's own
// first contentful paint is waited for where it tells it; elsewhere, the frame after the next.
// Should neither come (a browser that throttles frames), it runs anyway; a page opened in the
// background paints nothing until shown, so there it runs at once.
function nordlysAfterFirstPaint(fn) {
  var done = false;
  var run = function () {
    if (done) return;
    done = true;
    fn();
  };
  if (document.visibilityState !== 'visible') return run();
  var told =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  if (told) {
    var observer = new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (entry) {
        if (entry.name !== 'first-contentful-paint') return;
        observer.disconnect();
        // After the frame's own work, not inside it.
        setTimeout(run, 0);
      });
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(run, 1000);
    return;
  }
  requestAnimationFrame(function () {
    setTimeout(run, 0);
  });
  setTimeout(run, 250);
}

// The scripts the opened page's first screen needs: the console's start scripts, its
// route components and the language's texts, asked for once the first frame has been
// painted rather than once the start scripts have loaded and run. The build writes
// which they are into index.html (scripts/route-preloads.ts). Not before that frame: on
// a slow connection their downloads would share it with the page itself, and the
// sign-in page's first screen comes in the page (login.html, scripts/first-screen.ts).
// The language is the one the console will start in: the kept user's, else the one
// chosen before sign-in, else Danish (src/lib/i18n.ts); a wrong guess only costs a download.
(function () {
  var meta = document.querySelector('meta[name="nordlys-preload"]');
  if (!meta) return;
  var map;
  try {
    map = JSON.parse(meta.getAttribute('content') || '');
  } catch {
    return;
  }
  var kept = null;
  try {
    kept = JSON.parse(localStorage.getItem('nordlys.user') || 'null');
  } catch {
    kept = null;
  }
  var stored = function (key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  var language = function () {
    var settings = kept && kept.internal && kept.internal.settings;
    if (settings && typeof settings.language === 'string') return settings.language;
    return stored('nordlys.chosenLocale') || 'da';
  };
  var guessed = language();
  var page = location.pathname.replace(/\/+$/, '') || '/';
  var locales = map.locales || {};
  // The sign-in page's first screen in the visitor's language (login.html's rules show
  // it): not for a kept user, whom the console sends on to the dashboard.
  if (page === '/login' && !kept && locales[guessed]) {
    document.documentElement.setAttribute('data-first-screen', guessed);
    document.documentElement.lang = guessed;
    if (stored('nordlys.cookies') === '1')
      document.documentElement.setAttribute('data-consented', '');
  }
  // A page opened with a search parameter of its own (a wall display's `kiosk`) has its own entry.
  var routes = map.routes || {};
  var wanted = routes[page] || [];
  new URLSearchParams(location.search).forEach(function (_value, name) {
    if (routes[page + '?' + name]) wanted = routes[page + '?' + name];
  });
  // Each link costs the browser a millisecond or two to start its download (the dashboard
  // home asks for about forty), so they are added a few at a time in tasks of their own,
  // in the order asked: one long task would hold back anything the user does on a slow
  // phone (docs/performance.md, "The console on a phone").
  var waiting = [];
  var adding = false;
  var painted = false;
  var TASK_MS = 6;
  var addSome = function () {
    var until = performance.now() + TASK_MS;
    do {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = waiting.shift();
      document.head.appendChild(link);
    } while (waiting.length > 0 && performance.now() < until);
    adding = waiting.length > 0;
    if (adding) setTimeout(addSome, 0);
  };
  var preload = function (hrefs) {
    if (hrefs.length === 0) return;
    waiting = waiting.concat(hrefs);
    if (painted && !adding) addSome();
  };
  var texts = locales[guessed];
  preload((map.start || []).concat(texts ? [texts] : [], wanted));
  nordlysAfterFirstPaint(function () {
    painted = true;
    if (waiting.length > 0 && !adding) addSome();
  });
  // Signed in, the console starts in the user's own language, which the session
  // tells: when the guess was another (a new browser), its texts are asked for
  // as soon as the session has answered, not once the start scripts have run.
  var session = window.nordlysBoot && window.nordlysBoot['/api/auth/session'];
  if (!session) return;
  session
    .then(function (response) {
      return response.ok ? response.clone().json() : null;
    })
    .then(function (answer) {
      var settings = answer && answer.user && answer.user.internal && answer.user.internal.settings;
      var own = settings && settings.language;
      if (typeof own === 'string' && own !== guessed && locales[own]) preload([locales[own]]);
    })
    .catch(function () {});
})();

// The console's entry script (scripts/route-preloads.ts names it in index.html),
// started once the first frame has been painted, after its scripts were asked for:
// a module script in the page would run before the first paint and keep a slow
// phone's screen blank while the start scripts run.
(function () {
  var meta = document.querySelector('meta[name="nordlys-start"]');
  var entry = meta && meta.getAttribute('content');
  if (!entry) return;
  nordlysAfterFirstPaint(function () {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  });
})();
