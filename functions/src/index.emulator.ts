// The emulator build's entry (build.mjs --emulator, used by `npm run dev` and `npm test`): the
// production functions and the emulator-only test hooks, which a deploy must never create.
export * from './index.js';
export { sequencesRunNow } from './sequences/runNow.js';
export { digestRunNow } from './notifications/runNow.js';
