/*
 * Loaded by both consoles' index.html as a classic script, so it runs before any module (and so before
 * @storefleet/contracts builds its zod schemas; bundling hoists shared chunks, so an import cannot
 * guarantee that). zod probes `new Function('')` to decide whether to compile fast parsers; the console's
 * Content-Security-Policy has no 'unsafe-eval', so the browser refuses the probe and reports a CSP
 * violation on every page. jitless skips the probe; parsing stays the same. zod v4 reads its settings
 * from this global, shared by every copy of zod (what `z.config({ jitless: true })` sets).
 */
globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {};
globalThis.__zod_globalConfig.jitless = true;
