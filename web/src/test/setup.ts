import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setEngineWithoutWorker } from '@/components/csv/engine';
import { pageEngine } from '@/components/csv/pageEngine';

// jsdom has no Web Worker: the CSV import runs its session on the page.
setEngineWithoutWorker(pageEngine);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
