// Entry of the static landing page's inline script (built by web/build/landingPage.ts).
import { enhanceLanding } from './enhance';

enhanceLanding();
