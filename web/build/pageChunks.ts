import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { routePages } from './routePages.mjs';

/** Set while the probe build runs, so that this plugin leaves it with the bundler's own chunks. */
const PROBE_FLAG = 'TRATO_PAGE_CHUNKS_PROBE';

/** What the grouping needs of a built chunk (Rolldown's OutputChunk has it all). */
export interface ProbeChunk {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  dynamicImports: readonly string[];
  moduleIds: readonly string[];
}

/** A page of the SPA: the modules its route's lazy() functions import (absolute ids). */
export interface Page {
  lazyModules: readonly string[];
}

/**
 * The files `start` loads: static imports always; the dynamic ones of the files `followDynamic`
 * accepts, except into `routes` (another page's modules).
 */
function reachable(
  chunks: Map<string, ProbeChunk>,
  start: Iterable<string>,
  followDynamic: (file: string) => boolean = () => false,
  routes: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    const chunk = chunks.get(file);
    if (seen.has(file) || !chunk) continue;
    seen.add(file);
    queue.push(...chunk.imports);
    if (followDynamic(file)) queue.push(...chunk.dynamicImports.filter((f) => !routes.has(f)));
  }
  return seen;
}

/**
 * Which modules may share a chunk, from a build with the bundler's own chunks: chunk name → module
 * ids. The bundler makes one shared chunk per set of entries (the HTML's, each route module, each
 * lazy dialog) that import the same modules, so a page that goes through several route modules
 * (the Firebase root, the signed-in area, the shell's layout, the section) loads dozens of small
 * files. Here two files are merged when every page loads both or neither at first load and every
 * on-demand import (a dialog, a catalogue) loads both or neither: so no page and no click loads
 * anything it would not have loaded anyway, at no other moment — it only loads fewer files, which
 * compress better together and no longer import each other by name.
 *
 * Files that hold a route module or a lazy import are left as they are: the router and the lazy()
 * calls load them by name. The HTML's entry module stays in its own file too, the rest of that file
 * joins what every page loads.
 */
export function pageChunkGroups(
  probe: readonly ProbeChunk[],
  pages: readonly Page[],
): Map<string, Set<string>> {
  const chunks = new Map(probe.map((chunk) => [chunk.fileName, chunk]));
  const byFacade = new Map(probe.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c.fileName]));
  const entries = probe.filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`page chunks: expected one entry, found ${entries.length}`);
  const entryFiles = reachable(chunks, [entries[0].fileName]);
  const routeFiles = new Set(
    pages.flatMap((page) =>
      page.lazyModules.map((id) => {
        const file = byFacade.get(id);
        if (!file) throw new Error(`page chunks: no chunk for the route module ${id}`);
        return file;
      }),
    ),
  );

  // Per file and page: loaded at first, or by which on-demand imports (a dialog, a catalogue).
  const loads = new Map<string, string[]>();
  pages.forEach((page, i) => {
    const first = reachable(chunks, [
      entries[0].fileName,
      ...page.lazyModules.map((id) => byFacade.get(id)!),
    ]);
    // The entry's own dynamic imports are the other routes and the catalogues: not this page's.
    const triggers = [...reachable(chunks, first, (file) => !entryFiles.has(file), routeFiles)]
      .filter((file) => !first.has(file) && chunks.get(file)!.isDynamicEntry)
      .sort();
    const onPage = new Map<string, string[]>([...first].map((file) => [file, ['first']]));
    for (const trigger of triggers) {
      for (const file of reachable(chunks, [trigger])) {
        if (!first.has(file)) onPage.set(file, [...(onPage.get(file) ?? []), trigger]);
      }
    }
    for (const [file, by] of onPage) loads.set(file, [...(loads.get(file) ?? []), `${i}:${by.join('+')}`]);
  });

  const groups = new Map<string, { files: string[]; modules: Set<string> }>();
  for (const chunk of probe) {
    // The entry's file joins the files every page loads with it (its own module stays: the HTML's
    // script); a route module's or a lazy import's file stays as it is.
    if (chunk.isDynamicEntry && !chunk.isEntry) continue;
    // Code no page reaches (a worker's, say) keeps the bundler's chunks.
    const key = loads.get(chunk.fileName)?.join(' ');
    if (!key) continue;
    const group = groups.get(key) ?? { files: [], modules: new Set<string>() };
    group.files.push(chunk.fileName);
    for (const id of chunk.moduleIds) if (id !== chunk.facadeModuleId) group.modules.add(id);
    groups.set(key, group);
  }

  const result = new Map<string, Set<string>>();
  for (const { files, modules } of groups.values()) {
    if (files.length < 2) continue;
    // "entry" for what every page loads with the entry; else named after one of its files.
    const named = files.some((file) => entryFiles.has(file))
      ? 'entry'
      : path.basename(files.sort()[0]).replace(/-[\w-]{8}\.js$/, '');
    let name = named;
    for (let n = 2; result.has(name); n++) name = `${named}${n}`;
    result.set(name, modules);
  }
  return result;
}

/** Rolldown's code-splitting groups for `pageChunkGroups`. */
export function codeSplittingGroups(groups: Map<string, Set<string>>): Rolldown.CodeSplittingGroup[] {
  return [...groups].map(([name, ids]) => ({
    debugName: name,
    name: (id: string) => (ids.has(id) ? name : null),
    // Exactly the modules the probe build put in those files: their imports are in the same group
    // or in files every loader of this group loads anyway. Nothing else may be pulled in (an import
    // that tree-shaking dropped, like the model's yup schemas from the Firebase layer, must not be).
    includeDependenciesRecursively: false,
  }));
}

/**
 * Fewer, larger chunks for the same pages (see `pageChunkGroups`; measured by
 * web/scripts/size-check.mjs, issue 12). The grouping is read from a first build with the bundler's
 * own chunks (in memory, unminified: ~3 s) and the pages of web/src/app/routes.tsx (read as the
 * size check reads them); then the real build runs with the groups.
 */
export function pageChunks(configFile: string): Plugin {
  return {
    name: 'trato:page-chunks',
    apply: (userConfig, env) =>
      env.command === 'build' && !userConfig.build?.ssr && !userConfig.build?.lib && !process.env[PROBE_FLAG],
    async config(userConfig, env) {
      const root = path.resolve(userConfig.root ?? path.dirname(configFile));
      process.env[PROBE_FLAG] = '1';
      let result;
      try {
        result = await build({
          root,
          configFile,
          mode: env.mode,
          logLevel: 'silent',
          build: { write: false, minify: false, sourcemap: false, manifest: false },
        });
      } finally {
        delete process.env[PROBE_FLAG];
      }
      const outputs = (Array.isArray(result) ? result : [result]).flatMap((o) =>
        'output' in o ? o.output : [],
      );
      const probe = outputs.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
      const pages = (await routePages(root)).map((page) => ({
        lazyModules: page.lazyModules.map((key) => path.join(root, key)),
      }));
      const groups = codeSplittingGroups(pageChunkGroups(probe, pages));
      return { build: { rolldownOptions: { output: { codeSplitting: { groups } } } } };
    },
  };
}
