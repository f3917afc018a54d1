import { afterEach } from 'vitest';

// Hooks a test renders unmount after it: their listeners would otherwise outlive the file's DOM
// and React would render into a torn-down environment ('window is not defined').
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
