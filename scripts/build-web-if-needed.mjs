// postinstall: build the web console so that `npm install && npm start` needs nothing else.
import { buildWebIfStale } from './web-build.mjs';

if (!buildWebIfStale()) {
  console.warn('[storefleet] the web build did not complete; `npm start` will try again.');
}
