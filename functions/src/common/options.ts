// Imported first by index.ts: firebase-functions reads the global options when each function is
// defined (not when deployed), so they must be set before any callable module is evaluated.
import { setGlobalOptions } from 'firebase-functions/v2';

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });
