/** An id of the console build (vite.config.ts); kept query caches from other builds are dropped. */
declare const __BUILD_ID__: string;
