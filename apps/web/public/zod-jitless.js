// The Content-Security-Policy allows no eval. zod probes for it with `Function('')` the first time
// an object schema parses, which the browser reports as a violation on every page load. zod reads
// this global when it loads, so setting it here, before any module runs, keeps it from asking.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
