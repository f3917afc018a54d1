import { describe, expect, it } from 'vitest';
import { pageChunkGroups, type ProbeChunk } from './pageChunks';

/** A probe chunk: `file` holds `modules`; `entry` = the HTML's, `dynamic` = a route or lazy import. */
function chunk(
  file: string,
  modules: string[],
  links: { imports?: string[]; dynamicImports?: string[]; entry?: boolean; dynamic?: boolean } = {},
): ProbeChunk {
  return {
    fileName: file,
    isEntry: links.entry ?? false,
    isDynamicEntry: links.dynamic ?? false,
    facadeModuleId: links.entry || links.dynamic ? modules[0] : null,
    imports: links.imports ?? [],
    dynamicImports: links.dynamicImports ?? [],
    moduleIds: modules,
  };
}

const sorted = (groups: Map<string, Set<string>>) =>
  Object.fromEntries([...groups].map(([name, ids]) => [name, [...ids].sort()]));

// The HTML's entry (main) with its shared files; two pages through a layout (layout → a, b);
// page A opens a dialog (lazy) that brings d and e; page B loads d at first.
const probe: ProbeChunk[] = [
  chunk('index-a1b2c3d4.js', ['main', 'react'], {
    entry: true,
    imports: ['mui-a1b2c3d4.js', 'i18n-a1b2c3d4.js'],
    dynamicImports: ['layout-a1b2c3d4.js', 'pageA-a1b2c3d4.js', 'pageB-a1b2c3d4.js'],
  }),
  chunk('mui-a1b2c3d4.js', ['mui']),
  chunk('i18n-a1b2c3d4.js', ['i18next'], { imports: ['mui-a1b2c3d4.js'] }),
  chunk('layout-a1b2c3d4.js', ['layout'], {
    dynamic: true,
    imports: ['firestore-a1b2c3d4.js', 'sidebar-a1b2c3d4.js'],
  }),
  chunk('firestore-a1b2c3d4.js', ['firestore']),
  chunk('sidebar-a1b2c3d4.js', ['sidebar'], { imports: ['firestore-a1b2c3d4.js'] }),
  chunk('pageA-a1b2c3d4.js', ['pageA'], { dynamic: true, dynamicImports: ['dialog-a1b2c3d4.js'] }),
  chunk('pageB-a1b2c3d4.js', ['pageB'], { dynamic: true, imports: ['d-a1b2c3d4.js'] }),
  chunk('dialog-a1b2c3d4.js', ['dialog'], { dynamic: true, imports: ['d-a1b2c3d4.js', 'e-a1b2c3d4.js'] }),
  chunk('d-a1b2c3d4.js', ['d']),
  chunk('e-a1b2c3d4.js', ['e']),
  chunk('worker-a1b2c3d4.js', ['csvWorker']),
];
const pages = [
  { lazyModules: ['layout', 'pageA'] },
  { lazyModules: ['layout', 'pageB'] },
  { lazyModules: [] },
];

describe('pageChunkGroups', () => {
  const groups = sorted(pageChunkGroups(probe, pages));

  it('merges the files every page loads with the entry, the entry module left in its own file', () => {
    expect(groups.entry).toEqual(['i18next', 'mui', 'react']);
  });

  it('merges the files exactly the same pages load at first', () => {
    // Both signed-in pages load the layout's two shared files at first; the third page neither.
    expect(groups.firestore).toEqual(['firestore', 'sidebar']);
  });

  it('keeps apart what one page loads at first and another on demand', () => {
    // d: at first on page B, with the dialog on page A; e: with the dialog only.
    expect(Object.values(groups).flat()).not.toContain('d');
    expect(Object.values(groups).flat()).not.toContain('e');
  });

  it('leaves route modules, lazy imports and code no page reaches alone', () => {
    const grouped = Object.values(groups).flat();
    for (const id of ['main', 'layout', 'pageA', 'pageB', 'dialog', 'csvWorker']) {
      expect(grouped).not.toContain(id);
    }
  });

  it('merges what the same dialog alone brings on the same pages', () => {
    const onlyWithDialog = [...probe, chunk('f-a1b2c3d4.js', ['f'])].map((c) =>
      c.fileName === 'dialog-a1b2c3d4.js' ? { ...c, imports: [...c.imports, 'f-a1b2c3d4.js'] } : c,
    );
    expect(sorted(pageChunkGroups(onlyWithDialog, pages)).e).toEqual(['e', 'f']);
  });

  it('names the route module it cannot find', () => {
    expect(() => pageChunkGroups(probe, [{ lazyModules: ['missing'] }])).toThrow(/missing/);
  });
});
